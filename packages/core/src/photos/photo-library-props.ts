/*
 * What the photo library page (photo-library-page.tsx) is given and what its parts share: the
 * page's data and callbacks, its filters, an upload's progress and the places a photo is used.
 */
import type { PhotoLibraryEntry } from './photo-grid.tsx'

/** A place a photo is used: its name, and where it is changed (a link), if anywhere. */
export type PhotoPlace = string | { label: string; to?: string }

/** How far one file's upload has come, as the route reports it. */
export type UploadProgress = {
  phase: 'preparing' | 'uploading' | 'recording'
  /** 0 to 1, over the whole upload of the file. */
  fraction: number
}

/** The page's data and callbacks. */
export type PhotoLibraryPageProps = {
  /** How many photos match the filters in all; undefined until the first page is read. */
  total: number | undefined
  /** The photo at `index` of the matches, or undefined while its page is being read. */
  entryAt(index: number): PhotoLibraryEntry | undefined
  /** The indexes the grid shows (and a few around them): the route reads their pages. */
  onRangeChange(start: number, end: number): void
  /**
   * Where a photo is used, as readable places ("News › Opening day › card image"), each with
   * the address of the screen that changes it where there is one; empty when unused.
   */
  usage(entry: PhotoLibraryEntry): readonly PhotoPlace[]
  /**
   * Uploads one file (prepare, upload, record it in the library), reporting progress; rejects
   * with an Error whose message is shown next to the file. Called once per accepted file, a
   * few at a time; files the bucket would refuse never reach it.
   */
  onUpload(file: File, onProgress: (progress: UploadProgress) => void): Promise<void>
  /** Saves a photo's confirmed alt text (non-empty, trimmed); rejects with a message to show. */
  onSetAlt(id: string, alt: string): Promise<void>
  /** Saves a photo's caption (empty: none); rejects with a message to show. */
  onSetCaption?(id: string, caption: string): Promise<void>
  /** Deletes a photo no page uses; rejects with a message to show. */
  onDelete(id: string): Promise<void>
  /** Files uploaded at once. Default 2: preparing a photo is heavy work for a phone. */
  concurrency?: number
  /** The filters applied; the filter bar is shown when `onFiltersChange` is given. */
  filters?: PhotoFilters
  onFiltersChange?(filters: PhotoFilters): void
  /** The library's albums, for the album filter and moving photos. */
  albums?: readonly { id: string; title: string }[]
  /** Puts the selected photos in an album (`null`: in none); rejects with a message to show. */
  onSetAlbum?(ids: readonly string[], albumId: string | null): Promise<void>
  /** Adds an album and answers its id; rejects with a message to show. */
  onAddAlbum?(title: string): Promise<string>
  /** Deletes the selected photos (none when any is in use); rejects with a message to show. */
  onDeleteMany?(ids: readonly string[]): Promise<void>
  /** The photos could not be loaded: the message to show. */
  loadError?: string | undefined
  /** True while the photos for the current filters are being counted (`total` is what is read so far). */
  loading?: boolean
}

/** The library screen's filters. */
export type PhotoFilters = {
  /** Words in the file name, alt text, caption or album title. */
  search: string
  /** An album's id, `'none'` for photos in no album, `''` for all. */
  album: string
  /** `YYYY-MM-DD` or `''`: taken (or uploaded) on or after / on or before. */
  from: string
  to: string
  needsAltText: boolean
  notUsed: boolean
}

/** No filter: every photo. */
export const NO_PHOTO_FILTERS: PhotoFilters = {
  search: '',
  album: '',
  from: '',
  to: '',
  needsAltText: false,
  notUsed: false,
}

/** Whether a photo may be placed on a page: its alt text is written and confirmed by a person. */
export function isPhotoUsable(entry: Pick<PhotoLibraryEntry, 'alt' | 'needsAltText'>): boolean {
  return entry.alt.trim() !== '' && !entry.needsAltText
}

/** The message of a rejected callback, to show next to what failed. */
export const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'
