import { z } from 'zod'
import {
  MAX_URL,
  hexColorSchema,
  idSchema,
  isoDateTimeSchema,
  patternString,
  shortTextSchema,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

const SAFE = String.raw`[^\s<>"'\x60\\]`

/**
 * Where a photo's file lives: a path inside the `photo-library` Storage bucket (e.g.
 * `2026/opening-day/3f2a.webp`, no `..`), a site path such as `/images/fields/field-1.svg`, or an
 * `http(s)` address.
 */
export const photoSrcSchema = patternString(
  new RegExp(
    String.raw`^(?:(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9._/-]*|\/(?![\/\\])${SAFE}*|https?:\/\/${SAFE}+)$`,
  ),
  MAX_URL,
  'Invalid photo address',
)

/** Image formats the upload pipeline produces (and `svg` for the built-in samples). */
export const PHOTO_FORMATS = ['avif', 'webp', 'jpeg', 'png', 'svg'] as const

const pixels = z.int().min(1).max(20_000)

/** A resized copy of a photo, for `srcset`. */
export const photoVariantSchema = z.object({
  width: pixels,
  src: photoSrcSchema,
  format: z.enum(PHOTO_FORMATS),
})

/** An album that groups photos. */
export const photoAlbumSchema = z.object({
  id: idSchema,
  title: shortTextSchema,
})

/**
 * A photo in the library. The spec shows no stored fields for the photo library; these are the
 * ones the desktop uploader records after processing a file: its location, pixel size (to reserve
 * layout space), optional album, capture time, caption, resized variants, a placeholder
 * (`blurhash` or `dominantColor`) and the SHA-256 of the original file, so that uploading the
 * same file twice is detected. The bulk uploader also records a small `thumbnail` and marks its
 * drafted alt text with `needsAltText` until a person confirms it (absent means confirmed, so
 * documents stored before these fields existed read as they did).
 */
export const photoSchema = z.object({
  id: idSchema,
  src: photoSrcSchema,
  alt: withNeutral(shortTextSchema, ''),
  width: pixels,
  height: pixels,
  albumId: idSchema.optional(),
  takenAt: isoDateTimeSchema.optional(),
  uploadedAt: isoDateTimeSchema.optional(),
  caption: shortTextSchema.optional(),
  variants: z.array(photoVariantSchema).max(12).optional(),
  blurhash: patternString(
    /^[0-9A-Za-z#$%*+,.:;=?@[\]^_{|}~-]{6,120}$/,
    120,
    'Invalid blurhash',
  ).optional(),
  dominantColor: hexColorSchema.optional(),
  sha256: patternString(/^[0-9a-f]{64}$/, 64, 'Invalid SHA-256').optional(),
  thumbnail: photoSrcSchema.optional(),
  needsAltText: z.boolean().optional(),
})

/**
 * The photo library (content key `photoLibrary`). The desktop app uploads processed photos to
 * the `photo-library` Storage bucket and records them here; a photo whose `albumId` names no
 * album is shown as unsorted.
 */
export const photoLibrarySchema = z.object({
  albums: uniqueArray(photoAlbumSchema, { id: (album) => album.id }, 500),
  photos: uniqueArray(photoSchema, { id: (photo) => photo.id }, 20_000),
})

/** The photo library document. */
export type PhotoLibrary = z.infer<typeof photoLibrarySchema>
/** A photo in the library. */
export type Photo = z.infer<typeof photoSchema>
/** An album of photos. */
export type PhotoAlbum = z.infer<typeof photoAlbumSchema>
/** A resized copy of a photo. */
export type PhotoVariant = z.infer<typeof photoVariantSchema>
