/*
 * The `photos` table's rows and the photos the app sees, each way: the row mapping of the
 * photo repository (photo-repository.ts), which alone reads and writes them.
 */
import type { Photo, PhotoVariant } from '../entities/photo-library.ts'

/** A photo of the library as stored: the entity plus what the table keeps about it. */
export type LibraryPhoto = Photo & {
  /** The original file's name (as picked or found in the uploaded folder). */
  fileName: string
  /** Increases with every change of alt text, caption or album; an edit names it. */
  version: number
}

/** What a new photo row holds (the table sets the version and who added it). */
export type NewLibraryPhoto = Photo & { fileName: string }

/** A row of `photos` as PostgREST answers it. */
export type PhotoRow = {
  id: string
  src: string
  thumbnail: string | null
  file_name: string
  alt: string
  needs_alt_text: boolean
  caption: string | null
  album_id: string | null
  width: number
  height: number
  taken_at: string | null
  uploaded_at: string
  sha256: string | null
  variants: PhotoVariant[] | null
  blurhash: string | null
  dominant_color: string | null
  version: number
}

/** The columns read, for `select`. */
export const COLUMNS =
  'id,src,thumbnail,file_name,alt,needs_alt_text,caption,album_id,width,height,taken_at,uploaded_at,sha256,variants,blurhash,dominant_color,version'

const iso = (value: string) => new Date(value).toISOString()

/** A stored row as the rest of the app sees it. */
export function fromRow(row: PhotoRow): LibraryPhoto {
  return {
    id: row.id,
    src: row.src,
    alt: row.alt,
    width: row.width,
    height: row.height,
    fileName: row.file_name,
    version: row.version,
    ...(row.thumbnail ? { thumbnail: row.thumbnail } : {}),
    ...(row.needs_alt_text ? { needsAltText: true } : {}),
    ...(row.caption ? { caption: row.caption } : {}),
    ...(row.album_id ? { albumId: row.album_id } : {}),
    ...(row.taken_at ? { takenAt: iso(row.taken_at) } : {}),
    ...(row.uploaded_at ? { uploadedAt: iso(row.uploaded_at) } : {}),
    ...(row.sha256 ? { sha256: row.sha256 } : {}),
    ...(row.variants ? { variants: row.variants } : {}),
    ...(row.blurhash ? { blurhash: row.blurhash } : {}),
    ...(row.dominant_color ? { dominantColor: row.dominant_color } : {}),
  }
}

/** A new photo as the row inserted for it. */
export function toRow(photo: NewLibraryPhoto): Omit<PhotoRow, 'version' | 'uploaded_at'> & {
  uploaded_at?: string
} {
  return {
    id: photo.id,
    src: photo.src,
    thumbnail: photo.thumbnail ?? null,
    file_name: photo.fileName.slice(0, 255),
    alt: photo.alt,
    needs_alt_text: photo.needsAltText ?? false,
    caption: photo.caption ?? null,
    album_id: photo.albumId ?? null,
    width: photo.width,
    height: photo.height,
    taken_at: photo.takenAt ?? null,
    ...(photo.uploadedAt ? { uploaded_at: photo.uploadedAt } : {}),
    sha256: photo.sha256 ?? null,
    variants: photo.variants ? [...photo.variants] : null,
    blurhash: photo.blurhash ?? null,
    dominant_color: photo.dominantColor ?? null,
  }
}
