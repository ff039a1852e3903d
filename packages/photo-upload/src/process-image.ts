import {
  MAX_EDGE,
  mediumSize,
  PHOTO_QUALITY,
  photoEncodingType,
  THUMBNAIL_EDGE,
  THUMBNAIL_QUALITY,
} from '@club/core/entities'
import { findMetadata } from '@club/core/photo-rules'
import exifr from 'exifr'
import sharp from 'sharp'

/** sharp's quality scale (1–100) of the shared qualities (@club/core/entities). */
const JPEG_QUALITY = Math.round(PHOTO_QUALITY * 100)
const THUMBNAIL_JPEG_QUALITY = Math.round(THUMBNAIL_QUALITY * 100)

// Every original is read once: libvips' operation cache (up to 50 MiB by default) would only
// make memory climb across a long batch.
sharp.cache(false)

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

/**
 * What is uploaded for one original, and the one fact kept from its metadata: when it was taken
 * (an ISO 8601 instant), when the camera recorded it.
 */
export type ProcessedImage = {
  photo: EncodedImage
  thumbnail: EncodedImage
  /** `MEDIUM_WIDTH` (@club/core/entities) wide (what phones load); absent when the photo is no wider than that. */
  medium?: EncodedImage
  takenAt?: string
}

const ACCEPTED = new Set<SniffedFormat>(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heic'])

/**
 * The largest original taken, in pixels (width × height): 100 megapixels, twice a 48 MP phone
 * photo. Decoding one costs about 4 bytes a pixel, four at a time; larger files (panoramas,
 * scans, decompression bombs) are refused before they are decoded.
 */
export const MAX_INPUT_PIXELS = 100_000_000

const megapixels = (pixels: number) => `${Math.round(pixels / 100_000) / 10} megapixels`

/** The refusal of an original over the pixel limit, naming the limit. */
export function tooLargeReason(width: number, height: number, limit = MAX_INPUT_PIXELS): string {
  return `Too large: ${width} × ${height} px (${megapixels(width * height)}) is over the uploader's limit of ${megapixels(limit)} (limitInputPixels ${limit}); save a smaller copy and add that`
}

/**
 * What exifr looks for in an output. One object for every call: exifr keeps the options it
 * builds in a Map keyed by the object passed, for good, so a new literal per call would leave
 * about 7 KB behind per check, two checks per photo.
 */
const EXIFR_EVERY_TAG = { tiff: true, exif: true, gps: true, xmp: true, iptc: true, icc: false }

/**
 * Checks that an encoded image carries no EXIF, XMP, IPTC or GPS: by libvips' own reading,
 * by exifr's, and by the byte scan the browser's uploader runs too (`findMetadata`, in
 * `@club/core/photo-rules`). Throws when any remains.
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
  for (const finding of findMetadata(data).findings) found.push(finding.where)
  if (found.length > 0) {
    throw new Error(`Metadata remained after re-encoding (${[...new Set(found)].join(', ')})`)
  }
}

/** An original as sharp reads it: encoded bytes, or decoded RGBA pixels (HEIC). */
type Source = { data: Buffer; raw?: { width: number; height: number; channels: 4 } }

async function encode(
  source: Source,
  /** The long edge to fit within, or the exact size (of the medium copy). */
  edge: number | { width: number; height: number },
  alpha: boolean,
  quality: number,
  limitInputPixels: number,
): Promise<EncodedImage> {
  // No keep/with-metadata call anywhere: sharp then writes no EXIF, XMP or IPTC.
  let input = source.raw
    ? sharp(source.data, { raw: source.raw, limitInputPixels })
    : sharp(source.data, { failOn: 'warning', limitInputPixels })
  // Decoded HEIC pixels always come with an alpha channel; opaque ones are a JPEG like any other.
  if (source.raw && !alpha) input = input.removeAlpha()
  const pipeline = input
    .autoOrient()
    .resize(
      typeof edge === 'number'
        ? { width: edge, height: edge, fit: 'inside', withoutEnlargement: true }
        : { ...edge, fit: 'fill' },
    )
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
 * What exifr reads from an original's EXIF block for the capture date: the dates as written
 * (`YYYY:MM:DD HH:MM:SS`, no time zone) and their offsets. One object for every call (see
 * {@link EXIFR_EVERY_TAG}).
 */
const EXIFR_CAPTURE_DATE = {
  pick: ['DateTimeOriginal', 'OffsetTimeOriginal', 'CreateDate', 'OffsetTimeDigitized'],
  reviveValues: false,
  translateValues: false,
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/
const EXIF_OFFSET = /^([+-])(\d{2}):(\d{2})$/

/**
 * When the photo was taken, as an ISO 8601 instant, from EXIF `DateTimeOriginal` (else
 * `CreateDate`). The camera writes its clock's wall time; with `OffsetTimeOriginal` (recent
 * phones) that is an exact instant, without it the time is read in this computer's time zone
 * (the club's, as a rule). Undefined when there is no date, or only a blank or impossible one.
 */
export function captureDate(tags: Record<string, unknown> | undefined): string | undefined {
  if (!tags) return undefined
  const pairs: [unknown, unknown][] = [
    [tags.DateTimeOriginal, tags.OffsetTimeOriginal],
    [tags.CreateDate, tags.OffsetTimeDigitized],
  ]
  for (const [date, offset] of pairs) {
    const match = typeof date === 'string' ? EXIF_DATE.exec(date.trim()) : null
    if (!match) continue
    const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ]
    const zone = typeof offset === 'string' ? EXIF_OFFSET.exec(offset.trim()) : null
    const wall = Date.UTC(year, month - 1, day, hour, minute, second)
    const at = zone
      ? new Date(
          wall - (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3])) * 60_000,
        )
      : new Date(year, month - 1, day, hour, minute, second)
    // A date that rolled over (month 13, 31 February) or lies outside photography's years is noise.
    const rolled = new Date(wall)
    if (rolled.getUTCMonth() !== month - 1 || rolled.getUTCDate() !== day) continue
    if (year < 1900 || at.getTime() > Date.now() + 86_400_000) continue
    return at.toISOString()
  }
  return undefined
}

const EXIF_PREFIX = Buffer.from('Exif\0\0', 'latin1')

async function readCaptureDate(exif: Buffer | undefined): Promise<string | undefined> {
  if (!exif) return undefined
  // libvips hands a JPEG's EXIF over as its APP1 segment holds it, behind `Exif\0\0`, and a
  // HEIC's as the bare TIFF structure exifr reads.
  const tiff = exif.subarray(0, 6).equals(EXIF_PREFIX) ? exif.subarray(6) : exif
  const tags: unknown = await exifr.parse(tiff, EXIFR_CAPTURE_DATE).catch(() => undefined)
  return captureDate(
    tags && typeof tags === 'object' ? (tags as Record<string, unknown>) : undefined,
  )
}

type HeicDecoded = { width: number; height: number; data: Uint8ClampedArray }
type HeicDecoder = (input: { buffer: Uint8Array }) => Promise<HeicDecoded>

let heicDecoder: Promise<HeicDecoder> | undefined
/**
 * libheif compiled to WebAssembly (through heic-decode), loaded on the first HEIC only: about
 * 2 MB of code to compile. heic-decode ships no types: the specifier is widened to `string` so
 * TypeScript does not look for them (the import stays a plain one for Node and bundlers).
 */
const loadHeicDecoder = () =>
  (heicDecoder ??= import('heic-decode' as string).then(
    (module: { default: HeicDecoder }) => module.default,
  ))

/** Decodes a HEIC/HEIF original (its primary image, rotated as stored) to RGBA pixels. */
async function decodeHeic(input: Buffer): Promise<Source> {
  const decode = await loadHeicDecoder()
  const { width, height, data } = await decode({ buffer: input })
  return {
    data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    raw: { width, height, channels: 4 },
  }
}

export type ProcessOptions = {
  /** Originals with more pixels than this are refused (default {@link MAX_INPUT_PIXELS}). */
  maxPixels?: number
}

/**
 * Turns an original into what is uploaded: upright (EXIF orientation applied), at most
 * {@link MAX_EDGE} px on its long edge plus a {@link THUMBNAIL_EDGE} px thumbnail and, when wider
 * than `MEDIUM_WIDTH` (@club/core/entities), a medium copy that wide, re-encoded
 * (JPEG, or WebP when the original has transparency), with every bit of metadata gone and
 * checked gone; only the capture date is kept, read before, as `takenAt`. HEIC/HEIF (iPhone
 * photos), which sharp's own binaries cannot decode, go through libheif in WebAssembly first.
 * Unknown, damaged and too large files are rejected with a {@link RejectedImage}.
 */
export async function processImage(
  input: Buffer,
  options: ProcessOptions = {},
): Promise<ProcessedImage> {
  const maxPixels = options.maxPixels ?? MAX_INPUT_PIXELS
  const format = sniffFormat(input.subarray(0, 64))
  if (!ACCEPTED.has(format)) {
    throw new RejectedImage(
      'Not a photo this uploader can read (JPEG, PNG, WebP, AVIF, HEIC, GIF or TIFF)',
    )
  }
  let stage = 'read'
  try {
    // The header only: size, transparency and the EXIF block, HEIC included.
    const meta = await sharp(input, { failOn: 'warning', limitInputPixels: false }).metadata()
    const { width = 0, height = 0 } = meta
    if (width * height > maxPixels)
      throw new RejectedImage(tooLargeReason(width, height, maxPixels))
    const takenAt = await readCaptureDate(meta.exif)
    const alpha =
      photoEncodingType({ jpeg: format === 'jpeg', alpha: Boolean(meta.hasAlpha) }) === 'image/webp'
    stage = 'decode'
    const source = format === 'heic' ? await decodeHeic(input) : { data: input }
    stage = 'encode'
    const photo = await encode(source, MAX_EDGE, alpha, JPEG_QUALITY, maxPixels)
    // From the upright, already reduced copy: a far smaller decode than the original.
    const thumbnail = await encode(
      { data: photo.data },
      THUMBNAIL_EDGE,
      alpha,
      THUMBNAIL_JPEG_QUALITY,
      maxPixels,
    )
    // The medium copy's size is the shared rule's (the browser's uploader makes the same).
    const mediumFits = mediumSize(photo.width, photo.height)
    const medium = mediumFits
      ? await encode({ data: photo.data }, mediumFits, alpha, JPEG_QUALITY, maxPixels)
      : undefined
    return { photo, thumbnail, ...(medium ? { medium } : {}), ...(takenAt ? { takenAt } : {}) }
  } catch (error) {
    if (error instanceof RejectedImage) throw error
    if (error instanceof Error && error.message.startsWith('Metadata remained')) throw error
    const detail = (error instanceof Error ? error.message.split('\n')[0] : String(error)) ?? ''
    if (/pixel limit/i.test(detail)) {
      throw new RejectedImage(
        `Too large: over the uploader's limit of ${megapixels(maxPixels)} (limitInputPixels ${maxPixels}); save a smaller copy and add that`,
      )
    }
    const what = format === 'heic' && stage !== 'encode' ? 'HEIC photo' : 'file'
    throw new RejectedImage(`The ${what} is damaged or incomplete and cannot be read (${detail})`)
  }
}
