/**
 * A photo taken off every page stops being fetchable with nobody signed in: over real HTTP
 * against the local server running the migrations and Edge Functions a hosted project runs,
 * staff publish a photo on a page, take it off, and the retirement job runs as pg_cron runs it:
 * the `retire-unused-photos` function (supabase/functions), called with the service role's key.
 * The database decides what may go (`20261127000400_retire_unused_photos.sql`): a copy a page
 * uses, one public for less than 10 minutes, or one whose photo the private library does not
 * hold stays. Since `20261206000900_scheduled_work_in_functions.sql` the anon key may neither
 * ask which copies may go nor remove any.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { localOnly, SEEDED_STAFF, startHarness, testClient } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { MEDIUM_WIDTH } from '../entities/photo-sizes.ts'
import {
  LIBRARY_BUCKET,
  PHOTO_BUCKET,
  photoAddress,
  photoCopyPaths,
  photoObjectPaths,
} from './photo-rules.ts'
import { createPhotoPublisher, createPhotoStorage } from './photo-storage.ts'

let h: Harness

/**
 * Runs the retirement job as the scheduled call does (the service role's key), and says how many
 * public copies it removed.
 */
async function retire(): Promise<number> {
  const { data, error } = await h.service.functions.invoke<{ removed: number }>(
    'retire-unused-photos',
    { body: {} },
  )
  if (error) throw error
  return data?.removed ?? NaN
}
let jpeg: Uint8Array<ArrayBuffer>
/** Each test's own staff session (one test ends it) and page (a document of its own key). */
let staff: SupabaseClient
let page: { key: string; version: number }

const publicFetch = (path: string) =>
  // What a browser loading a page's <img> sends: no key, no token.
  fetch(`${h.url}/storage/v1/object/public/${PHOTO_BUCKET}/${path}`).then((response) => {
    void response.body?.cancel()
    return response.status
  })

/**
 * A photo in the private library (file and thumbnail, and with `medium` its medium copy), as
 * the uploaders store it; `url` is the address the editors store for it.
 */
async function libraryPhoto(bucket = LIBRARY_BUCKET, { medium = false } = {}) {
  const sha256 = createHash('sha256').update(randomUUID()).digest('hex')
  const paths = photoObjectPaths(sha256, 'image/jpeg')
  const files = createPhotoStorage(staff, { bucket })
  for (const path of [paths.src, paths.thumbnail, ...(medium ? [paths.medium] : [])]) {
    await files.upload(path, new Blob([jpeg], { type: 'image/jpeg' }), 'image/jpeg')
  }
  const record = {
    src: paths.src,
    width: 1600,
    ...(medium ? { variants: [{ src: paths.medium, width: MEDIUM_WIDTH }] } : {}),
  }
  const url = photoAddress(
    record,
    (path) => `${h.url}/storage/v1/object/public/${PHOTO_BUCKET}/${path}`,
  )
  return { ...paths, record, url }
}

/**
 * Staff saves the test's page document showing these images. Its key is the test's own: the
 * database counts a photo as used when any stored document but the library names it.
 */
async function savePage(imageUrls: string[]) {
  const value = imageUrls.map((url, index) => ({
    id: `retire-${index}`,
    title: `Post ${index}`,
    cardImageUrl: url,
  }))
  const { data, error } = await staff
    .from('website_content')
    .upsert({ key: page.key, value, base_version: page.version }, { onConflict: 'key' })
    .select('version')
    .single()
  if (error) throw new Error(error.message)
  page.version = (data as { version: number }).version
}

/** Makes the public copies of `paths` look published `minutes` ago (the server's clock). */
async function publishedAgo(paths: readonly string[], minutes: number) {
  await h.local?.db.runAsAdmin((tx) =>
    tx.query(
      `update storage.objects
          set created_at = now() - make_interval(mins => $3), updated_at = now() - make_interval(mins => $3)
        where bucket_id = $1 and name = any($2::text[])`,
      [PHOTO_BUCKET, paths, minutes],
    ),
  )
}

beforeAll(async () => {
  h = await startHarness()
  jpeg = new Uint8Array(
    await readFile(new URL('./fixtures/clean.jpg', import.meta.url)),
  ) as Uint8Array<ArrayBuffer>
  // The server starts and migrates: slow on a shared machine.
}, 180_000)
afterAll(() => h?.stop())

// Each test starts signed in with a session of its own, on a page of its own, with no public
// copy retirable: what another test left (one that failed half-way) is retired first, so the
// counts below are this test's alone, in any order.
beforeEach(async () => {
  staff = testClient(h.url, h.anonKey)
  const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
  if (error) throw error
  page = { key: `retire${randomUUID().replaceAll('-', '')}`, version: 0 }
  while ((await retire()) > 0);
})

describe.runIf(localOnly('the test sets when a public copy was written, in the database'))(
  'photos taken off every page, with nobody signed in',
  () => {
    it('should stop serving a photo once no page uses it, and keep it in the library', async () => {
      const used = await libraryPhoto()
      const removed = await libraryPhoto()
      const publisher = createPhotoPublisher(staff)
      await publisher.publish([used.src, used.thumbnail, removed.src, removed.thumbnail])
      await savePage([used.url, removed.url])
      expect([await publicFetch(used.src), await publicFetch(removed.src)]).toEqual([200, 200])

      // Taken off the page; the staff session ends.
      await savePage([used.url])
      await staff.auth.signOut()
      const everyPath = [used.src, used.thumbnail, removed.src, removed.thumbnail]
      await publishedAgo(everyPath, 11)

      expect(await retire()).toBe(2)
      expect({
        used: await publicFetch(used.src),
        usedThumbnail: await publicFetch(used.thumbnail),
        removed: await publicFetch(removed.src),
        removedThumbnail: await publicFetch(removed.thumbnail),
      }).toEqual({ used: 200, usedThumbnail: 200, removed: 400, removedThumbnail: 400 })
      // Nothing left to do the next time.
      expect(await retire()).toBe(0)

      // The photo is still in the private library, for staff.
      const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
      if (error) throw error
      const signed = await createPhotoStorage(staff, { bucket: LIBRARY_BUCKET }).signedUrls([
        removed.src,
      ])
      expect(await fetch(signed.get(removed.src) ?? '').then((response) => response.status)).toBe(
        200,
      )
    })

    it('should retire a photo’s medium copy with it, and keep both while a page shows the photo', async () => {
      const shown = await libraryPhoto(LIBRARY_BUCKET, { medium: true })
      const dropped = await libraryPhoto(LIBRARY_BUCKET, { medium: true })
      // The page stores the address with its copies' widths; picking published both copies.
      expect(shown.url).toMatch(/#widths=800,1600$/)
      const publisher = createPhotoPublisher(staff)
      await publisher.publish([...photoCopyPaths(shown.record), ...photoCopyPaths(dropped.record)])
      expect(photoCopyPaths(shown.record)).toEqual([shown.src, shown.medium])
      await savePage([shown.url, dropped.url])
      expect([await publicFetch(shown.medium), await publicFetch(dropped.medium)]).toEqual([
        200, 200,
      ])

      await savePage([shown.url])
      await publishedAgo([shown.src, shown.medium, dropped.src, dropped.medium], 11)
      const { data } = await h.service.rpc('retirable_public_photos')
      expect(data).toEqual(expect.arrayContaining([dropped.src, dropped.medium]))
      expect(data).not.toContain(shown.medium)
      await retire()
      expect({
        shown: await publicFetch(shown.src),
        shownMedium: await publicFetch(shown.medium),
        dropped: await publicFetch(dropped.src),
        droppedMedium: await publicFetch(dropped.medium),
      }).toEqual({ shown: 200, shownMedium: 200, dropped: 400, droppedMedium: 400 })

      // A staff session's sync puts a used photo's medium copy back if it went missing.
      await staff.storage.from(PHOTO_BUCKET).remove([shown.medium])
      expect(await publicFetch(shown.medium)).toBe(400)
      await publisher.sync()
      expect(await publicFetch(shown.medium)).toBe(200)
    })

    it('should keep a copy published in the last 10 minutes, and one the library does not hold', async () => {
      const picked = await libraryPhoto()
      await createPhotoPublisher(staff).publish([picked.src])
      // An older upload, stored only in the public bucket (a staff session moves it first).
      const older = await libraryPhoto(PHOTO_BUCKET)
      await publishedAgo([older.src, older.thumbnail], 60)
      const { data } = await h.service.rpc('retirable_public_photos')
      expect(data).not.toContain(picked.src)
      expect(data).not.toContain(older.src)
      expect(await retire()).toBe(0)
      const anon = testClient(h.url, h.anonKey)
      expect([await publicFetch(picked.src), await publicFetch(older.src)]).toEqual([200, 200])

      // And nobody may remove a copy that is not retirable through the API either.
      const { data: gone } = await anon.storage.from(PHOTO_BUCKET).remove([picked.src, older.src])
      expect(gone).toEqual([])
      expect([await publicFetch(picked.src), await publicFetch(older.src)]).toEqual([200, 200])
    })

    it('should keep a copy a page uses, whoever asks to remove it', async () => {
      const photo = await libraryPhoto()
      await createPhotoPublisher(staff).publish([photo.src])
      await savePage([photo.url])
      await publishedAgo([photo.src], 60)
      const anon = testClient(h.url, h.anonKey)
      const { data: gone } = await anon.storage.from(PHOTO_BUCKET).remove([photo.src])
      expect(gone).toEqual([])
      expect(await publicFetch(photo.src)).toBe(200)
      // Nor can a visitor list the public bucket's copies in use.
      const { data: listed } = await anon.storage
        .from(PHOTO_BUCKET)
        .list(photo.src.split('/').slice(0, 2).join('/'))
      expect(listed?.map((item) => item.name) ?? []).not.toContain(photo.src.split('/').at(-1))
    })

    it('should be scheduled by the migrations: pg_cron calling the function through pg_net', async () => {
      const { rows } = await h.local!.db.pg.query<{ schedule: string; command: string }>(
        `select schedule, command from cron.job where jobname = 'retire-unused-photos'`,
      )
      expect(rows).toHaveLength(1)
      expect(rows[0]?.schedule).toBe('*/5 * * * *')
      expect(rows[0]?.command).toContain('/functions/v1/retire-unused-photos')
      expect(rows[0]?.command).toContain('net.http_post')
    })

    it('should let no one but the scheduled job retire copies: not the anon key, not staff', async () => {
      const removed = await libraryPhoto()
      await createPhotoPublisher(staff).publish([removed.src])
      await publishedAgo([removed.src], 11)
      const anon = testClient(h.url, h.anonKey)
      // Retirable now, as the database sees it…
      const { data: names } = await h.service.rpc('retirable_public_photos')
      expect(names).toContain(removed.src)
      // …but a visitor may neither ask nor remove it, nor run the job.
      const asked = await anon.rpc('retirable_public_photos')
      expect(asked.error?.code).toBe('42501')
      const { data: gone } = await anon.storage.from(PHOTO_BUCKET).remove([removed.src])
      expect(gone).toEqual([])
      expect(await publicFetch(removed.src)).toBe(200)
      for (const caller of [anon, staff]) {
        const { error } = await caller.functions.invoke('retire-unused-photos', { body: {} })
        expect(((error as { context?: Response } | null)?.context as Response).status).toBe(403)
      }
      expect(await publicFetch(removed.src)).toBe(200)
      expect(await retire()).toBe(1)
      expect(await publicFetch(removed.src)).toBe(400)
    })
  },
)
