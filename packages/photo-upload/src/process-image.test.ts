import exifr from 'exifr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import {
  MAX_EDGE,
  RejectedImage,
  THUMBNAIL_EDGE,
  assertNoMetadata,
  processImage,
  sniffFormat,
} from './process-image.ts'
import { SAMPLE_GPS, sampleCorruptJpeg, sampleHeic, samplePhoto } from './testing/sample-photos.ts'

describe('sniffFormat', () => {
  it('should tell formats by their magic numbers', async () => {
    expect(sniffFormat(await samplePhoto({ width: 8, height: 8 }))).toBe('jpeg')
    expect(sniffFormat(await samplePhoto({ width: 8, height: 8, format: 'png' }))).toBe('png')
    expect(sniffFormat(sampleHeic())).toBe('heic')
    expect(sniffFormat(Buffer.from('hello world, not an image'))).toBe('unknown')
  })

  it('should tell AVIF from HEIC when both share the generic mif1 brand', () => {
    const box = (major: string, ...compatible: string[]) => {
      const bytes = Buffer.alloc(16 + compatible.length * 4)
      bytes.writeUInt32BE(bytes.length, 0)
      bytes.write(`ftyp${major}`, 4, 'latin1')
      compatible.forEach((brand, index) => bytes.write(brand, 16 + index * 4, 'latin1'))
      return bytes
    }
    expect(sniffFormat(box('mif1', 'avif', 'miaf'))).toBe('avif')
    expect(sniffFormat(box('mif1', 'heic'))).toBe('heic')
    expect(sniffFormat(box('heix'))).toBe('heic')
  })
})

describe('processImage', () => {
  it('should remove GPS and every other metadata, and check it is gone', async () => {
    const original = await samplePhoto({ width: 640, height: 480, gps: true })
    const gps = await exifr.gps(original)
    expect(gps?.latitude).toBeCloseTo(SAMPLE_GPS.latitude)
    const { photo, thumbnail } = await processImage(original)
    for (const output of [photo, thumbnail]) {
      expect(await exifr.parse(output.data).catch(() => undefined)).toBeUndefined()
      const meta = await sharp(output.data).metadata()
      expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined])
    }
  })

  it('should resize to the long-edge limit and make a thumbnail, never enlarging', async () => {
    const big = await processImage(await samplePhoto({ width: 3000, height: 1500 }))
    expect([big.photo.width, big.photo.height]).toEqual([MAX_EDGE, 1280])
    expect([big.thumbnail.width, big.thumbnail.height]).toEqual([
      THUMBNAIL_EDGE,
      THUMBNAIL_EDGE / 2,
    ])
    const small = await processImage(await samplePhoto({ width: 300, height: 200 }))
    expect([small.photo.width, small.photo.height]).toEqual([300, 200])
  })

  it('should turn the photo upright from its EXIF orientation', async () => {
    const sideways = await samplePhoto({ width: 600, height: 400, orientation: 6 })
    const { photo } = await processImage(sideways)
    expect([photo.width, photo.height]).toEqual([400, 600])
    expect((await sharp(photo.data).metadata()).orientation).toBeUndefined()
  })

  it('should encode PNG photos as JPEG, and images with transparency as WebP', async () => {
    const opaque = await processImage(await samplePhoto({ width: 100, height: 100, format: 'png' }))
    expect(opaque.photo.contentType).toBe('image/jpeg')
    const clear = await sharp({
      create: { width: 50, height: 50, channels: 4, background: '#ff000080' },
    })
      .png()
      .toBuffer()
    expect((await processImage(clear)).photo.contentType).toBe('image/webp')
  })

  it('should reject HEIC and damaged files with a clear reason', async () => {
    await expect(processImage(sampleHeic())).rejects.toThrow(/HEIC photos are not supported/)
    const corrupt = processImage(await sampleCorruptJpeg())
    await expect(corrupt).rejects.toBeInstanceOf(RejectedImage)
    await expect(processImage(await sampleCorruptJpeg())).rejects.toThrow(/damaged or incomplete/)
  })
})

describe('assertNoMetadata', () => {
  it('should throw when EXIF is still there', async () => {
    await expect(
      assertNoMetadata(await samplePhoto({ width: 20, height: 20, gps: true })),
    ).rejects.toThrow(/EXIF/)
  })
})
