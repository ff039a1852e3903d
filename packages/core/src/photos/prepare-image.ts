/**
 * Prepares a picked photo for the library in the browser: at most {@link MAX_EDGE} px on the long
 * edge plus a {@link THUMBNAIL_EDGE} px thumbnail and, for a photo wider than
 * `MEDIUM_WIDTH` (entities/photo-sizes.ts), a medium copy that wide (what phones load), re-encoded from pixels, which leaves every
 * piece of metadata (EXIF, GPS, XMP, IPTC) behind. Then the bytes about to be uploaded are
 * scanned, and any metadata left refuses the photo: these are photos of minors.
 *
 * Decoding and encoding are injected ({@link ImageCodec}), so the rules here run in tests
 * without a canvas; {@link createBrowserImageCodec} is the thin canvas part, covered by the
 * browser end-to-end test.
 */
import {
  MAX_EDGE,
  mediumSize,
  PHOTO_QUALITY,
  photoEncodingType,
  THUMBNAIL_EDGE,
  THUMBNAIL_QUALITY,
} from '../entities/photo-sizes.ts'
import { findMetadata, sniffScannedFormat } from '../photo-library/find-metadata.ts'
import type { MetadataFinding } from '../photo-library/find-metadata.ts'
import { photoTypeOf } from '../photo-library/photo-rules.ts'

/** What the browser pipeline stores: JPEG for photos, WebP where transparency may matter. */
export type PreparedType = 'image/jpeg' | 'image/webp'

/** A decoded image, upright (orientation applied), and how to let go of its memory. */
export type DecodedImage<Source> = {
  source: Source
  width: number
  height: number
  close(): void
}

/** Decodes files and encodes pixels; injected so that the rules can be tested without a canvas. */
export type ImageCodec<Source> = {
  /** Decodes a file, applying its orientation; rejects when the file is no image it can read. */
  decode(file: Blob): Promise<DecodedImage<Source>>
  /** Draws the image at `width` × `height` and encodes it; the blob's `type` says what was made. */
  encode(
    source: Source,
    width: number,
    height: number,
    type: PreparedType,
    quality: number,
  ): Promise<Blob>
}

/** An encoded, verified image. */
export type PreparedFile = {
  blob: Blob
  type: PreparedType
  width: number
  height: number
}

/** A photo ready to upload: the photo, its thumbnail, its medium copy, and the SHA-256 of the original file. */
export type PreparedImage = {
  photo: PreparedFile
  thumbnail: PreparedFile
  /** `MEDIUM_WIDTH` (entities/photo-sizes.ts) wide; absent when the photo is no wider than that. */
  medium?: PreparedFile
  /** Hex SHA-256 of the original file, as the bulk uploader records it (names paths, finds duplicates). */
  sha256: string
}

/** Why a photo could not be prepared. */
export type PreparationFailure = 'undecodable' | 'encoder' | 'metadata'

/** A photo that could not be prepared, with a message for the person uploading it. */
export class ImagePreparationError extends Error {
  readonly reason: PreparationFailure
  /** For `metadata`: what was found. */
  readonly findings: readonly MetadataFinding[]

  constructor(
    reason: PreparationFailure,
    message: string,
    findings: readonly MetadataFinding[] = [],
  ) {
    super(message)
    this.name = 'ImagePreparationError'
    this.reason = reason
    this.findings = findings
  }
}

/** The size of an image scaled down (never up) so that its long edge is at most `maxEdge`. */
export function fitWithin(
  width: number,
  height: number,
  maxEdge: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/** JPEG stays JPEG; other formats may be transparent (photoEncodingType, the shared rule). */
export function preparedTypeFor(file: { name: string; type: string }): PreparedType {
  return photoEncodingType({ jpeg: photoTypeOf(file) === 'image/jpeg' })
}

/** Hex SHA-256 of a blob's bytes (Web Crypto: the same in browsers and Node). */
export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer())
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

const FORMAT_TYPES = { jpeg: 'image/jpeg', webp: 'image/webp', png: 'image/png' } as const

/** Refuses bytes that are not what they claim to be or that still carry metadata. */
async function verified(blob: Blob, type: PreparedType, name: string): Promise<Blob> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  const format = sniffScannedFormat(bytes)
  if (!format || FORMAT_TYPES[format] !== type) {
    throw new ImagePreparationError('encoder', `${name} could not be converted for the library.`)
  }
  const { findings } = findMetadata(bytes)
  if (findings.length > 0) {
    const where = [...new Set(findings.map((finding) => finding.where))].join(', ')
    throw new ImagePreparationError(
      'metadata',
      `${name} was not uploaded: its converted copy still holds hidden information (${where}).`,
      findings,
    )
  }
  // A fresh blob with the checked type, so what is uploaded is exactly what was scanned.
  return new Blob([bytes], { type })
}

/**
 * Encodes `source` as `type`; a browser that cannot write WebP (it answers with PNG instead) gets
 * JPEG, whose canvas path fills transparency with white.
 */
async function encodeAs<Source>(
  codec: ImageCodec<Source>,
  source: Source,
  size: { width: number; height: number },
  type: PreparedType,
  quality: number,
  name: string,
): Promise<PreparedFile> {
  const failed = () =>
    new ImagePreparationError('encoder', `${name} could not be converted for the library.`)
  const encode = (as: PreparedType) =>
    codec.encode(source, size.width, size.height, as, quality).catch(() => {
      throw failed()
    })
  let blob = await encode(type)
  let made: PreparedType = type
  if (blob.type !== type && type === 'image/webp') {
    made = 'image/jpeg'
    blob = await encode(made)
  }
  if (blob.type !== made) throw failed()
  return { blob: await verified(blob, made, name), type: made, ...size }
}

/**
 * Prepares one picked file: decode (upright), resize, re-encode, verify. Rejects with an
 * {@link ImagePreparationError} whose message names the file and says what went wrong.
 */
export async function prepareImage<Source>(
  file: File,
  codec: ImageCodec<Source>,
): Promise<PreparedImage> {
  const sha256 = await sha256Hex(file)
  let decoded: DecodedImage<Source>
  try {
    decoded = await codec.decode(file)
  } catch {
    throw new ImagePreparationError(
      'undecodable',
      `${file.name} could not be read as an image. It may be damaged, or in a format this browser cannot open.`,
    )
  }
  try {
    const type = preparedTypeFor(file)
    const photo = await encodeAs(
      codec,
      decoded.source,
      fitWithin(decoded.width, decoded.height, MAX_EDGE),
      type,
      PHOTO_QUALITY,
      file.name,
    )
    const thumbnail = await encodeAs(
      codec,
      decoded.source,
      fitWithin(decoded.width, decoded.height, THUMBNAIL_EDGE),
      photo.type,
      THUMBNAIL_QUALITY,
      file.name,
    )
    const mediumFits = mediumSize(photo.width, photo.height)
    const medium = mediumFits
      ? await encodeAs(codec, decoded.source, mediumFits, photo.type, PHOTO_QUALITY, file.name)
      : undefined
    return { photo, thumbnail, ...(medium ? { medium } : {}), sha256 }
  } finally {
    decoded.close()
  }
}

type Canvas2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D

function draw(
  context: Canvas2D,
  source: ImageBitmap,
  width: number,
  height: number,
  type: PreparedType,
) {
  if (type === 'image/jpeg') {
    // JPEG has no transparency: transparent pixels would turn black.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
  }
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, width, height)
}

/**
 * The browser's codec: `createImageBitmap` (orientation from the file applied) to decode, an
 * `OffscreenCanvas` and `convertToBlob` to encode (a `<canvas>` and `toBlob` where there is no
 * OffscreenCanvas). A canvas holds pixels only, so what it encodes carries no metadata.
 */
export function createBrowserImageCodec(): ImageCodec<ImageBitmap> {
  return {
    async decode(file) {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
      return {
        source: bitmap,
        width: bitmap.width,
        height: bitmap.height,
        close: () => bitmap.close(),
      }
    },
    async encode(source, width, height, type, quality) {
      if (typeof OffscreenCanvas !== 'undefined') {
        const canvas = new OffscreenCanvas(width, height)
        const context = canvas.getContext('2d')
        if (!context) throw new Error('No 2D canvas')
        draw(context, source, width, height, type)
        return canvas.convertToBlob({ type, quality })
      }
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = height
      const context = canvas.getContext('2d')
      if (!context) throw new Error('No 2D canvas')
      draw(context, source, width, height, type)
      return new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('The canvas made no image'))),
          type,
          quality,
        ),
      )
    },
  }
}
