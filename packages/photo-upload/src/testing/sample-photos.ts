import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

import sharp from 'sharp'

/** Where the sample GPS tags point (a made-up spot); tests look for it before and after. */
export const SAMPLE_GPS = { latitude: 51.5, longitude: -0.125 }

const GPS_EXIF = {
  IFD0: { Make: 'SampleCam', Model: 'Test 1', Artist: 'A Parent' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '51/1 30/1 0/1',
    GPSLongitudeRef: 'W',
    GPSLongitude: '0/1 7/1 30/1',
  },
}

export type SamplePhotoOptions = {
  width?: number
  height?: number
  format?: 'jpeg' | 'png'
  /** Write GPS and camera EXIF into the file. */
  gps?: boolean
  /** Makes each photo's pixels (and so its hash) different. */
  seed?: number
  /** EXIF orientation to record (6 = the camera was turned; the pixels lie sideways). */
  orientation?: number
  /** EXIF DateTimeOriginal as cameras write it (`YYYY:MM:DD HH:MM:SS`). */
  dateTimeOriginal?: string
  /** EXIF OffsetTimeOriginal (`+02:00`). */
  offsetTimeOriginal?: string
}

/** A real, decodable photo with noisy pixels (so it compresses like a photo), optionally with GPS EXIF. */
export async function samplePhoto(options: SamplePhotoOptions = {}): Promise<Buffer> {
  const {
    width = 1200,
    height = 900,
    format = 'jpeg',
    gps = false,
    seed = 0,
    orientation,
    dateTimeOriginal,
    offsetTimeOriginal,
  } = options
  const channels = 3
  const pixels = Buffer.alloc(width * height * channels)
  let state = (seed * 2654435761 + 1) >>> 0
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) >>> 0
      const offset = (y * width + x) * channels
      pixels[offset] = (x * 255) / width + (state & 31)
      pixels[offset + 1] = (y * 255) / height + ((state >> 5) & 31)
      pixels[offset + 2] = ((seed * 37) & 255) ^ ((state >> 10) & 63)
    }
  }
  let image = sharp(pixels, { raw: { width, height, channels } })
  image = format === 'png' ? image.png({ compressionLevel: 3 }) : image.jpeg({ quality: 90 })
  const dates = {
    ...(dateTimeOriginal ? { DateTimeOriginal: dateTimeOriginal } : {}),
    ...(offsetTimeOriginal ? { OffsetTimeOriginal: offsetTimeOriginal } : {}),
  }
  if (gps || dateTimeOriginal)
    image = image.withExif({
      ...(gps ? GPS_EXIF : {}),
      ...(dateTimeOriginal ? { IFD2: dates } : {}),
    })
  if (orientation !== undefined) image = image.withMetadata({ orientation })
  return image.toBuffer()
}

/** The start of a HEIC file as an iPhone writes it (enough for any reader to know it is HEIC). */
export function sampleHeic(): Buffer {
  const ftyp = Buffer.alloc(24)
  ftyp.writeUInt32BE(24, 0)
  ftyp.write('ftypheic', 4, 'latin1')
  ftyp.writeUInt32BE(0, 12)
  ftyp.write('mif1heic', 16, 'latin1')
  return Buffer.concat([ftyp, Buffer.alloc(2048, 7)])
}

/**
 * A real HEIC, as an iPhone writes one: 320 × 240, HEVC-coded, with EXIF (camera, GPS,
 * DateTimeOriginal 2025:06:14 10:42:07 at offset -04:00). Made with libheif's `heif-enc` from a
 * JPEG; see test/fixtures/README.md.
 */
export const HEIC_FIXTURE = fileURLToPath(
  new URL('../../test/fixtures/iphone-like.heic', import.meta.url),
)
/** {@link HEIC_FIXTURE}'s capture date as an instant. */
export const HEIC_FIXTURE_TAKEN_AT = '2025-06-14T14:42:07.000Z'

export const sampleIphoneHeic = (): Promise<Buffer> => readFile(HEIC_FIXTURE)

/**
 * A JPEG whose header says it is `width` × `height` while its data is a small photo's: readers
 * learn the size from the header, so a pixel limit can be tried without making a huge file.
 */
export async function sampleOversizedJpeg(width = 20_000, height = 20_000): Promise<Buffer> {
  const jpeg = Buffer.from(await samplePhoto({ width: 64, height: 48, seed: 77 }))
  // The start-of-frame segment (baseline FFC0 or progressive FFC2): height, then width.
  for (let offset = 2; offset + 9 < jpeg.length;) {
    if (jpeg[offset] !== 0xff) break
    const marker = jpeg[offset + 1] ?? 0
    const length = jpeg.readUInt16BE(offset + 2)
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(height, offset + 5)
      jpeg.writeUInt16BE(width, offset + 7)
      return jpeg
    }
    offset += 2 + length
  }
  throw new Error('No start-of-frame segment in the sample JPEG')
}

/** A JPEG cut off half way, as a failed copy leaves it. */
export async function sampleCorruptJpeg(): Promise<Buffer> {
  const whole = await samplePhoto({ width: 400, height: 300, seed: 999 })
  return whole.subarray(0, Math.floor(whole.length / 2))
}

/** Writes a file, making its folder. */
export async function writeSample(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, data)
}
