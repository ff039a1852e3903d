/**
 * The preparation rules with an injected codec: the encoder hands back real sharp-written files
 * (photo-library/fixtures/), so the verification step scans real bytes. The canvas codec itself runs only in a
 * browser and is covered by the end-to-end upload test.
 */
import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { MAX_EDGE, THUMBNAIL_EDGE } from '../entities/photo-sizes.ts'
import { fitWithin, ImagePreparationError, prepareImage, sha256Hex } from './prepare-image.ts'
import type { ImageCodec, PreparedType } from './prepare-image.ts'

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../photo-library/fixtures/${name}`, import.meta.url)))

type Call = { width: number; height: number; type: PreparedType; quality: number }

/** A codec that "decodes" to the given size and encodes by handing back a fixture per type. */
function fakeCodec(
  size: { width: number; height: number },
  outputs: Partial<Record<PreparedType, string>> = {
    'image/jpeg': 'clean.jpg',
    'image/webp': 'clean.webp',
  },
  types: Partial<Record<PreparedType, string>> = {},
) {
  const calls: Call[] = []
  let closed = 0
  const codec: ImageCodec<string> = {
    decode: async () => ({ source: 'pixels', ...size, close: () => void (closed += 1) }),
    encode: async (_source, width, height, type, quality) => {
      calls.push({ width, height, type, quality })
      const name = outputs[type]
      if (!name) return new Blob([fixture('clean.png')], { type: 'image/png' })
      return new Blob([fixture(name)], { type: types[type] ?? type })
    },
  }
  return { codec, calls, closed: () => closed }
}

const photoFile = (name = 'IMG_0001.jpg', type = 'image/jpeg') =>
  new File([fixture('gps.jpg')], name, { type })

async function failureOf(promise: Promise<unknown>): Promise<ImagePreparationError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  if (!(error instanceof ImagePreparationError))
    throw new Error(`expected an ImagePreparationError`)
  return error
}

describe('fitWithin', () => {
  it('should scale a landscape photo down to the long edge', () => {
    expect(fitWithin(6000, 4000, MAX_EDGE)).toEqual({ width: 2560, height: 1707 })
  })

  it('should scale a portrait photo down to the long edge', () => {
    expect(fitWithin(3024, 4032, THUMBNAIL_EDGE)).toEqual({ width: 360, height: 480 })
  })

  it('should never enlarge a small photo', () => {
    expect(fitWithin(800, 600, MAX_EDGE)).toEqual({ width: 800, height: 600 })
  })

  it('should keep at least one pixel on the short edge', () => {
    expect(fitWithin(10_000, 2, THUMBNAIL_EDGE)).toEqual({ width: 480, height: 1 })
  })
})

describe('prepareImage', () => {
  it('should encode the photo at most 2560 px and the thumbnail at most 480 px on the long edge, and a medium copy 800 px wide', async () => {
    const { codec, calls } = fakeCodec({ width: 6000, height: 4000 })
    const prepared = await prepareImage(photoFile(), codec)
    expect(calls.map(({ width, height }) => [width, height])).toEqual([
      [2560, 1707],
      [480, 320],
      [800, 533],
    ])
    expect(prepared.medium).toMatchObject({ type: 'image/jpeg', width: 800, height: 533 })
  })

  it('should make no medium copy of a photo no wider than one', async () => {
    const { codec, calls } = fakeCodec({ width: 800, height: 1200 })
    const prepared = await prepareImage(photoFile(), codec)
    expect(calls).toHaveLength(2)
    expect(prepared.medium).toBeUndefined()
  })

  it('should keep a JPEG as JPEG', async () => {
    const { codec } = fakeCodec({ width: 640, height: 480 })
    const prepared = await prepareImage(photoFile(), codec)
    expect([prepared.photo.type, prepared.thumbnail.type]).toEqual(['image/jpeg', 'image/jpeg'])
  })

  it('should encode a PNG as WebP, which keeps transparency', async () => {
    const { codec } = fakeCodec({ width: 640, height: 480 })
    const prepared = await prepareImage(photoFile('logo.png', 'image/png'), codec)
    expect([prepared.photo.type, prepared.thumbnail.type]).toEqual(['image/webp', 'image/webp'])
  })

  it('should fall back to JPEG where the browser cannot write WebP', async () => {
    const { codec, calls } = fakeCodec({ width: 640, height: 480 }, { 'image/jpeg': 'clean.jpg' })
    const prepared = await prepareImage(photoFile('logo.png', 'image/png'), codec)
    expect({
      asked: calls.map((call) => call.type),
      made: [prepared.photo.type, prepared.thumbnail.type],
    }).toEqual({
      asked: ['image/webp', 'image/jpeg', 'image/jpeg'],
      made: ['image/jpeg', 'image/jpeg'],
    })
  })

  it('should give the uploaded blob exactly the scanned bytes and type', async () => {
    const { codec } = fakeCodec({ width: 640, height: 480 })
    const prepared = await prepareImage(photoFile(), codec)
    expect({
      type: prepared.photo.blob.type,
      bytes: new Uint8Array(await prepared.photo.blob.arrayBuffer()),
    }).toEqual({ type: 'image/jpeg', bytes: fixture('clean.jpg') })
  })

  it('should record the SHA-256 of the original file', async () => {
    const { codec } = fakeCodec({ width: 640, height: 480 })
    const file = photoFile()
    const prepared = await prepareImage(file, codec)
    expect(prepared.sha256).toBe(await sha256Hex(new Blob([fixture('gps.jpg')])))
  })

  it('should refuse a photo whose encoded copy still carries GPS EXIF', async () => {
    const { codec } = fakeCodec({ width: 640, height: 480 }, { 'image/jpeg': 'gps.jpg' })
    const error = await failureOf(prepareImage(photoFile(), codec))
    expect({ reason: error.reason, message: error.message }).toEqual({
      reason: 'metadata',
      message:
        'IMG_0001.jpg was not uploaded: its converted copy still holds hidden information (APP1 Exif).',
    })
  })

  it('should refuse a photo whose encoded copy still carries XMP', async () => {
    const { codec } = fakeCodec({ width: 640, height: 480 }, { 'image/webp': 'xmp.webp' })
    const error = await failureOf(prepareImage(photoFile('logo.png', 'image/png'), codec))
    expect(error.findings.map((finding) => finding.kind)).toEqual(['xmp'])
  })

  it('should refuse bytes that are not the type the encoder claimed', async () => {
    const { codec } = fakeCodec(
      { width: 640, height: 480 },
      { 'image/jpeg': 'clean.png' },
      { 'image/jpeg': 'image/jpeg' },
    )
    const error = await failureOf(prepareImage(photoFile(), codec))
    expect(error.reason).toBe('encoder')
  })

  it('should explain a file the browser cannot decode', async () => {
    const codec: ImageCodec<string> = {
      decode: () => Promise.reject(new Error('InvalidStateError')),
      encode: () => Promise.reject(new Error('unreachable')),
    }
    const error = await failureOf(prepareImage(photoFile('broken.jpg'), codec))
    expect(error.message).toBe(
      'broken.jpg could not be read as an image. It may be damaged, or in a format this browser cannot open.',
    )
  })

  it('should explain an encoder that fails', async () => {
    const codec: ImageCodec<string> = {
      decode: async () => ({ source: 'pixels', width: 10, height: 10, close: () => {} }),
      encode: () => Promise.reject(new Error('out of memory')),
    }
    const error = await failureOf(prepareImage(photoFile(), codec))
    expect(error.message).toBe('IMG_0001.jpg could not be converted for the library.')
  })

  it('should release the decoded image when encoding fails', async () => {
    const { codec, closed } = fakeCodec({ width: 640, height: 480 }, { 'image/jpeg': 'gps.jpg' })
    await prepareImage(photoFile(), codec).catch(() => undefined)
    expect(closed()).toBe(1)
  })
})
