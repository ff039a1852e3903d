/**
 * The photo bucket's Storage calls against the local Supabase-compatible server: real HTTP, the
 * unmodified supabase-js, the bucket's real limits and row-level-security policies.
 */
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { SEEDED_PARENT, SEEDED_STAFF, startHarness, testClient } from '../../test-utils/harness.ts'
import type { Harness } from '../../test-utils/harness.ts'
import { MAX_PHOTO_BYTES, PHOTO_BUCKET, PHOTO_PAGE_SIZE } from './photo-rules.ts'
import { createPhotoStorage, PhotoStorageError } from './photo-storage.ts'
import type { PhotoStorage } from './photo-storage.ts'

const fixture = async (name: string) =>
  new Uint8Array(await readFile(new URL(`./fixtures/${name}`, import.meta.url)))

let h: Harness
let staff: PhotoStorage
let parent: PhotoStorage
let anon: PhotoStorage
let jpeg: Uint8Array<ArrayBuffer>

async function signedIn(login: { email: string; password: string }): Promise<SupabaseClient> {
  const client = testClient(h.url, h.anonKey)
  const { error } = await client.auth.signInWithPassword(login)
  if (error) throw error
  return client
}

/** A fresh folder per test, so tests never see each other's objects. */
const folder = () => `contract/${randomUUID()}`

async function failureOf(promise: Promise<unknown>): Promise<PhotoStorageError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof PhotoStorageError))
    throw new Error(`expected a PhotoStorageError, got ${String(error)}`)
  return error
}

beforeAll(async () => {
  h = await startHarness()
  staff = createPhotoStorage(await signedIn(SEEDED_STAFF))
  parent = createPhotoStorage(await signedIn(SEEDED_PARENT))
  anon = createPhotoStorage(testClient(h.url, h.anonKey))
  jpeg = await fixture('clean.jpg')
})
afterAll(() => h?.stop())

describe('photo storage', () => {
  it('should store an upload and answer with an address anyone can load it from', async () => {
    const path = `${folder()}/photo.jpg`
    const stored = await staff.upload(path, new Blob([jpeg], { type: 'image/jpeg' }), 'image/jpeg')
    const response = await fetch(stored.publicUrl)
    expect({
      path: stored.path,
      status: response.status,
      bytes: new Uint8Array(await response.arrayBuffer()),
    }).toEqual({ path, status: 200, bytes: jpeg })
  })

  it('should store uploads with the library cache lifetime', async () => {
    const stored = await staff.upload(`${folder()}/photo.jpg`, jpeg, 'image/jpeg')
    const response = await fetch(stored.publicUrl)
    expect(response.headers.get('cache-control')).toBe('max-age=3600')
  })

  it('should store the type it was given', async () => {
    const stored = await staff.upload(`${folder()}/photo.jpg`, jpeg, 'image/jpeg')
    const response = await fetch(stored.publicUrl)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
  })

  it('should refuse to replace an existing object', async () => {
    const path = `${folder()}/photo.jpg`
    await staff.upload(path, jpeg, 'image/jpeg')
    const error = await failureOf(staff.upload(path, jpeg, 'image/jpeg'))
    expect(error.kind).toBe('exists')
  })

  it('should explain a type the bucket refuses', async () => {
    const error = await failureOf(
      staff.upload(`${folder()}/notes.txt`, new TextEncoder().encode('hello'), 'text/plain'),
    )
    expect({ kind: error.kind, message: error.message }).toEqual({
      kind: 'type-refused',
      message:
        'The photo library does not accept this type of file. Use JPEG, PNG, WebP, AVIF or GIF.',
    })
  })

  it('should explain a file over the bucket size limit', async () => {
    const tooLarge = new Uint8Array(MAX_PHOTO_BYTES + 1)
    tooLarge.set(jpeg.subarray(0, 4))
    const error = await failureOf(staff.upload(`${folder()}/huge.jpg`, tooLarge, 'image/jpeg'))
    expect({ kind: error.kind, status: error.status }).toEqual({ kind: 'too-large', status: '413' })
  })

  it('should explain that a signed-in user who is not staff cannot upload', async () => {
    const error = await failureOf(parent.upload(`${folder()}/photo.jpg`, jpeg, 'image/jpeg'))
    expect({ kind: error.kind, status: error.status }).toEqual({ kind: 'not-staff', status: '403' })
  })

  it('should explain that a visitor cannot upload', async () => {
    const error = await failureOf(anon.upload(`${folder()}/photo.jpg`, jpeg, 'image/jpeg'))
    expect(error.kind).toBe('not-staff')
  })

  it('should report a server that cannot be reached as a network failure', async () => {
    const offline = createPhotoStorage(testClient('http://127.0.0.1:9', h.anonKey))
    const error = await failureOf(offline.list())
    expect(error.kind).toBe('network')
  })

  it('should list a folder by name, files with their size, type and address', async () => {
    const prefix = folder()
    for (const name of ['b.jpg', 'a.jpg', 'C.jpg']) {
      await staff.upload(`${prefix}/${name}`, jpeg, 'image/jpeg')
    }
    const listing = await staff.list({ prefix })
    expect(
      listing.items.map(({ name, path, kind, size, contentType, publicUrl }) => ({
        name,
        path,
        kind,
        size,
        contentType,
        publicUrl,
      })),
    ).toEqual(
      ['a.jpg', 'b.jpg', 'C.jpg'].map((name) => ({
        name,
        path: `${prefix}/${name}`,
        kind: 'file',
        size: jpeg.length,
        contentType: 'image/jpeg',
        publicUrl: `${h.url}/storage/v1/object/public/${PHOTO_BUCKET}/${prefix}/${name}`,
      })),
    )
  })

  it('should list sub-folders as folders', async () => {
    const prefix = folder()
    await staff.upload(`${prefix}/inner/photo.jpg`, jpeg, 'image/jpeg')
    const listing = await staff.list({ prefix })
    expect(listing.items).toEqual([{ name: 'inner', path: `${prefix}/inner`, kind: 'folder' }])
  })

  it('should list 100 entries per page and say when more may follow', async () => {
    const prefix = folder()
    const names = Array.from(
      { length: PHOTO_PAGE_SIZE + 3 },
      (_, index) => `p${String(index).padStart(3, '0')}.jpg`,
    )
    const client = await signedIn(SEEDED_STAFF)
    // Written straight through supabase-js in parallel: only the paging is under test here.
    await Promise.all(
      names.map(async (name) => {
        const { error } = await client.storage
          .from(PHOTO_BUCKET)
          .upload(`${prefix}/${name}`, jpeg, {
            contentType: 'image/jpeg',
          })
        if (error) throw error
      }),
    )
    const first = await staff.list({ prefix })
    const second = await staff.list({ prefix, page: 1 })
    expect({
      first: [first.items.length, first.hasMore, first.items[0]?.name],
      second: [second.items.map((item) => item.name), second.hasMore],
    }).toEqual({
      first: [PHOTO_PAGE_SIZE, true, 'p000.jpg'],
      second: [names.slice(PHOTO_PAGE_SIZE), false],
    })
  })

  it('should remove objects', async () => {
    const prefix = folder()
    await staff.upload(`${prefix}/a.jpg`, jpeg, 'image/jpeg')
    await staff.upload(`${prefix}/a-thumb.jpg`, jpeg, 'image/jpeg')
    await staff.remove([`${prefix}/a.jpg`, `${prefix}/a-thumb.jpg`])
    expect((await staff.list({ prefix })).items).toEqual([])
  })

  it('should show visitors and signed-in users who are not staff nothing of the bucket, while its addresses still load', async () => {
    const prefix = folder()
    const stored = await staff.upload(`${prefix}/unpublished.jpg`, jpeg, 'image/jpeg')
    expect((await staff.list({ prefix })).items).toHaveLength(1)
    expect((await anon.list({ prefix })).items).toEqual([])
    expect((await parent.list({ prefix })).items).toEqual([])
    expect((await anon.list({ prefix: 'contract' })).items).toEqual([])
    // A page's photo is served from its public address, whoever asks.
    expect((await fetch(stored.publicUrl)).status).toBe(200)
  })

  it('should count an object that was gone already as removed', async () => {
    await expect(staff.remove([`${folder()}/never-there.jpg`])).resolves.toBeUndefined()
  })

  it('should explain that a signed-in user who is not staff cannot remove', async () => {
    const path = `${folder()}/photo.jpg`
    await staff.upload(path, jpeg, 'image/jpeg')
    const error = await failureOf(parent.remove([path]))
    expect(error.kind).toBe('not-staff')
  })
})
