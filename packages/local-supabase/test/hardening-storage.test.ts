/**
 * Storage, probed as an attacker with a staff login would: a declared type that hides a
 * second one, bytes that are not what they claim, header-bound fields with line breaks,
 * and what every object is served with.
 */
import { randomUUID } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const BUCKET = 'photo-library'

/** Bytes that start with a format's magic numbers; Storage never decodes them further. */
const IMAGES: Record<string, Buffer> = {
  'image/png': Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(24, 1),
  ]),
  'image/jpeg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(24, 2)]),
  'image/gif': Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.alloc(24, 3)]),
  'image/webp': Buffer.concat([
    Buffer.from('RIFF', 'ascii'),
    Buffer.from([24, 0, 0, 0]),
    Buffer.from('WEBPVP8 ', 'ascii'),
    Buffer.alloc(16, 4),
  ]),
  // An ISO-BMFF ftyp box whose compatible brands name AVIF (the major brand is mif1).
  'image/avif': Buffer.concat([
    Buffer.from([0, 0, 0, 0x1c]),
    Buffer.from('ftypmif1', 'ascii'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1avifmiaf', 'ascii'),
    Buffer.alloc(16, 5),
  ]),
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="document.title=\'pwned\'"><rect width="9" height="9"/></svg>',
)
const HTML = Buffer.from('<!doctype html><script>document.title="pwned"</script>')

type StorageErrorBody = { statusCode: string; code: string; message: string }

describe('storage hardening', () => {
  let h: Harness
  let staff: SupabaseClient
  let staffToken: string

  beforeAll(async () => {
    h = await startHarness()
    staff = (await h.signedInUser({ staff: true })).client
    staffToken = (await staff.auth.getSession()).data.session?.access_token ?? ''
  })
  afterAll(() => h.stop())

  const name = (extension: string) => `hardening-${randomUUID()}.${extension}`
  const objectUrl = (bucket: string, path: string) => `${h.url}/storage/v1/object/${bucket}/${path}`

  /** A raw upload, as a hostile client sends it: no supabase-js to tidy the headers. */
  function rawUpload(path: string, body: Buffer, contentType: string, bucket = BUCKET) {
    return fetch(objectUrl(bucket, path), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${staffToken}`,
        apikey: h.anonKey,
        'content-type': contentType,
      },
      body: new Uint8Array(body),
    })
  }

  /** A multipart upload with the given text fields, as storage-js sends a Blob. */
  function multipartUpload(path: string, body: Buffer, fields: Record<string, string>) {
    const form = new FormData()
    for (const [field, value] of Object.entries(fields)) form.append(field, value)
    form.append('', new Blob([new Uint8Array(body)], { type: 'image/png' }))
    return fetch(objectUrl(BUCKET, path), {
      method: 'POST',
      headers: { authorization: `Bearer ${staffToken}`, apikey: h.anonKey },
      body: form,
    })
  }

  async function expectNotStored(path: string) {
    expect((await staff.storage.from(BUCKET).exists(path)).data).toBe(false)
  }

  it('should refuse a Content-Type that hides a second type behind a parameter or a list', async () => {
    for (const contentType of [
      'image/png;a=,image/svg+xml',
      'image/png;a=,application/xhtml+xml',
      'image/png;a=,text/xml',
      'image/png, image/svg+xml',
    ]) {
      const path = name('png')
      const response = await rawUpload(path, SVG, contentType)
      expect(response.status, contentType).toBe(400)
      const body = (await response.json()) as StorageErrorBody
      expect(body, contentType).toMatchObject({ statusCode: '415', code: 'InvalidMimeType' })
      await expectNotStored(path)
    }
  })

  it.runIf(localOnly('hosted Storage does not compare the bytes with the declared type'))(
    'should refuse SVG or HTML bytes declared as image/png, raw or multipart',
    async () => {
      for (const bytes of [SVG, HTML]) {
        const raw = name('png')
        const response = await rawUpload(raw, bytes, 'image/png')
        expect(response.status).toBe(400)
        expect(await response.json()).toEqual({
          statusCode: '415',
          code: 'InvalidMimeType',
          error: 'invalid_mime_type',
          message: "mime type image/png is not supported: the file's content is not image/png",
        })
        await expectNotStored(raw)

        const multipart = name('png')
        const { error } = await staff.storage
          .from(BUCKET)
          .upload(multipart, new Blob([new Uint8Array(bytes)], { type: 'image/png' }))
        expect(error?.message).toContain('is not image/png')
        await expectNotStored(multipart)
      }
    },
  )

  it.runIf(localOnly('hosted Storage does not compare the bytes with the declared type'))(
    'should refuse one image format declared as another',
    async () => {
      const path = name('png')
      const { error } = await staff.storage
        .from(BUCKET)
        .upload(path, IMAGES['image/jpeg']!, { contentType: 'image/png' })
      expect(error?.message).toBe(
        'mime type image/png is not supported: the file is image/jpeg, not image/png',
      )
      await expectNotStored(path)
    },
  )

  it('should accept every allowed image type whose bytes match it', async () => {
    for (const [contentType, bytes] of Object.entries(IMAGES)) {
      const path = name(contentType.slice('image/'.length))
      const { error } = await staff.storage.from(BUCKET).upload(path, bytes, { contentType })
      expect(error, contentType).toBeNull()
      const response = await fetch(h.anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(contentType)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes)
    }
  })

  it.runIf(localOnly('hosted Storage sends neither nosniff nor a Content-Security-Policy'))(
    'should serve images with nosniff and a sandboxing CSP, and anything else as an attachment',
    async () => {
      const photo = name('png')
      await staff.storage
        .from(BUCKET)
        .upload(photo, IMAGES['image/png']!, { contentType: 'image/png' })
      for (const url of [
        h.anon.storage.from(BUCKET).getPublicUrl(photo).data.publicUrl,
        (await staff.storage.from(BUCKET).createSignedUrl(photo, 60)).data?.signedUrl ?? '',
      ]) {
        for (const method of ['GET', 'HEAD']) {
          const response = await fetch(url, { method })
          expect(response.status).toBe(200)
          expect(response.headers.get('x-content-type-options')).toBe('nosniff')
          expect(response.headers.get('content-security-policy')).toBe(
            "default-src 'none'; sandbox",
          )
          expect(response.headers.get('content-disposition')).toBeNull()
        }
      }

      // A bucket without an allow-list takes any type; such objects are never shown in place.
      const bucket = `hardening-${randomUUID().slice(0, 8)}`
      expect((await h.service.storage.createBucket(bucket, { public: true })).error).toBeNull()
      const cases: [string, Buffer, string][] = [
        ['page.html', HTML, 'text/html'],
        ['drawing.svg', SVG, 'image/svg+xml'],
        ['doc.xhtml', HTML, 'application/xhtml+xml'],
      ]
      for (const [file, bytes, contentType] of cases) {
        const { error } = await h.service.storage.from(bucket).upload(file, bytes, { contentType })
        expect(error).toBeNull()
        const response = await fetch(h.anon.storage.from(bucket).getPublicUrl(file).data.publicUrl)
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe(
          contentType === 'text/html' ? 'text/plain' : contentType,
        )
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename=${file}; filename*=UTF-8''${file};`,
        )
        expect(response.headers.get('x-content-type-options')).toBe('nosniff')
        expect(response.headers.get('content-security-policy')).toContain('sandbox')
      }
      await h.service.storage.emptyBucket(bucket)
      await h.service.storage.deleteBucket(bucket)
    },
  )

  it.runIf(localOnly('hosted Storage stores such a field and only fails when sending it back'))(
    'should refuse CR, LF or other control characters in contentType and cacheControl with 400',
    async () => {
      const hostile: Record<string, string>[] = [
        { contentType: 'image/png\r\nX-Injected: 1' },
        { contentType: 'image/png\n' },
        { cacheControl: '3600\r\nSet-Cookie: a=b' },
        { cacheControl: '3600\u0000' },
        { cacheControl: '3600\u2028' },
      ]
      for (const fields of hostile) {
        const path = name('png')
        const response = await multipartUpload(path, IMAGES['image/png']!, fields)
        const label = JSON.stringify(fields)
        expect(response.status, label).toBe(400)
        const body = (await response.json()) as StorageErrorBody
        expect(body.statusCode, label).toBe('400')
        expect(body.code, label).toBe('InvalidRequest')
        expect(body.message, label).toMatch(/^(contentType|cacheControl) must not contain control/)
        await expectNotStored(path)
      }
      // The same fields without the line breaks are fine.
      const path = name('png')
      const fine = await multipartUpload(path, IMAGES['image/png']!, {
        contentType: 'image/png',
        cacheControl: '3600',
      })
      expect(fine.status).toBe(200)
      const served = await fetch(h.anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)
      expect(served.headers.get('cache-control')).toBe('max-age=3600')
    },
  )

  it.runIf(localOnly('writes storage.objects rows directly, as an older server version did'))(
    'should still serve, as inert bytes, an object whose stored type and cache control predate the checks',
    async () => {
      const path = name('png')
      await staff.storage
        .from(BUCKET)
        .upload(path, IMAGES['image/png']!, { contentType: 'image/png' })
      await h.local!.db.pg.query(
        `update storage.objects
            set metadata = metadata || jsonb_build_object('mimetype', $3::text, 'cacheControl', $4::text)
          where bucket_id = $1 and name = $2`,
        [BUCKET, path, 'image/png;a=,image/svg+xml', 'max-age=60\r\nX-Injected: 1'],
      )
      const response = await fetch(h.anon.storage.from(BUCKET).getPublicUrl(path).data.publicUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/octet-stream')
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('x-injected')).toBeNull()
      expect(Buffer.from(await response.arrayBuffer())).toEqual(IMAGES['image/png'])
    },
  )

  it('should still take a raw upload with supabase-js default text type where the bucket allows it', async () => {
    // supabase-js sends `text/plain;charset=UTF-8` for a string body: the one parameter kept.
    const bucket = `hardening-${randomUUID().slice(0, 8)}`
    expect((await h.service.storage.createBucket(bucket, { public: false })).error).toBeNull()
    const { error } = await h.service.storage.from(bucket).upload('note.txt', 'hello')
    expect(error).toBeNull()
    const { data } = await h.service.storage.from(bucket).download('note.txt')
    expect(await data?.text()).toBe('hello')
    expect(data?.type).toMatch(/^text\/plain/)
    await h.service.storage.emptyBucket(bucket)
    await h.service.storage.deleteBucket(bucket)
  })
})
