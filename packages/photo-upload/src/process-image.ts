import { MAX_EDGE, THUMBNAIL_EDGE } from '@club/core/entities'
import exifr from 'exifr'
import sharp from 'sharp'

// The same sizes as the browser's photo library page stores.
export { MAX_EDGE, THUMBNAIL_EDGE }
const JPEG_QUALITY = 82

// Every original is read once: libvips' operation cache (up to 50 MiB by default) would only
// make memory climb across a long batch.
sharp.cache(false)
const THUMBNAIL_QUALITY = 76

/** What the first bytes of a file say it is. */
export type SniffedFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff' | 'heic' | 'unknown'

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'])
// HEIF's generic brands, used by both HEIC and AVIF: the other brands listed decide.
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1', 'miaf'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end))

/** Identifies a file by its magic number, not its name (a `.jpg` may be anything). */
export function sniffFormat(head: Uint8Array): SniffedFormat {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg'
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp'
  if (ascii(head, 0, 4) === 'GIF8') return 'gif'
  const tiff = ascii(head, 0, 4)
  if (tiff === 'II*\0' || tiff === 'MM\0*') return 'tiff'
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const major = ascii(head, 8, 12)
    if (AVIF_BRANDS.has(major)) return 'avif'
    if (HEIC_BRANDS.has(major)) return 'heic'
    // The major brand may be generic: the compatible brands decide.
    const boxSize = Math.min(
      head.length,
      ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0),
    )
    const brands: string[] = []
    for (let offset = 16; offset + 4 <= boxSize; offset += 4)
      brands.push(ascii(head, offset, offset + 4))
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif'
    if (brands.some((brand) => HEIC_BRANDS.has(brand)) || GENERIC_HEIF_BRANDS.has(major))
      return 'heic'
  }
  return 'unknown'
}

/** A file the pipeline will not upload, with a reason a person can act on. */
export class RejectedImage extends Error {
  readonly reason: string
  constructor(reason: string) {
    super(reason)
    this.reason = reason
    this.name = 'RejectedImage'
  }
}

/** One encoded output, ready to upload. */
export type EncodedImage = {
  data: Buffer
  width: number
  height: number
  format: 'jpeg' | 'webp'
  contentType: 'image/jpeg' | 'image/webp'
  extension: 'jpg' | 'webp'
}

export type ProcessedImage = { photo: EncodedImage; thumbnail: EncodedImage }

const ACCEPTED = new Set<SniffedFormat>(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'])

/**
 * What exifr looks for in an output. One object for every call: exifr keeps the options it
 * builds in a Map keyed by the object passed, for good, so a new literal per call would leave
 * about 7 KB behind per check, two checks per photo.
 */
const EXIFR_EVERY_TAG = { tiff: true, exif: true, gps: true, xmp: true, iptc: true, icc: false }

/**
 * Checks that an encoded image carries no EXIF, XMP, IPTC or GPS: by libvips' own reading,
 * by exifr's, and by looking for the segment markers in the bytes. Throws when any remains.
 */
export async function assertNoMetadata(data: Buffer): Promise<void> {
  const meta = await sharp(data).metadata()
  const found: string[] = []
  if (meta.exif) found.push('EXIF')
  if (meta.xmp) found.push('XMP')
  if (meta.iptc) found.push('IPTC')
  if (meta.comments?.length) found.push('comments')
  const parsed: unknown = await exifr.parse(data, EXIFR_EVERY_TAG).catch(() => undefined)
  if (parsed && typeof parsed === 'object' && Object.keys(parsed).length > 0) found.push('tags')
  if (data.includes('Exif\0\0') || data.includes('http://ns.adobe.com/xap/')) found.push('markers')
  if (found.length > 0) {
    throw new Error(`Metadata remained after re-encoding (${[...new Set(found)].join(', ')})`)
  }
}

async function encode(
  input: Buffer,
  edge: number,
  alpha: boolean,
  quality: number,
): Promise<EncodedImage> {
  // No keep/with-metadata call anywhere: sharp then writes no EXIF, XMP or IPTC.
  const pipeline = sharp(input, { failOn: 'warning' })
    .autoOrient()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
  const { data, info } = alpha
    ? await pipeline.webp({ quality }).toBuffer({ resolveWithObject: true })
    : await pipeline.jpeg({ quality, mozjpeg: false }).toBuffer({ resolveWithObject: true })
  await assertNoMetadata(data)
  return alpha
    ? {
        data,
        width: info.width,
        height: info.height,
        format: 'webp',
        contentType: 'image/webp',
        extension: 'webp',
      }
    : {
        data,
        width: info.width,
        height: info.height,
        format: 'jpeg',
        contentType: 'image/jpeg',
        extension: 'jpg',
      }
}

/**
 * Turns an original into what is uploaded: upright (EXIF orientation applied), at most
 * {@link MAX_EDGE} px on its long edge plus a {@link THUMBNAIL_EDGE} px thumbnail, re-encoded
 * (JPEG, or WebP when the original has transparency), with every bit of metadata gone and
 * checked gone. HEIC, unknown and damaged files are rejected with a {@link RejectedImage}.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const format = sniffFormat(input.subarray(0, 64))
  if (format === 'heic') {
    throw new RejectedImage(
      'HEIC photos are not supported: export it as JPEG first (on an iPhone, Settings › Camera › Formats › Most Compatible)',
    )
  }
  if (!ACCEPTED.has(format)) {
    throw new RejectedImage(
      'Not a photo this uploader can read (JPEG, PNG, WebP, AVIF, GIF or TIFF)',
    )
  }
  let alpha: boolean
  try {
    const meta = await sharp(input, { failOn: 'warning' }).metadata()
    alpha = Boolean(meta.hasAlpha) && format !== 'jpeg'
    const photo = await encode(input, MAX_EDGE, alpha, JPEG_QUALITY)
    // From the upright, already reduced copy: a far smaller decode than the original.
    const thumbnail = await encode(photo.data, THUMBNAIL_EDGE, alpha, THUMBNAIL_QUALITY)
    return { photo, thumbnail }
  } catch (error) {
    if (error instanceof Error && error.message.startsWith('Metadata remained')) throw error
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new RejectedImage(`The file is damaged or incomplete and cannot be read (${detail})`)
  }
}
