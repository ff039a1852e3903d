import { randomUUID } from 'node:crypto'

import { StorageApiError } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

/** JPEG-shaped bytes (start and end markers around filler); Storage never decodes them. */
function jpeg(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x11)
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0)
  bytes.set([0xff, 0xd9], size - 2)
  return bytes
}

/** WebP-shaped bytes: a RIFF header naming WEBP, then filler (magic numbers are checked). */
function webp(size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x22)
  bytes.write('RIFF', 0, 'ascii')
  bytes.writeUInt32LE(size - 8, 4)
  bytes.write('WEBPVP8 ', 8, 'ascii')
  return bytes
}

function statusCodeOf(error: unknown): string {
  expect(error).toBeInstanceOf(StorageApiError)
  return (error as StorageApiError).statusCode
}

describe('storage buckets (supabase-js)', () => {
  let h: Harness
  let member: SupabaseClient

  beforeAll(async () => {
    h = await startHarness()
    member = (await h.signedInUser()).client
  })
  afterAll(() => h.stop())

  const bucketId = () => `test-${randomUUID().slice(0, 8)}`

  it('should create, read, list, update, empty and delete a bucket with the service role', async () => {
    const id = bucketId()
    const created = await h.service.storage.createBucket(id, {
      public: false,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['image/*'],
    })
    expect(created.error).toBeNull()
    expect(created.data).toEqual({ name: id })

    const { data: bucket } = await h.service.storage.getBucket(id)
    expect(bucket).toMatchObject({
      id,
      name: id,
      public: false,
      type: 'STANDARD',
      file_size_limit: 1024,
      allowed_mime_types: ['image/*'],
    })
    expect(Date.parse(bucket?.created_at ?? '')).not.toBeNaN()

    const listed = await h.service.storage.listBuckets()
    expect(listed.data?.map((b) => b.id)).toEqual(expect.arrayContaining([id, 'photo-library']))
    const searched = await h.service.storage.listBuckets({ search: id })
    expect(searched.data?.map((b) => b.id)).toEqual([id])

    const files = h.service.storage.from(id)
    const tooBig = await files.upload('big.jpg', jpeg(2048), { contentType: 'image/jpeg' })
    expect(statusCodeOf(tooBig.error)).toBe('413')
    const text = await files.upload('a.txt', 'hello', { contentType: 'text/plain' })
    expect(statusCodeOf(text.error)).toBe('415')
    expect(
      (await files.upload('ok.jpg', jpeg(512), { contentType: 'image/jpeg' })).error,
    ).toBeNull()
    expect(
      (await files.upload('ok.webp', webp(512), { contentType: 'image/webp' })).error,
    ).toBeNull()

    const updated = await h.service.storage.updateBucket(id, { public: true, fileSizeLimit: 4096 })
    expect(updated.data).toEqual({ message: 'Successfully updated' })
    const after = await h.service.storage.getBucket(id)
    expect(after.data).toMatchObject({
      public: true,
      file_size_limit: 4096,
      allowed_mime_types: ['image/*'],
    })
    expect(
      (await files.upload('big.jpg', jpeg(2048), { contentType: 'image/jpeg' })).error,
    ).toBeNull()

    const notEmpty = await h.service.storage.deleteBucket(id)
    expect(statusCodeOf(notEmpty.error)).toBe('409')

    const emptied = await h.service.storage.emptyBucket(id)
    expect(emptied.error).toBeNull()
    expect((await files.list()).data).toEqual([])

    const deleted = await h.service.storage.deleteBucket(id)
    expect(deleted.data).toEqual({ message: 'Successfully deleted' })
    const gone = await h.service.storage.getBucket(id)
    expect(statusCodeOf(gone.error)).toBe('404')
  })

  it('should refuse bucket creation to anon and to a signed-in user without a bucket policy', async () => {
    for (const client of [h.anon, member]) {
      const id = bucketId()
      const { error } = await client.storage.createBucket(id, { public: true })
      expect(statusCodeOf(error)).toBe('403')
      expect(statusCodeOf((await h.service.storage.getBucket(id)).error)).toBe('404')
    }
  })

  it('should show anon no buckets, as row-level security on storage.buckets decides', async () => {
    const { data, error } = await h.anon.storage.listBuckets()
    expect(error).toBeNull()
    expect(data).toEqual([])
    expect(statusCodeOf((await h.anon.storage.getBucket('photo-library')).error)).toBe('404')
  })

  it('should refuse anon changes to an existing bucket', async () => {
    const updated = await h.anon.storage.updateBucket('photo-library', { public: false })
    expect(statusCodeOf(updated.error)).toBe('404')
    const deleted = await h.anon.storage.deleteBucket('photo-library')
    expect(statusCodeOf(deleted.error)).toBe('404')
    const { data } = await h.service.storage.getBucket('photo-library')
    expect(data?.public).toBe(true)
  })

  it('should refuse a duplicate bucket and an invalid name', async () => {
    const id = bucketId()
    expect((await h.service.storage.createBucket(id, { public: false })).error).toBeNull()
    const duplicate = await h.service.storage.createBucket(id, { public: false })
    expect(statusCodeOf(duplicate.error)).toBe('409')

    const invalid = await h.service.storage.createBucket('bad/name', { public: false })
    expect(statusCodeOf(invalid.error)).toBe('400')
  })

  it.runIf(localOnly("the global limit is this server's [storage] file_size_limit (50MiB)"))(
    'should refuse a bucket limit above the global one',
    async () => {
      const huge = await h.service.storage.createBucket(bucketId(), {
        public: false,
        fileSizeLimit: '1GB',
      })
      expect(statusCodeOf(huge.error)).toBe('413')
    },
  )

  it("should move an object to another bucket only within that bucket's limits", async () => {
    const small = bucketId()
    const large = bucketId()
    await h.service.storage.createBucket(small, { public: false, fileSizeLimit: 100 })
    await h.service.storage.createBucket(large, { public: false })
    const bytes = jpeg(512)
    await h.service.storage.from(large).upload('photo.jpg', bytes, { contentType: 'image/jpeg' })

    const refused = await h.service.storage
      .from(large)
      .move('photo.jpg', 'photo.jpg', { destinationBucket: small })
    expect(statusCodeOf(refused.error)).toBe('413')
    expect((await h.service.storage.from(large).exists('photo.jpg')).data).toBe(true)

    const third = bucketId()
    await h.service.storage.createBucket(third, { public: false })
    const moved = await h.service.storage
      .from(large)
      .move('photo.jpg', 'moved/photo.jpg', { destinationBucket: third })
    expect(moved.error).toBeNull()
    const { data } = await h.service.storage.from(third).download('moved/photo.jpg')
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(bytes)
    expect((await h.service.storage.from(large).exists('photo.jpg')).data).toBe(false)
  })

  it('should accept a size string for the bucket limit', async () => {
    const id = bucketId()
    const created = await h.service.storage.createBucket(id, {
      public: false,
      fileSizeLimit: '1KB',
    })
    expect(created.error).toBeNull()
    expect((await h.service.storage.getBucket(id)).data?.file_size_limit).toBe(1000)
  })
})
