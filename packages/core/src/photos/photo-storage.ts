/**
 * IMPORTANT: the only core code that talks to Supabase Storage for the photo bucket. It is given
 * a client (never builds one: that is `backend/client.ts`'s job) and turns Storage's answers into
 * plain results and {@link PhotoStorageError}s with messages an editor can act on.
 */
import type { SupabaseClient } from '@supabase/supabase-js'

import {
  ACCEPTED_PHOTO_NAMES,
  PHOTO_BUCKET,
  PHOTO_CACHE_CONTROL,
  PHOTO_PAGE_SIZE,
} from './photo-rules.ts'

/** Why a Storage call failed, for callers that branch on it. */
export type PhotoStorageFailure =
  /** The bucket refuses the file's type (415). */
  | 'type-refused'
  /** The file is over the bucket's size limit (413). */
  | 'too-large'
  /** The caller is not signed in as staff (403, or a delete that removed nothing). */
  | 'not-staff'
  /** An object of that name is stored already (409). */
  | 'exists'
  /** The request never got an answer. */
  | 'network'
  /** Anything else Storage said. */
  | 'other'

/** A failed Storage call: `kind` to branch on, `message` to show. */
export class PhotoStorageError extends Error {
  readonly kind: PhotoStorageFailure
  /** Storage's logical status (`"413"`, `"403"`…), when it answered. */
  readonly status: string | undefined

  constructor(kind: PhotoStorageFailure, message: string, status?: string) {
    super(message)
    this.name = 'PhotoStorageError'
    this.kind = kind
    this.status = status
  }
}

/** An entry of a Storage listing: a file, or a folder (a common prefix of files). */
export type StoredPhotoObject = {
  /** The last segment of the path, as Storage lists it. */
  name: string
  /** The whole path inside the bucket. */
  path: string
  kind: 'file' | 'folder'
  /** Files only: bytes, type and last change, when Storage reports them. */
  size?: number
  contentType?: string
  updatedAt?: string
  /** Files only: the address anyone can load the file from. */
  publicUrl?: string
}

/** One page of a listing. */
export type PhotoListPage = {
  items: StoredPhotoObject[]
  /** The page asked for (0 is the first). */
  page: number
  /**
   * Whether another page may follow: true when this page is full. Storage gives no total, so a
   * listing of exactly a multiple of the page size ends with one empty page.
   */
  hasMore: boolean
}

/** A stored upload. */
export type StoredPhoto = { path: string; publicUrl: string }

/** The photo bucket, through one supabase-js client. */
export type PhotoStorage = {
  /** One page (100 entries, by name ascending) of the folder `prefix` (`''` for the top). */
  list(options?: { prefix?: string; page?: number }): Promise<PhotoListPage>
  /**
   * Stores a new object (never replaces one: `upsert: false`, so an existing path is an
   * `exists` error) with the library's cache lifetime, and returns its public address. For
   * paths named by content (`photoObjectPaths`), `exists` means an earlier try already stored
   * the same bytes.
   */
  upload(
    path: string,
    data: Blob | ArrayBuffer | Uint8Array,
    contentType: string,
  ): Promise<StoredPhoto>
  /**
   * Removes objects by exact path. Paths that were gone already count as removed; a path still
   * there afterwards means the caller may not delete (Storage skips those silently), which
   * is reported as `not-staff`.
   */
  remove(paths: readonly string[]): Promise<void>
  /** The public address of a path in the bucket (no request made). */
  publicUrl(path: string): string
}

type StorageErrorLike = {
  message?: string
  status?: number
  statusCode?: string
  code?: string
  originalError?: unknown
}

/** Storage answers 400 for most errors; the real code is the body's `statusCode` (wire contract §3.4). */
function logicalStatus(error: StorageErrorLike): string | undefined {
  if (error.statusCode && error.statusCode !== '400') return error.statusCode
  return error.status ? String(error.status) : error.statusCode
}

/** Maps what supabase-js returned for a failed call to a {@link PhotoStorageError}. */
export function toPhotoStorageError(
  error: unknown,
  action: 'list' | 'upload' | 'remove',
): PhotoStorageError {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as StorageErrorLike
  const status = logicalStatus(failure)
  const code = failure.code ?? ''
  if (status === '415' || code === 'InvalidMimeType') {
    return new PhotoStorageError(
      'type-refused',
      `The photo library does not accept this type of file. Use ${ACCEPTED_PHOTO_NAMES}.`,
      status,
    )
  }
  if (status === '413' || code === 'EntityTooLarge') {
    return new PhotoStorageError(
      'too-large',
      'This file is larger than the photo library accepts (10 MiB).',
      status,
    )
  }
  if (status === '403' || status === '401' || code === 'AccessDenied') {
    return new PhotoStorageError(
      'not-staff',
      'Your account cannot change the photo library: only staff can upload or delete photos.',
      status,
    )
  }
  if (status === '409' || code === 'ResourceAlreadyExists') {
    return new PhotoStorageError(
      'exists',
      'A file with this name is already in the photo library.',
      status,
    )
  }
  // storage-js reports a request that got no answer as a StorageUnknownError with no status.
  if (status === undefined || failure.originalError !== undefined) {
    return new PhotoStorageError(
      'network',
      `Could not reach the photo library to ${action}. Check the connection and try again.`,
      status,
    )
  }
  return new PhotoStorageError(
    'other',
    `The photo library could not ${action}: ${failure.message ?? 'unknown error'}`,
    status,
  )
}

type ListedItem = {
  name: string
  id: string | null
  updated_at?: string | null
  metadata?: { size?: number; mimetype?: string } | null
}

const joinPath = (prefix: string, name: string) =>
  prefix ? `${prefix.replace(/\/+$/, '')}/${name}` : name

/** The photo bucket's operations over `client` (signed in as staff for uploads and removals). */
export function createPhotoStorage(
  client: SupabaseClient,
  options: { bucket?: string } = {},
): PhotoStorage {
  const bucket = () => client.storage.from(options.bucket ?? PHOTO_BUCKET)
  const publicUrl = (path: string) => bucket().getPublicUrl(path).data.publicUrl

  return {
    publicUrl,

    async list({ prefix = '', page = 0 } = {}) {
      const { data, error } = await bucket().list(prefix, {
        limit: PHOTO_PAGE_SIZE,
        offset: page * PHOTO_PAGE_SIZE,
        sortBy: { column: 'name', order: 'asc' },
      })
      if (error) throw toPhotoStorageError(error, 'list')
      const items = (data as ListedItem[]).map((item): StoredPhotoObject => {
        const path = joinPath(prefix, item.name)
        // Storage lists folders as entries without an id (wire contract §3.2).
        if (item.id === null) return { name: item.name, path, kind: 'folder' }
        return {
          name: item.name,
          path,
          kind: 'file',
          ...(item.metadata?.size !== undefined ? { size: item.metadata.size } : {}),
          ...(item.metadata?.mimetype ? { contentType: item.metadata.mimetype } : {}),
          ...(item.updated_at ? { updatedAt: item.updated_at } : {}),
          publicUrl: publicUrl(path),
        }
      })
      return { items, page, hasMore: items.length === PHOTO_PAGE_SIZE }
    },

    async upload(path, data, contentType) {
      const { error } = await bucket().upload(path, data, {
        cacheControl: PHOTO_CACHE_CONTROL,
        contentType,
        upsert: false,
      })
      if (error) throw toPhotoStorageError(error, 'upload')
      return { path, publicUrl: publicUrl(path) }
    },

    async remove(paths) {
      if (paths.length === 0) return
      const { data, error } = await bucket().remove([...paths])
      if (error) throw toPhotoStorageError(error, 'remove')
      const removed = new Set(data.map((object) => object.name))
      const skipped = paths.filter((path) => !removed.has(path))
      // Storage skips objects the caller may not delete as if they were missing: look again,
      // at the public address (only staff may list or read through the API, so a caller who
      // is not staff would see nothing there either way).
      for (const path of skipped) {
        const stillThere = await fetch(publicUrl(path), { method: 'HEAD' }).then(
          (response) => response.ok,
          (error: unknown) => {
            throw toPhotoStorageError({ originalError: error }, 'remove')
          },
        )
        if (stillThere) {
          throw new PhotoStorageError(
            'not-staff',
            'Your account cannot change the photo library: only staff can upload or delete photos.',
          )
        }
      }
    },
  }
}
