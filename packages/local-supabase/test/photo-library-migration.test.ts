/**
 * The migration that moves a stored `photoLibrary` document into the photo library's rows, run
 * as `supabase db push` would run it on a hosted project: on a database that already holds
 * the document, after the earlier migrations.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'

import { MIN_BCRYPT_COST, startLocalSupabase } from '../src/index.ts'

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url))
const MOVE = '20261126000300_photo_library_rows.sql'
const STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }

const sha = (n: number) => n.toString(16).padStart(64, '0')

let root: string | undefined
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true })
})

describe('moving the photoLibrary document into rows', () => {
  it('should move every valid photo and album, skip broken items, and remove the document', async () => {
    root = await mkdtemp(join(tmpdir(), 'photo-move-'))
    const supabase = join(root, 'supabase')
    await mkdir(join(supabase, 'migrations'), { recursive: true })
    // The config as it was before the move: without the password verification hook, whose
    // function a later migration (20261206004000_failed_sign_in_audit.sql) creates.
    const config = await readFile(join(PROJECT, 'supabase/config.toml'), 'utf8')
    await writeFile(
      join(supabase, 'config.toml'),
      config.replace(/\[auth\.hook\.password_verification_attempt\][^[]*/, ''),
    )
    // The seed as it was before the move: its accounts, without the sample photos' rows
    // (their tables come with the move's migration).
    // Staff roles came later (20261206001100_staff_roles.sql): the seeded staff row has none.
    const seed = (await readFile(join(PROJECT, 'supabase/seed.sql'), 'utf8')).replace(
      /insert into public\.admin_users \(user_id, role\)\s*values \(('[^']+'), '\w+'\)/,
      'insert into public.admin_users (user_id)\nvalues ($1)',
    )
    const photosStart = seed.indexOf('-- The photo library')
    await writeFile(
      join(supabase, 'seed.sql'),
      photosStart === -1 ? seed : seed.slice(0, photosStart),
    )
    const all = (await readdir(join(PROJECT, 'supabase/migrations'))).sort()
    // The project as it was before the move.
    for (const file of all.filter((name) => name < MOVE)) {
      await cp(join(PROJECT, 'supabase/migrations', file), join(supabase, 'migrations', file))
    }
    const dataDir = join(root, 'data')

    const options = { port: 0, dataDir, projectRoot: root, log: () => {} }
    const before = await startLocalSupabase({ ...options, bcryptCost: MIN_BCRYPT_COST })
    try {
      const staff = createClient(before.url, before.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      })
      const signIn = await staff.auth.signInWithPassword(STAFF)
      expect(signIn.error).toBeNull()
      const photos = Array.from({ length: 1500 }, (_, index) => ({
        id: `p-${index}`,
        src: `library/${sha(index).slice(0, 2)}/${sha(index)}.webp`,
        thumbnail: `library/${sha(index).slice(0, 2)}/${sha(index)}-thumb.webp`,
        alt: index % 2 ? `Photo ${index}` : '',
        ...(index % 2 ? {} : { needsAltText: true }),
        width: 800,
        height: 600,
        sha256: sha(index),
        uploadedAt: '2026-05-01T10:00:00.000Z',
        ...(index === 1 ? { albumId: 'spring', caption: 'Opening day' } : {}),
        ...(index === 2 ? { takenAt: '2025-04-12T09:30:00.000Z' } : {}),
        ...(index === 3 ? { albumId: 'gone' } : {}),
      }))
      // A built-in sample photo (no hash) and an item the table's checks refuse.
      photos.push({
        id: 'field-1',
        src: '/images/fields/field-1.svg',
        width: 4,
        height: 3,
      } as never)
      photos.push({ id: 'bad', src: 'has space.webp', width: 1, height: 1 } as never)
      const saved = await staff.from('website_content').upsert({
        key: 'photoLibrary',
        value: { albums: [{ id: 'spring', title: 'Spring' }], photos },
        base_version: 0,
      })
      expect(saved.error).toBeNull()
    } finally {
      await before.stop()
    }

    // `db push` of the new migration.
    await cp(join(PROJECT, 'supabase/migrations', MOVE), join(supabase, 'migrations', MOVE))
    const after = await startLocalSupabase({ ...options, bcryptCost: MIN_BCRYPT_COST })
    try {
      const staff = createClient(after.url, after.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
      })
      expect((await staff.auth.signInWithPassword(STAFF)).error).toBeNull()
      const count = await staff.from('photos').select('id', { count: 'exact', head: true })
      expect(count.count).toBe(1501)
      const some = await staff
        .from('photos')
        .select('id,file_name,alt,needs_alt_text,album_id,caption,taken_at,sha256')
        .in('id', ['p-0', 'p-1', 'p-2', 'p-3', 'field-1'])
        .order('id')
      expect(some.data).toEqual([
        expect.objectContaining({ id: 'field-1', file_name: 'field-1.svg', sha256: null }),
        expect.objectContaining({ id: 'p-0', alt: '', needs_alt_text: true }),
        expect.objectContaining({
          id: 'p-1',
          album_id: 'spring',
          caption: 'Opening day',
          needs_alt_text: false,
        }),
        expect.objectContaining({ id: 'p-2', taken_at: '2025-04-12T09:30:00+00:00' }),
        // The album it named did not exist: the photo is kept, unsorted.
        expect.objectContaining({ id: 'p-3', album_id: null }),
      ])
      const albums = await staff.from('photo_albums').select('id,title')
      expect(albums.data).toEqual([{ id: 'spring', title: 'Spring' }])
      const document = await staff.from('website_content').select('key').eq('key', 'photoLibrary')
      expect(document.data).toEqual([])
      // Its history stays.
      const history = await staff
        .from('content_revisions')
        .select('version')
        .eq('key', 'photoLibrary')
      expect(history.data).toHaveLength(1)
    } finally {
      await after.stop()
    }
  }, 120_000)
})
