import { createHash, randomUUID } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

import { StorageApiError } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const BUCKET = 'photo-library'

/** A valid PNG of `width` × 1 grey pixels, so each test can make distinct bytes. */
function png(width = 1, grey = 128): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(1, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, grey)])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(row)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const md5 = (bytes: Buffer) => `"${createHash('md5').update(bytes).digest('hex')}"`

function storageError(error: unknown): StorageApiError {
  expect(error).toBeInstanceOf(StorageApiError)
  return error as StorageApiError
}

describe('storage objects (supabase-js against the photo-library bucket)', () => {
  let h: Harness
  let staff: SupabaseClient
  let member: SupabaseClient
  let staffToken: string

  beforeAll(async () => {
    h = await startHarness()
    staff = (await h.signedInUser({ staff: true })).client
    staffToken = (await staff.auth.getSession()).data.session?.access_token ?? ''
    member = (await h.signedInUser()).client
  })
  afterAll(() => h.stop())

  const folder = () => `test-${randomUUID()}`
  const photos = (client: SupabaseClient) => client.storage.from(BUCKET)

  async function upload(path: string, bytes = png()) {
    const { data, error } = await photos(staff).upload(path, bytes, { contentType: 'image/png' })
    expect(error).toBeNull()
    return data
  }

  it('should let staff upload a Blob as multipart and anyone fetch it from the public URL', async () => {
    const bytes = png(3)
    const path = `${folder()}/blob.png`
    const { data, error } = await photos(staff).upload(
      path,
      new Blob([bytes], { type: 'image/png' }),
    )
    expect(error).toBeNull()
    expect(data?.path).toBe(path)
    expect(data?.fullPath).toBe(`${BUCKET}/${path}`)
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)

    const { publicUrl } = photos(h.anon).getPublicUrl(path).data
    const response = await fetch(publicUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('etag')).toBe(md5(bytes))
    expect(response.headers.get('cache-control')).toBe('max-age=3600')
    expect(response.headers.get('content-length')).toBe(String(bytes.length))
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)

    const attachment = await fetch(
      photos(h.anon).getPublicUrl(path, { download: 'me.png' }).data.publicUrl,
    )
    expect(attachment.headers.get('content-disposition')).toContain('filename=me.png')
  })

  it('should store a raw Buffer upload with its content type and serve it to anon via download()', async () => {
    const bytes = png(5)
    const path = `${folder()}/raw.png`
    const { error } = await photos(staff).upload(path, bytes, {
      contentType: 'image/png',
      cacheControl: '60',
    })
    expect(error).toBeNull()

    const downloaded = await photos(h.anon).download(path)
    expect(downloaded.error).toBeNull()
    expect(downloaded.data?.type).toBe('image/png')
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(bytes)

    const head = await fetch(`${h.url}/storage/v1/object/public/${BUCKET}/${path}`, {
      method: 'HEAD',
    })
    expect(head.status).toBe(200)
    expect(head.headers.get('cache-control')).toBe('max-age=60')
    expect(head.headers.get('content-length')).toBe(String(bytes.length))
  })

  it.runIf(localOnly('a hosted project resizes images; this server serves the original'))(
    'should serve the original image for a transformation URL, which this server does not resize',
    async () => {
      const bytes = png(10)
      const path = `${folder()}/thumb.png`
      await upload(path, bytes)
      const { publicUrl } = photos(h.anon).getPublicUrl(path, {
        transform: { width: 100, height: 100 },
      }).data
      expect(publicUrl).toContain('/render/image/public/')
      const response = await fetch(publicUrl)
      expect(response.status).toBe(200)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    },
  )

  it('should refuse an upload by a signed-in user who is not staff with AccessDenied (403)', async () => {
    const { data, error } = await photos(member).upload(`${folder()}/nope.png`, png(), {
      contentType: 'image/png',
    })
    expect(data).toBeNull()
    const refused = storageError(error)
    expect(refused.statusCode).toBe('403')
    expect(refused.status).toBe(400)
    expect(refused.code).toBe('AccessDenied')
  })

  it('should refuse an anonymous upload', async () => {
    const path = `${folder()}/anon.png`
    const { error } = await photos(h.anon).upload(path, png(), { contentType: 'image/png' })
    expect(storageError(error).statusCode).toBe('403')
    expect((await photos(h.service).exists(path)).data).toBe(false)
  })

  it('should refuse a duplicate upload with 409 and replace the body when upserting', async () => {
    const path = `${folder()}/dup.png`
    await upload(path, png(1, 10))
    const duplicate = await photos(staff).upload(path, png(1, 20), { contentType: 'image/png' })
    const refused = storageError(duplicate.error)
    expect(refused.statusCode).toBe('409')
    expect(refused.code).toBe('ResourceAlreadyExists')

    const replacement = png(2, 30)
    const upserted = await photos(staff).upload(path, replacement, {
      contentType: 'image/png',
      upsert: true,
    })
    expect(upserted.error).toBeNull()
    const { data } = await photos(h.anon).download(path)
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(replacement)
  })

  it('should replace a body with update() and keep the object id', async () => {
    const path = `${folder()}/update.png`
    const first = await upload(path, png(1, 1))
    const replacement = png(4, 4)
    const updated = await photos(staff).update(path, replacement, { contentType: 'image/png' })
    expect(updated.error).toBeNull()
    expect(updated.data?.id).toBe(first?.id)
    const { data } = await photos(h.anon).download(path)
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(replacement)

    const refused = await photos(member).update(path, png(), { contentType: 'image/png' })
    expect(storageError(refused.error).statusCode).toBe('403')
  })

  it('should report info and existence', async () => {
    const bytes = png(6)
    const path = `${folder()}/info.png`
    const uploaded = await photos(staff).upload(path, bytes, {
      contentType: 'image/png',
      metadata: { caption: 'Team photo' },
    })
    expect(uploaded.error).toBeNull()

    const { data, error } = await photos(staff).info(path)
    expect(error).toBeNull()
    expect(data).toMatchObject({
      id: uploaded.data?.id,
      name: path,
      size: bytes.length,
      contentType: 'image/png',
      cacheControl: 'max-age=3600',
      etag: md5(bytes),
      metadata: { caption: 'Team photo' },
    })
    expect((await photos(staff).exists(path)).data).toBe(true)
    expect((await photos(staff).exists(`${path}.missing`)).data).toBe(false)
  })

  it('should answer If-None-Match with 304 and serve a byte range with 206', async () => {
    const bytes = png(8)
    const path = `${folder()}/cache.png`
    await upload(path, bytes)
    const url = `${h.url}/storage/v1/object/public/${BUCKET}/${path}`
    const first = await fetch(url)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).toBe(md5(bytes))
    expect(new Date(first.headers.get('last-modified') ?? '').getTime()).not.toBeNaN()
    const again = await fetch(url, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)

    const range = await fetch(url, { headers: { range: 'bytes=0-7' } })
    expect(range.status).toBe(206)
    expect(range.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`)
    expect(Buffer.from(await range.arrayBuffer())).toEqual(bytes.subarray(0, 8))
  })

  it('should report a missing object with NoSuchKey (404 in the body, HTTP 400)', async () => {
    const { error } = await photos(h.anon).download(`${folder()}/missing.png`)
    const missing = storageError(error)
    expect(missing.statusCode).toBe('404')
    expect(missing.status).toBe(400)
    const response = await fetch(
      `${h.url}/storage/v1/object/public/${BUCKET}/${folder()}/missing.png`,
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    })
  })

  it('should list one level: last segments as names and folders as rows with null ids', async () => {
    const root = folder()
    const file = await upload(`${root}/cover.png`)
    await upload(`${root}/events/one.png`)
    await upload(`${root}/events/two.png`)
    await upload(`${root}/teams/u9/a.png`)

    const { data, error } = await photos(staff).list(root)
    expect(error).toBeNull()
    expect(data?.map((item) => item.name)).toEqual(['cover.png', 'events', 'teams'])
    const [cover, events] = data ?? []
    expect(cover?.id).toBe(file?.id)
    expect(cover?.metadata).toMatchObject({
      mimetype: 'image/png',
      size: png().length,
      httpStatusCode: 200,
    })
    expect(cover?.metadata?.eTag).toBe(md5(png()))
    expect(events).toMatchObject({ id: null, updated_at: null, created_at: null, metadata: null })

    const nested = await photos(staff).list(`${root}/events/`)
    expect(nested.data?.map((item) => item.name)).toEqual(['one.png', 'two.png'])
  })

  it('should page, sort and search a listing', async () => {
    const root = folder()
    for (const name of ['b.png', 'a.png', 'C.png', 'd.png']) await upload(`${root}/${name}`)

    const page = await photos(staff).list(root, { limit: 2, offset: 1 })
    expect(page.data?.map((item) => item.name)).toEqual(['b.png', 'C.png'])

    const descending = await photos(staff).list(root, {
      sortBy: { column: 'name', order: 'desc' },
    })
    expect(descending.data?.map((item) => item.name)).toEqual(['d.png', 'C.png', 'b.png', 'a.png'])

    const newestFirst = await photos(staff).list(root, {
      sortBy: { column: 'created_at', order: 'desc' },
    })
    expect(newestFirst.data?.[0]?.name).toBe('d.png')

    const searched = await photos(staff).list(root, { search: 'c' })
    expect(searched.data?.map((item) => item.name)).toEqual(['C.png'])
  })

  it('should remove exact names and silently skip missing ones', async () => {
    const root = folder()
    await upload(`${root}/keep.png`)
    await upload(`${root}/gone.png`)

    const refused = await photos(member).remove([`${root}/gone.png`])
    expect(refused.data).toEqual([])

    const { data, error } = await photos(staff).remove([
      `${root}/gone.png`,
      `${root}/never-was.png`,
    ])
    expect(error).toBeNull()
    expect(data?.map((row) => row.name)).toEqual([`${root}/gone.png`])
    const left = await photos(staff).list(root)
    expect(left.data?.map((item) => item.name)).toEqual(['keep.png'])
    expect((await photos(h.anon).download(`${root}/gone.png`)).error).not.toBeNull()
  })

  it('should move and copy objects, with the same bytes at the new name', async () => {
    const root = folder()
    const bytes = png(7)
    await upload(`${root}/from.png`, bytes)

    const moved = await photos(staff).move(`${root}/from.png`, `${root}/to.png`)
    expect(moved.error).toBeNull()
    expect(moved.data?.message).toBe('Successfully moved')
    expect((await photos(staff).exists(`${root}/from.png`)).data).toBe(false)

    const copied = await photos(staff).copy(`${root}/to.png`, `${root}/copy.png`)
    expect(copied.error).toBeNull()
    expect(copied.data?.path).toBe(`${BUCKET}/${root}/copy.png`)
    for (const name of ['to.png', 'copy.png']) {
      const { data } = await photos(h.anon).download(`${root}/${name}`)
      expect(Buffer.from(await data!.arrayBuffer())).toEqual(bytes)
    }

    const clash = await photos(staff).copy(`${root}/to.png`, `${root}/copy.png`)
    expect(storageError(clash.error).statusCode).toBe('409')
    const refused = await photos(member).move(`${root}/to.png`, `${root}/stolen.png`)
    expect(storageError(refused.error).statusCode).toBe('403')
    const missing = await photos(staff).move(`${root}/nothing.png`, `${root}/x.png`)
    expect(storageError(missing.error).statusCode).toBe('404')
  })

  it('should make signed URLs that work without auth and refuse an expired or forged token', async () => {
    const bytes = png(9)
    const path = `${folder()}/signed.png`
    await upload(path, bytes)

    const { data, error } = await photos(staff).createSignedUrl(path, 60)
    expect(error).toBeNull()
    const response = await fetch(data!.signedUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('expires')).not.toBeNull()
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)

    const many = await photos(staff).createSignedUrls([path, `${path}.missing`], 60)
    expect(many.data?.[0]?.signedUrl).toContain('token=')
    expect(many.data?.[1]).toMatchObject({ signedUrl: null, error: expect.any(String) })

    const forged = await fetch(data!.signedUrl.replace(/token=[^.]+\.[^.]+\.[^&]+/, 'token=x.y.z'))
    expect(forged.status).toBe(400)
    expect(((await forged.json()) as { statusCode: string }).statusCode).toBe('400')

    const other = await photos(staff).createSignedUrl(path, 60)
    const elsewhere = other.data!.signedUrl.replace('signed.png', 'other.png')
    const wrongPath = await fetch(elsewhere)
    expect(await wrongPath.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' })

    const shortLived = await photos(staff).createSignedUrl(path, 1)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    const expired = await fetch(shortLived.data!.signedUrl)
    expect(expired.status).toBe(400)
    expect(await expired.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' })
  })

  it('should upload through a signed upload URL made by staff', async () => {
    const path = `${folder()}/via-token.png`
    const bytes = png(11)
    const signed = await photos(staff).createSignedUploadUrl(path)
    expect(signed.error).toBeNull()
    const uploaded = await photos(h.anon).uploadToSignedUrl(path, signed.data!.token, bytes, {
      contentType: 'image/png',
    })
    expect(uploaded.error).toBeNull()
    const { data } = await photos(h.anon).download(path)
    expect(Buffer.from(await data!.arrayBuffer())).toEqual(bytes)

    const refused = await photos(member).createSignedUploadUrl(`${folder()}/x.png`)
    expect(storageError(refused.error).statusCode).toBe('403')

    // A download token for a path is not an upload token for it.
    const gone = `${folder()}/gone.png`
    await upload(gone)
    const download = await photos(staff).createSignedUrl(gone, 60)
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token') ?? ''
    expect((await photos(staff).remove([gone])).data).toHaveLength(1)
    const misused = await photos(h.anon).uploadToSignedUrl(gone, downloadToken, png(), {
      contentType: 'image/png',
    })
    expect(storageError(misused.error).statusCode).toBe('400')
    expect((await photos(staff).exists(gone)).data).toBe(false)
  })

  it('should refuse a file over the bucket limit with 413 and a wrong MIME type with 415', async () => {
    const tooBig = Buffer.alloc(10 * 1024 * 1024 + 1, 1)
    const large = await photos(staff).upload(`${folder()}/big.png`, tooBig, {
      contentType: 'image/png',
    })
    const refusedSize = storageError(large.error)
    expect(refusedSize.statusCode).toBe('413')
    expect(refusedSize.code).toBe('EntityTooLarge')
    expect(refusedSize.message).toBe('The object exceeded the maximum allowed size')

    const text = await photos(staff).upload(`${folder()}/notes.txt`, 'hello')
    const refusedType = storageError(text.error)
    expect(refusedType.statusCode).toBe('415')
    expect(refusedType.code).toBe('InvalidMimeType')
  })

  it('should report an unknown bucket with NoSuchBucket (404)', async () => {
    const { error } = await staff.storage.from('no-such-bucket').upload('a.png', png(), {
      contentType: 'image/png',
    })
    const missing = storageError(error)
    expect(missing.statusCode).toBe('404')
    expect(missing.code).toBe('NoSuchBucket')
    const download = await h.anon.storage.from('no-such-bucket').download('a.png')
    expect(storageError(download.error).statusCode).toBe('404')
  })

  it.runIf(
    localOnly('refusing these names is a rule of this server, stricter than the real Storage'),
  )('should refuse object names with .. segments, backslashes or control characters', async () => {
    for (const encoded of ['a%2F..%2F..%2Fescape.png', 'a%5Cb.png', 'a%00b.png', 'a%2F%2Fb.png']) {
      const response = await fetch(`${h.url}/storage/v1/object/${BUCKET}/${encoded}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${staffToken}`,
          apikey: h.anonKey,
          'content-type': 'image/png',
        },
        body: png(),
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidKey' })
    }
  })

  it('should answer a malformed JSON body with a 400 error', async () => {
    const response = await fetch(`${h.url}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: { apikey: h.anonKey, 'content-type': 'application/json' },
      body: '{"prefix": ',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      statusCode: '400',
      message: expect.stringContaining('not valid JSON'),
    })
  })

  it('should refuse an invalid bearer token with AccessDenied but still serve public objects', async () => {
    const path = `${folder()}/public.png`
    await upload(path)
    const headers = { authorization: 'Bearer not-a-jwt', apikey: h.anonKey }
    const list = await fetch(`${h.url}/storage/v1/object/list/${BUCKET}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(list.status).toBe(400)
    expect(await list.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' })
    const download = await fetch(`${h.url}/storage/v1/object/${BUCKET}/${path}`, { headers })
    expect(download.status).toBe(200)
  })

  it('should keep objects of a private bucket away from anon, who gets no listing and no signed URL', async () => {
    const bucket = `private-${randomUUID().slice(0, 8)}`
    expect((await h.service.storage.createBucket(bucket, { public: false })).error).toBeNull()
    const bytes = png(12)
    const path = 'secret/file.png'
    const stored = await h.service.storage
      .from(bucket)
      .upload(path, bytes, { contentType: 'image/png' })
    expect(stored.error).toBeNull()

    const denied = await h.anon.storage.from(bucket).download(path)
    expect(storageError(denied.error).statusCode).toBe('404')
    expect(
      (await fetch(h.anon.storage.from(bucket).getPublicUrl(path).data.publicUrl)).status,
    ).toBe(400)
    expect((await h.anon.storage.from(bucket).list('secret')).data).toEqual([])
    const unsigned = await h.anon.storage.from(bucket).createSignedUrl(path, 60)
    expect(storageError(unsigned.error).statusCode).toBe('404')

    const signed = await h.service.storage.from(bucket).createSignedUrl(path, 60)
    const response = await fetch(signed.data!.signedUrl)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    const own = await h.service.storage.from(bucket).download(path)
    expect(Buffer.from(await own.data!.arrayBuffer())).toEqual(bytes)
  })
})
