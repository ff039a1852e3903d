import exifr from 'exifr'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { MAX_EDGE, MEDIUM_WIDTH, THUMBNAIL_EDGE, mediumSize } from '@club/core/entities'

import {
  MAX_INPUT_PIXELS,
  RejectedImage,
  assertNoMetadata,
  captureDate,
  processImage,
  sniffFormat,
} from './process-image.ts'
import {
  HEIC_FIXTURE_TAKEN_AT,
  SAMPLE_GPS,
  sampleCorruptJpeg,
  sampleHeic,
  sampleIphoneHeic,
  sampleOversizedJpeg,
  samplePhoto,
} from './testing/sample-photos.ts'

/** The colour of one pixel of an encoded image. */
async function pixelAt(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: pixels, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true })
  const offset = (y * info.width + x) * info.channels
  return [...pixels.subarray(offset, offset + 3)]
}

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

  it('should make a medium copy of the shared rule’s size for a photo wider than it, and none otherwise', async () => {
    const big = await processImage(await samplePhoto({ width: 3000, height: 1500 }))
    expect(big.medium && [big.medium.width, big.medium.height]).toEqual([MEDIUM_WIDTH, 400])
    expect(mediumSize(big.photo.width, big.photo.height)).toEqual({
      width: MEDIUM_WIDTH,
      height: 400,
    })
    // What is uploaded is what was measured: a JPEG of that size, without metadata.
    const medium = await sharp(big.medium?.data).metadata()
    expect([medium.format, medium.width, medium.height, medium.exif]).toEqual([
      'jpeg',
      MEDIUM_WIDTH,
      400,
      undefined,
    ])
    const narrow = await processImage(await samplePhoto({ width: 800, height: 1200 }))
    expect(narrow.medium).toBeUndefined()
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

  it('should reject damaged files, HEIC ones included, with a clear reason', async () => {
    // The start of a HEIC and then nothing a decoder can use.
    await expect(processImage(sampleHeic())).rejects.toThrow(/HEIC photo is damaged or incomplete/)
    const corrupt = processImage(await sampleCorruptJpeg())
    await expect(corrupt).rejects.toBeInstanceOf(RejectedImage)
    await expect(processImage(await sampleCorruptJpeg())).rejects.toThrow(/damaged or incomplete/)
  })
})

describe('processImage with an iPhone HEIC', () => {
  it('should decode it (libheif in WebAssembly) and convert it like any JPEG, without its tags', async () => {
    const original = await sampleIphoneHeic()
    expect(sniffFormat(original)).toBe('heic')
    // What the file holds before: GPS among its tags (read through sharp's header reader).
    const exif = (await sharp(original).metadata()).exif
    expect((await exifr.gps(exif as Buffer))?.latitude).toBeCloseTo(SAMPLE_GPS.latitude)

    const { photo, thumbnail, takenAt } = await processImage(original)
    expect([photo.contentType, photo.width, photo.height]).toEqual(['image/jpeg', 320, 240])
    expect(thumbnail.contentType).toBe('image/jpeg')
    expect(takenAt).toBe(HEIC_FIXTURE_TAKEN_AT)
    // The picture itself came through: sky at the top, the yellow sun, green ground below.
    const [skyR, , skyB] = await pixelAt(photo.data, 10, 10)
    expect(skyB).toBeGreaterThan((skyR ?? 0) + 40)
    const [sunR, sunG, sunB] = await pixelAt(photo.data, 250, 60)
    expect([sunR, sunG]).toEqual([
      expect.toSatisfy((v: number) => v > 200),
      expect.toSatisfy((v: number) => v > 170),
    ])
    expect(sunB).toBeLessThan(120)
    const [groundR, groundG, groundB] = await pixelAt(photo.data, 160, 220)
    expect(groundG).toBeGreaterThan(Math.max(groundR ?? 0, groundB ?? 0) + 30)
    for (const output of [photo, thumbnail]) await assertNoMetadata(output.data)
  })
})

describe('processImage and the capture date', () => {
  it('should keep DateTimeOriginal as takenAt while GPS and every other tag go', async () => {
    const original = await samplePhoto({
      width: 200,
      height: 150,
      gps: true,
      dateTimeOriginal: '2024:05:18 09:15:30',
      offsetTimeOriginal: '+02:00',
    })
    const { photo, thumbnail, takenAt } = await processImage(original)
    expect(takenAt).toBe('2024-05-18T07:15:30.000Z')
    for (const output of [photo, thumbnail]) {
      expect(await exifr.parse(output.data).catch(() => undefined)).toBeUndefined()
      await assertNoMetadata(output.data)
    }
  })

  it("should read a date without an offset in this computer's time zone, and leave none when there is none", async () => {
    const noOffset = await samplePhoto({
      width: 40,
      height: 30,
      dateTimeOriginal: '2023:10:01 18:05:00',
    })
    const zone = process.env.TZ
    try {
      // A club on the US east coast: 18:05 there (EDT, UTC-4) is 22:05 UTC.
      process.env.TZ = 'America/New_York'
      expect((await processImage(noOffset)).takenAt).toBe('2023-10-01T22:05:00.000Z')
    } finally {
      if (zone === undefined) delete process.env.TZ
      else process.env.TZ = zone
    }
    const plain = await processImage(await samplePhoto({ width: 40, height: 30, gps: true }))
    expect(plain.takenAt).toBeUndefined()
  })

  it('should ignore blank and impossible dates', () => {
    expect(captureDate({ DateTimeOriginal: '0000:00:00 00:00:00' })).toBeUndefined()
    expect(captureDate({ DateTimeOriginal: '2024:02:31 10:00:00' })).toBeUndefined()
    expect(captureDate({ DateTimeOriginal: '    :  :     :  :  ' })).toBeUndefined()
    expect(captureDate({ DateTimeOriginal: '2999:01:01 00:00:00' })).toBeUndefined()
    // DateTimeOriginal missing: the digitized date stands in.
    expect(captureDate({ CreateDate: '2022:07:04 12:00:00', OffsetTimeDigitized: '-05:00' })).toBe(
      '2022-07-04T17:00:00.000Z',
    )
  })
})

describe('processImage and the pixel limit', () => {
  it('should refuse an original over the limit from its header alone, naming the limit', async () => {
    const huge = await sampleOversizedJpeg(20_000, 20_000)
    const refused = processImage(huge)
    await expect(refused).rejects.toBeInstanceOf(RejectedImage)
    await expect(processImage(huge)).rejects.toThrow(
      `Too large: 20000 × 20000 px (400 megapixels) is over the uploader's limit of 100 megapixels (limitInputPixels ${MAX_INPUT_PIXELS})`,
    )
  })

  it('should hold to a lower limit when given one, HEIC included', async () => {
    await expect(
      processImage(await samplePhoto({ width: 400, height: 300 }), { maxPixels: 100_000 }),
    ).rejects.toThrow(
      /400 × 300 px \(0\.1 megapixels\) is over the uploader's limit of 0\.1 megapixels/,
    )
    await expect(processImage(await sampleIphoneHeic(), { maxPixels: 50_000 })).rejects.toThrow(
      /320 × 240 px/,
    )
    // At the limit exactly, taken.
    expect(
      (await processImage(await samplePhoto({ width: 400, height: 250 }), { maxPixels: 100_000 }))
        .photo.width,
    ).toBe(400)
  })
})

describe('assertNoMetadata', () => {
  it('should throw when EXIF is still there', async () => {
    await expect(
      assertNoMetadata(await samplePhoto({ width: 20, height: 20, gps: true })),
    ).rejects.toThrow(/EXIF/)
  })

  it('should throw on what only the shared byte scan sees: data after the image', async () => {
    const { photo } = await processImage(await samplePhoto({ width: 40, height: 30 }))
    await expect(assertNoMetadata(photo.data)).resolves.toBeUndefined()
    const appended = Buffer.concat([photo.data, Buffer.from('Exif tail from a camera')])
    await expect(assertNoMetadata(appended)).rejects.toThrow(/data after the end of the image/)
  })
})
