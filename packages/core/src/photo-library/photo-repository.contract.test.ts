/**
 * The photo library's tables against the local Supabase-compatible server: real HTTP, the
 * unmodified supabase-js, the migrations' row-level security run as each caller's role.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SEEDED_PARENT, SEEDED_STAFF, startHarness, testClient } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { PhotoLibraryError } from './photo-library-error.ts'
import { createPhotoRepository } from './photo-repository.ts'
import type { PhotoChange, PhotoRepository } from './photo-repository.ts'
import type { NewLibraryPhoto } from './photo-rows.ts'

let h: Harness
let staffClient: SupabaseClient
let parentClient: SupabaseClient
let anonClient: SupabaseClient
let staff: PhotoRepository

async function signedIn(login: { email: string; password: string }): Promise<SupabaseClient> {
  const client = testClient(h.url, h.anonKey)
  const { error } = await client.auth.signInWithPassword(login)
  if (error) throw error
  return client
}

let serial = 0
/** A new photo with a unique original; `name` becomes its file name. */
function newPhoto(name: string, extra: Partial<NewLibraryPhoto> = {}): NewLibraryPhoto {
  serial += 1
  const sha256 = (Date.now().toString(16) + serial.toString(16).padStart(8, '0'))
    .padStart(64, 'a')
    .slice(-64)
  return {
    id: `p-${sha256.slice(-20)}`,
    src: `library/${sha256.slice(0, 2)}/${sha256}.webp`,
    thumbnail: `library/${sha256.slice(0, 2)}/${sha256}-thumb.webp`,
    fileName: name,
    alt: '',
    needsAltText: true,
    width: 640,
    height: 480,
    sha256,
    ...extra,
  }
}

beforeAll(async () => {
  h = await startHarness()
  staffClient = await signedIn(SEEDED_STAFF)
  parentClient = await signedIn(SEEDED_PARENT)
  anonClient = testClient(h.url, h.anonKey)
  staff = createPhotoRepository(staffClient)
})
afterAll(() => h?.stop())

describe('who may use the photo library tables', () => {
  it('should let staff add and read photos, and show visitors and non-staff users nothing', async () => {
    const photo = newPhoto('IMG_0001.jpg')
    expect(await staff.insertMany([photo])).toEqual(new Set([photo.sha256]))

    // Visitors have no privilege on the tables at all.
    for (const table of ['photos', 'photo_albums', 'photo_revisions']) {
      const read = await anonClient.from(table).select('*')
      expect(read.status, table).toBe(401)
      expect(read.error?.code, table).toBe('42501')
    }
    // A signed-in non-staff user sees no row, and RLS refuses their writes.
    const parentRead = await parentClient.from('photos').select('id')
    expect(parentRead.error).toBeNull()
    expect(parentRead.data).toEqual([])
    const parent = createPhotoRepository(parentClient)
    await expect(parent.insertMany([newPhoto('sneaky.jpg')])).rejects.toMatchObject({
      kind: 'forbidden',
    })
    const changed = await parentClient
      .from('photos')
      .update({ alt: 'changed' })
      .eq('id', photo.id)
      .select('id')
    expect(changed.data).toEqual([])
    const removed = await parentClient.from('photos').delete().eq('id', photo.id).select('id')
    expect(removed.data).toEqual([])
    const revisions = await parentClient.from('photo_revisions').select('id')
    expect(revisions.data).toEqual([])
    const anonInsert = await anonClient
      .from('photos')
      .insert({ id: 'anon-photo', src: 'library/x.webp', width: 1, height: 1 })
    expect(anonInsert.status).toBe(401)

    const [stored] = await staff.byIds([photo.id])
    expect(stored).toMatchObject({ id: photo.id, fileName: 'IMG_0001.jpg', needsAltText: true })
  })

  it('should store the same original once, however often it is inserted', async () => {
    const photo = newPhoto('twice.jpg')
    const [first, second] = await Promise.all([
      staff.insertMany([photo]),
      createPhotoRepository(await signedIn(SEEDED_STAFF)).insertMany([
        { ...photo, id: `${photo.id}-b` },
      ]),
    ])
    expect(first.has(photo.sha256 ?? '')).toBe(true)
    expect(second.has(photo.sha256 ?? '')).toBe(true)
    const rows = await staffClient.from('photos').select('id').eq('sha256', photo.sha256)
    expect(rows.data).toHaveLength(1)
  })
})

describe('editing photos', () => {
  it('should keep a revision per edit, refuse an edit from a stale version, and tell staff', async () => {
    const photo = newPhoto('DSC_0042.jpg')
    await staff.insertMany([photo])
    const [stored] = await staff.byIds([photo.id])
    if (!stored) throw new Error('not stored')
    const edited = await staff.update(photo.id, stored.version, {
      alt: 'Catcher at the plate',
      needsAltText: false,
    })
    expect(edited).toMatchObject({ alt: 'Catcher at the plate', version: stored.version + 1 })
    expect(edited.needsAltText).toBeUndefined()

    // A second editor still on the first version is refused, not silently overwritten.
    const stale = await staff
      .update(photo.id, stored.version, { alt: 'Someone else' })
      .catch((error: unknown) => error)
    expect(stale).toBeInstanceOf(PhotoLibraryError)
    expect((stale as PhotoLibraryError).kind).toBe('conflict')

    const history = await staffClient
      .from('photo_revisions')
      .select('version,alt,needs_alt_text')
      .eq('photo_id', photo.id)
      .order('version')
    expect(history.data).toEqual([
      { version: 1, alt: '', needs_alt_text: true },
      { version: 2, alt: 'Catcher at the plate', needs_alt_text: false },
    ])
  })

  it('should move many photos to an album at once and delete many at once', async () => {
    const album = await staff.addAlbum('Spring Tournament 2026')
    const batch = [newPhoto('a.jpg'), newPhoto('b.jpg'), newPhoto('c.jpg')]
    await staff.insertMany(batch)
    await staff.setAlbum(
      batch.map((photo) => photo.id),
      album.id,
    )
    const inAlbum = await staff.list({ albumId: album.id })
    expect(inAlbum.photos.map((photo) => photo.id).sort()).toEqual(
      batch.map((photo) => photo.id).sort(),
    )
    expect(await staff.albums()).toContainEqual(album)
    const removed = await staff.remove(batch.slice(0, 2).map((photo) => photo.id))
    expect(removed.sort()).toEqual(
      batch
        .slice(0, 2)
        .map((photo) => photo.id)
        .sort(),
    )
    expect((await staff.list({ albumId: album.id })).total).toBe(1)
  })
})

describe('finding photos', () => {
  it('should search names, alt text, captions and album titles, filter by date and missing alt text, and count every match', async () => {
    const album = await staff.addAlbum('Zebra Cup')
    const tag = `q${Date.now().toString(36)}`
    const photos = [
      newPhoto(`${tag}-pitcher.jpg`, { alt: 'A pitcher', needsAltText: false }),
      newPhoto(`${tag}-dugout.jpg`, { takenAt: '2019-06-01T12:00:00.000Z' }),
      newPhoto(`other-${tag}.png`, { caption: `Trophy, ${tag} (final)` }),
      newPhoto('IMG_9999.jpg', { albumId: album.id, alt: 'Team photo', needsAltText: false }),
    ]
    await staff.insertMany(photos)

    const byName = await staff.list({ search: tag })
    expect(byName.total).toBe(3)
    expect((await staff.list({ search: `${tag} pitcher` })).photos.map((p) => p.fileName)).toEqual([
      `${tag}-pitcher.jpg`,
    ])
    // Characters that mean something to PostgREST's filter syntax are only text.
    expect((await staff.list({ search: `${tag} (final),` })).photos.map((p) => p.fileName)).toEqual(
      [`other-${tag}.png`],
    )
    expect((await staff.list({ search: 'zebra' })).photos.map((p) => p.fileName)).toEqual([
      'IMG_9999.jpg',
    ])
    expect((await staff.list({ search: 'team photo' })).total).toBeGreaterThanOrEqual(1)

    const needing = await staff.list({ search: tag, needsAltText: true })
    expect(needing.photos.map((p) => p.fileName).sort()).toEqual(
      [`${tag}-dugout.jpg`, `other-${tag}.png`].sort(),
    )
    const dated = await staff.list({ search: tag, from: '2019-01-01', to: '2019-12-31' })
    expect(dated.photos.map((p) => p.fileName)).toEqual([`${tag}-dugout.jpg`])

    const unused = await staff.list({
      search: tag,
      excludeSha256: [photos[0]?.sha256 ?? ''],
    })
    expect(unused.photos.map((p) => p.fileName).sort()).toEqual(
      [`${tag}-dugout.jpg`, `other-${tag}.png`].sort(),
    )

    const paged = await staff.list({ search: tag, offset: 1, limit: 1 })
    expect(paged).toMatchObject({ total: 3 })
    expect(paged.photos).toHaveLength(1)
  })
})

describe('following the library', () => {
  it('should tell a staff subscriber of rows added and removed elsewhere', async () => {
    const seen: PhotoChange[] = []
    const subscribed = new Promise<void>((resolve) => {
      const check = setInterval(() => {
        const channel = staffClient.getChannels()[0]
        if (channel?.state === 'joined') {
          clearInterval(check)
          resolve()
        }
      }, 20)
    })
    const stop = staff.subscribe((change) => seen.push(change))
    try {
      await subscribed
      const other = createPhotoRepository(await signedIn(SEEDED_STAFF))
      const photo = newPhoto('realtime.jpg')
      await other.insertMany([photo])
      await expect
        .poll(() => seen.some((c) => c.type === 'upsert' && c.photo.id === photo.id), {
          timeout: 5000,
        })
        .toBe(true)
      await other.remove([photo.id])
      await expect
        .poll(() => seen.some((c) => c.type === 'delete' && c.id === photo.id), { timeout: 5000 })
        .toBe(true)
    } finally {
      stop()
    }
  })
})
