import { MEDIUM_WIDTH, addressWithCopies, sizedCopyPath } from '../entities/photo-sizes.ts'

/**
 * The photo bucket's rules as the browser and the bulk uploader see them, kept in step with
 * `supabase/migrations/20261122000200_photo_library_bucket.sql`, so that a file the bucket
 * would refuse is refused with a clear message before anything is sent. Pure: the page and
 * the Storage module both read it.
 */

/**
 * The public bucket: copies of the library photos pages use, at the same paths, which pages
 * store as addresses (`…/object/public/photo-library/library/ab/<sha256>.webp`). Only staff may
 * list it or write to it; a photo no page uses is removed from it
 * (`supabase/migrations/20261127000300_private_photo_library.sql`).
 */
export const PHOTO_BUCKET = 'photo-library'

/** The bucket's folder that library photos are stored in. */
export const PHOTO_FOLDER = 'library'

/**
 * The private bucket every upload goes to: staff only, for every operation (visitors can
 * neither list it nor fetch from it); staff see its photos through signed URLs.
 */
export const LIBRARY_BUCKET = 'photo-library-private'

/** How long a signed address of a private library photo lasts, in seconds (6 hours). */
export const SIGNED_PHOTO_SECONDS = 6 * 60 * 60

/** The bucket's `file_size_limit`: 10 MiB. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024

/** The bucket's `allowed_mime_types`. */
export const ACCEPTED_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const

/** A type the bucket accepts. */
export type AcceptedPhotoType = (typeof ACCEPTED_PHOTO_TYPES)[number]

/** Photos per page of the library: the spec's Storage list default (§9). */
export const PHOTO_PAGE_SIZE = 100

/** How long browsers and CDNs may keep a photo, in seconds: the spec's Storage default (§9). */
export const PHOTO_CACHE_CONTROL = '3600'

/** The accepted types as people know them, for messages. */
export const ACCEPTED_PHOTO_NAMES = 'JPEG, PNG, WebP, AVIF or GIF'

// Some systems hand files over with no type (drag from a file manager): the extension decides then.
const TYPE_BY_EXTENSION: Record<string, AcceptedPhotoType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
}

/** The file extension objects of a type are stored with. */
export const EXTENSION_BY_TYPE: Record<AcceptedPhotoType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
}

/** Whether `type` is one the bucket accepts. */
export function isAcceptedPhotoType(type: string): type is AcceptedPhotoType {
  return (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(type)
}

/** The type of a picked file: its declared type, else one told by its extension. */
export function photoTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase()
  const extension = /\.([^./\\]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  return TYPE_BY_EXTENSION[extension] ?? ''
}

const mebibytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MiB`

/**
 * Why the bucket would refuse a picked file, or `null` when it would take it. Checked before
 * any work is done, so a wrong file is named at once rather than after a failed upload.
 */
export function photoFileProblem(file: {
  name: string
  type: string
  size: number
}): string | null {
  const type = photoTypeOf(file)
  if (!isAcceptedPhotoType(type)) {
    return `${file.name} is not a photo the library accepts. Use ${ACCEPTED_PHOTO_NAMES}.`
  }
  if (file.size > MAX_PHOTO_BYTES) {
    return `${file.name} is ${mebibytes(file.size)}; the library accepts files up to 10 MiB.`
  }
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

/**
 * Where a photo, its thumbnail and its medium copy are stored: named by the SHA-256 of the
 * original file, as the bulk uploader names them (`library/ab/<sha256>.jpg`, `…-thumb.jpg`,
 * `…-800w.jpg`), so the same photo uploaded from the browser and from the desktop lands on the
 * same paths and is never stored twice. Both uploaders make the medium copy only for a photo
 * wider than {@link MEDIUM_WIDTH} (`mediumSize`).
 */
export function photoObjectPaths(
  sha256: string,
  type: AcceptedPhotoType,
): { src: string; thumbnail: string; medium: string } {
  const folder = `${PHOTO_FOLDER}/${sha256.slice(0, 2)}`
  const extension = EXTENSION_BY_TYPE[type]
  const src = `${folder}/${sha256}.${extension}`
  return {
    src,
    thumbnail: `${folder}/${sha256}-thumb.${extension}`,
    medium: sizedCopyPath(src, MEDIUM_WIDTH),
  }
}

/** What a library photo record says about its files (a row of the library, or an upload's record). */
type PhotoFiles = {
  src: string
  width: number
  variants?: readonly { src: string; width: number }[] | undefined
}

/** Whether `src` is a path inside the photo buckets (not a site path or a web address). */
const isBucketPath = (src: string) => !/^(?:\/|https?:)/i.test(src)

/**
 * Every bucket path of a photo that a page using it loads or may load: the photo and its
 * resized copies (its `srcset`). Picking a photo for a page publishes all of them; the
 * session's sync (`photo_publication_plan`, by the photo's hash) brings the thumbnail later.
 */
export function photoCopyPaths(photo: PhotoFiles): string[] {
  if (!isBucketPath(photo.src)) return []
  return [photo.src, ...(photo.variants ?? []).map((variant) => variant.src)].filter(isBucketPath)
}

/**
 * The address a page stores for a library photo: a site path or web address as it is; a
 * bucket path at its public address (`publicUrl`), with the widths of its resized copies
 * (`addressWithCopies`) when they are stored where the rule puts them, so the page can offer
 * them in a `srcset`. A photo stored before medium copies existed gets its plain address.
 */
export function photoAddress(photo: PhotoFiles, publicUrl: (path: string) => string): string {
  if (!isBucketPath(photo.src)) return photo.src
  const widths = (photo.variants ?? [])
    .filter((variant) => variant.src === sizedCopyPath(photo.src, variant.width))
    .map((variant) => variant.width)
  return addressWithCopies(publicUrl(photo.src), photo.width, widths)
}
