/**
 * Photos not yet used on a page stay private, over raw HTTP as a visitor (the anon key), a
 * signed-in account that is not staff, and staff, against the local server running the
 * migrations a hosted project runs:
 * - every upload goes to the private library bucket: nobody but staff may list it or fetch
 *   from it; staff see its photos through signed URLs;
 * - the public bucket holds copies of the photos stored pages use, and only those: the
 *   publisher copies a photo there when a page uses it and removes it when none does.
 * Storage answers 400 with the logical status in the body (wire contract §3.4).
 */
import { createHash, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SEEDED_PARENT, SEEDED_STAFF, startHarness, testClient } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { LIBRARY_BUCKET, PHOTO_BUCKET, photoObjectPaths } from './photo-rules.ts'
import { createPhotoPublisher, createPhotoStorage } from './photo-storage.ts'
import type { PhotoPublisher } from './photo-storage.ts'

type Role = 'anon' | 'parent' | 'staff'

let h: Harness
let staffClient: SupabaseClient
let publisher: PhotoPublisher
let jpeg: Uint8Array<ArrayBuffer>
const tokens: Partial<Record<Role, string>> = {}
// The document the tests save photos into, and its stored version.
const KEY = 'quickLinks'
let version = 0

async function signedIn(login: { email: string; password: string }) {
  const client = testClient(h.url, h.anonKey)
  const { data, error } = await client.auth.signInWithPassword(login)
  if (error) throw error
  return { client, token: data.session.access_token }
}

/** A raw request to `/storage/v1…` as `role` (no supabase-js in between). */
async function storage(role: Role, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  if (role !== 'anon' || init.method === 'POST') headers.set('apikey', h.anonKey)
  const token = tokens[role]
  if (token) headers.set('authorization', `Bearer ${token}`)
  const response = await fetch(`${h.url}/storage/v1${path}`, { ...init, headers })
  const bytes = new Uint8Array(await response.arrayBuffer())
  const text = new TextDecoder().decode(bytes)
  let json: unknown = undefined
  try {
    json = JSON.parse(text)
  } catch {
    // A file's bytes.
  }
  return { status: response.status, bytes, json }
}

const publicFetch = (bucket: string, path: string) =>
  // Exactly what a browser loading a page's <img> sends: no key, no token.
  fetch(`${h.url}/storage/v1/object/public/${bucket}/${path}`).then(async (response) => ({
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
  }))

/** A photo as the uploaders store it: named by a (made-up) original's hash, with a thumbnail. */
async function uploadToLibrary(bucket = LIBRARY_BUCKET) {
  const sha256 = createHash('sha256').update(randomUUID()).digest('hex')
  const paths = photoObjectPaths(sha256, 'image/jpeg')
  const files = createPhotoStorage(staffClient, { bucket })
  for (const path of [paths.src, paths.thumbnail]) {
    await files.upload(path, new Blob([jpeg], { type: 'image/jpeg' }), 'image/jpeg')
  }
  return {
    sha256,
    ...paths,
    publicUrl: `${h.url}/storage/v1/object/public/${PHOTO_BUCKET}/${paths.src}`,
  }
}

/** Staff saves the page document, with the image addresses it shows. */
async function savePage(imageUrls: string[]) {
  const value = imageUrls.map((url, index) => ({
    id: `post-${index}`,
    title: `Post ${index}`,
    cardImageUrl: url,
    body: `<p>See <img src="${url}" alt="x"></p>`,
  }))
  const { data, error } = await staffClient
    .from('website_content')
    .upsert({ key: KEY, value, base_version: version }, { onConflict: 'key' })
    .select('version')
    .single()
  if (error) throw new Error(error.message)
  version = (data as { version: number }).version
}

beforeAll(async () => {
  h = await startHarness()
  const staff = await signedIn(SEEDED_STAFF)
  const parent = await signedIn(SEEDED_PARENT)
  staffClient = staff.client
  tokens.staff = staff.token
  tokens.parent = parent.token
  publisher = createPhotoPublisher(staffClient)
  jpeg = new Uint8Array(
    await readFile(new URL('./fixtures/clean.jpg', import.meta.url)),
  ) as Uint8Array<ArrayBuffer>
})
afterAll(() => h?.stop())

describe('photos no page uses stay private', () => {
  it('should refuse visitors and non-staff a listing of either bucket, and list for staff', async () => {
    const photo = await uploadToLibrary()
    await publisher.publish([photo.src])
    const folder = photo.src.split('/').slice(0, 2).join('/')
    for (const bucket of [LIBRARY_BUCKET, PHOTO_BUCKET]) {
      const listing = (role: Role) =>
        storage(role, `/object/list/${bucket}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prefix: folder, limit: 100, offset: 0 }),
        })
      for (const role of ['anon', 'parent'] as const) {
        const answer = await listing(role)
        // Row-level security hides every object: an empty listing, as Supabase answers it.
        expect({ bucket, role, ...answer, bytes: undefined }).toEqual({
          bucket,
          role,
          status: 200,
          json: [],
          bytes: undefined,
        })
      }
      const names = ((await listing('staff')).json as { name: string }[]).map((item) => item.name)
      expect(names).toContain(photo.src.split('/').at(-1))
    }
  })

  it('should refuse every fetch of a photo no page uses, however asked, to anyone but staff', async () => {
    const photo = await uploadToLibrary()
    const attempts = [
      // The private bucket has no public address at all.
      ['GET', `/object/public/${LIBRARY_BUCKET}/${photo.src}`],
      ['GET', `/object/${LIBRARY_BUCKET}/${photo.src}`],
      ['GET', `/object/authenticated/${LIBRARY_BUCKET}/${photo.thumbnail}`],
      ['GET', `/object/info/${LIBRARY_BUCKET}/${photo.src}`],
      ['GET', `/render/image/public/${LIBRARY_BUCKET}/${photo.src}`],
      // Not published: nothing at the public bucket's address either.
      ['GET', `/object/public/${PHOTO_BUCKET}/${photo.src}`],
      ['GET', `/object/public/${PHOTO_BUCKET}/${photo.thumbnail}`],
    ] as const
    for (const role of ['anon', 'parent'] as const) {
      for (const [method, path] of attempts) {
        const answer = await storage(role, path, { method })
        expect({ role, path, status: answer.status, size: answer.bytes.length < 1000 }).toEqual({
          role,
          path,
          status: 400,
          size: true,
        })
        expect((answer.json as { statusCode?: string }).statusCode).toMatch(/^40[034]$/)
      }
      // Nor may they get a signed address for it.
      const signing = await storage(role, `/object/sign/${LIBRARY_BUCKET}/${photo.src}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ expiresIn: 60 }),
      })
      expect({ role, status: signing.status }).toEqual({ role, status: 400 })
    }
    expect((await publicFetch(PHOTO_BUCKET, photo.src)).status).toBe(400)
  })

  it('should let staff see an unused photo through a signed URL, which works without a session', async () => {
    const photo = await uploadToLibrary()
    const signing = await storage('staff', `/object/sign/${LIBRARY_BUCKET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ expiresIn: 60, paths: [photo.src, photo.thumbnail] }),
    })
    expect(signing.status).toBe(200)
    const entries = signing.json as { path: string; signedURL: string; error: string | null }[]
    expect(entries.map((entry) => [entry.path, entry.error])).toEqual([
      [photo.src, null],
      [photo.thumbnail, null],
    ])
    const loaded = await fetch(`${h.url}/storage/v1${entries[0]?.signedURL}`)
    expect(loaded.status).toBe(200)
    expect(Buffer.from(await loaded.arrayBuffer()).equals(Buffer.from(jpeg))).toBe(true)
    // What the library screen does, through supabase-js.
    const signed = await createPhotoStorage(staffClient, { bucket: LIBRARY_BUCKET }).signedUrls([
      photo.thumbnail,
    ])
    expect((await fetch(signed.get(photo.thumbnail)!)).status).toBe(200)
  })

  it('should serve a photo publicly while a stored page uses it, and retire it when none does', async () => {
    const used = await uploadToLibrary()
    const unused = await uploadToLibrary()
    // Picked for a page: published before the page's save names it.
    await publisher.publish([used.src, used.thumbnail])
    // Picked too, but the page was never saved with it.
    await publisher.publish([unused.src])
    await savePage([used.publicUrl])

    const first = await publisher.sync()
    expect(first.retired).toBeGreaterThanOrEqual(1)
    const shown = await publicFetch(PHOTO_BUCKET, used.src)
    expect(shown.status).toBe(200)
    expect(shown.body.equals(Buffer.from(jpeg))).toBe(true)
    expect((await publicFetch(PHOTO_BUCKET, used.thumbnail)).status).toBe(200)
    // The photo picked but never saved on a page was taken down.
    expect((await publicFetch(PHOTO_BUCKET, unused.src)).status).toBe(400)

    // The page stops using it: the next sync takes it down; staff still see it in the library.
    await savePage([])
    const second = await publisher.sync()
    expect(second.retired).toBeGreaterThanOrEqual(2)
    expect((await publicFetch(PHOTO_BUCKET, used.src)).status).toBe(400)
    expect((await publicFetch(PHOTO_BUCKET, used.thumbnail)).status).toBe(400)
    const signed = await createPhotoStorage(staffClient, { bucket: LIBRARY_BUCKET }).signedUrls([
      used.src,
    ])
    expect((await fetch(signed.get(used.src)!)).status).toBe(200)

    // Used again (a save without picking, e.g. an undo or a restored version): published by the sync.
    await savePage([used.publicUrl])
    expect((await publisher.sync()).published).toBeGreaterThanOrEqual(2)
    expect((await publicFetch(PHOTO_BUCKET, used.src)).status).toBe(200)
    // In step: nothing left to do.
    expect(await publisher.sync()).toEqual({ published: 0, retired: 0, adopted: 0 })
  })

  it('should move a photo uploaded before the private library into it, and take it down if unused', async () => {
    // Uploaded the old way, straight into the public bucket, and used by no page.
    const legacy = await uploadToLibrary(PHOTO_BUCKET)
    expect((await publicFetch(PHOTO_BUCKET, legacy.src)).status).toBe(200)
    const result = await publisher.sync()
    expect(result.adopted).toBeGreaterThanOrEqual(2)
    expect((await publicFetch(PHOTO_BUCKET, legacy.src)).status).toBe(400)
    const signed = await createPhotoStorage(staffClient, { bucket: LIBRARY_BUCKET }).signedUrls([
      legacy.src,
    ])
    expect((await fetch(signed.get(legacy.src)!)).status).toBe(200)
  })

  it('should compute the publication plan for staff only', async () => {
    const anon = testClient(h.url, h.anonKey)
    const refused = await anon.rpc('photo_publication_plan')
    expect(refused.error).not.toBeNull()
    const parent = (await signedIn(SEEDED_PARENT)).client
    const none = await parent.rpc('photo_publication_plan')
    expect({ error: none.error, data: none.data }).toEqual({ error: null, data: [] })
    // Nor can a signed-in account that is not staff publish (copy into the public bucket).
    const photo = await uploadToLibrary()
    await expect(createPhotoPublisher(parent).publish([photo.src])).rejects.toThrow()
    expect((await publicFetch(PHOTO_BUCKET, photo.src)).status).toBe(400)
  })
})
