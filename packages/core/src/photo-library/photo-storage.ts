/**
 * IMPORTANT: the only core code that talks to Supabase Storage for the photo bucket. It is given
 * a client (never builds one: that is `backend/client.ts`'s job) and turns Storage's answers into
 * plain results and {@link PhotoStorageError}s with messages an editor can act on.
 */
import type { SupabaseClient } from '@supabase/supabase-js'

import {
  ACCEPTED_PHOTO_NAMES,
  LIBRARY_BUCKET,
  PHOTO_BUCKET,
  PHOTO_CACHE_CONTROL,
  PHOTO_PAGE_SIZE,
  SIGNED_PHOTO_SECONDS,
} from './photo-rules.ts'
import { libraryRefused, unreachableLibrary } from './photo-library-messages.ts'

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
  /** The public address of a path in the bucket (no request made; a private bucket serves nobody there). */
  publicUrl(path: string): string
  /**
   * Signed addresses (path → address) that let the holder load the paths for
   * {@link SIGNED_PHOTO_SECONDS}: how staff see the private library's photos. Paths the
   * caller may not read, or that are missing, are left out.
   */
  signedUrls(paths: readonly string[]): Promise<Map<string, string>>
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
  action: 'list' | 'upload' | 'remove' | 'sign' | 'publish',
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
    return new PhotoStorageError('network', unreachableLibrary(action), status)
  }
  return new PhotoStorageError('other', libraryRefused(action, failure.message), status)
}

type ListedItem = {
  name: string
  id: string | null
  updated_at?: string | null
  metadata?: { size?: number; mimetype?: string } | null
}

const joinPath = (prefix: string, name: string) =>
  prefix ? `${prefix.replace(/\/+$/, '')}/${name}` : name

/**
 * A photo bucket's operations over `client` (signed in as staff for uploads and removals): the
 * public {@link PHOTO_BUCKET} by default, or `{ bucket: LIBRARY_BUCKET }` for the private library.
 */
export function createPhotoStorage(
  client: SupabaseClient,
  options: { bucket?: string } = {},
): PhotoStorage {
  const bucketId = options.bucket ?? PHOTO_BUCKET
  const bucket = () => client.storage.from(bucketId)
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
      // is not staff would see nothing there either way). A private bucket has no public
      // address: there only what the caller can see is checked.
      for (const path of skipped) {
        const stillThere =
          bucketId === PHOTO_BUCKET
            ? await fetch(publicUrl(path), { method: 'HEAD' }).then(
                (response) => response.ok,
                (error: unknown) => {
                  throw toPhotoStorageError({ originalError: error }, 'remove')
                },
              )
            : (await bucket().exists(path)).data === true
        if (stillThere) {
          throw new PhotoStorageError(
            'not-staff',
            'Your account cannot change the photo library: only staff can upload or delete photos.',
          )
        }
      }
    },

    async signedUrls(paths) {
      const signed = new Map<string, string>()
      const unique = [...new Set(paths)]
      // storage-api takes any number of paths; batches keep each request small.
      for (let start = 0; start < unique.length; start += 500) {
        const batch = unique.slice(start, start + 500)
        const { data, error } = await bucket().createSignedUrls(batch, SIGNED_PHOTO_SECONDS)
        if (error) throw toPhotoStorageError(error, 'sign')
        for (const entry of data) {
          if (entry.signedUrl && entry.path) signed.set(entry.path, entry.signedUrl)
        }
      }
      return signed
    },
  }
}

/** One library object whose publication is not as it should be (`photo_publication_plan`). */
export type PublicationStep = {
  objectName: string
  /** In the private library bucket (false: uploaded before it existed, public only). */
  inLibrary: boolean
  /** In the public bucket. */
  published: boolean
  /** A stored document names its photo. */
  used: boolean
}

/** What one {@link PhotoPublisher.sync} did. */
export type PublicationResult = { published: number; retired: number; adopted: number }

/**
 * Publication of library photos: a photo a page uses has a copy in the public bucket
 * ({@link PHOTO_BUCKET}, the address pages store); one no page uses has none, and stays in the
 * private library ({@link LIBRARY_BUCKET}) that only staff can read.
 */
export type PhotoPublisher = {
  /**
   * Copies these library paths (a photo's file, thumbnail and variants) to the public bucket
   * before a page starts using them; paths published already count as done.
   */
  publish(paths: readonly string[]): Promise<void>
  /**
   * Brings the public bucket in line with what the stored documents use, as the database
   * computes it: copies what is used and missing, removes what nothing uses (after making
   * sure the private library holds it), and moves older public-only uploads into the library.
   */
  sync(): Promise<PublicationResult>
}

type PlanRow = { object_name: string; in_library: boolean; published: boolean; used: boolean }

/** The photo publisher over `client` (staff's session). */
export function createPhotoPublisher(client: SupabaseClient): PhotoPublisher {
  const copy = async (path: string, from: string, to: string) => {
    const { error } = await client.storage.from(from).copy(path, path, { destinationBucket: to })
    if (!error) return
    const failure = toPhotoStorageError(error, 'publish')
    // Copied already (by an earlier try, another editor, or the uploader): done.
    if (failure.kind !== 'exists') throw failure
  }
  const publicBucket = createPhotoStorage(client, { bucket: PHOTO_BUCKET })

  return {
    async publish(paths) {
      for (const path of new Set(paths)) await copy(path, LIBRARY_BUCKET, PHOTO_BUCKET)
    },

    async sync() {
      const { data, error } = await client.rpc('photo_publication_plan')
      if (error) {
        throw new PhotoStorageError(
          error.code === '42501' ? 'not-staff' : 'other',
          `Could not check which photos pages use: ${error.message}`,
        )
      }
      const steps: PublicationStep[] = (data as PlanRow[]).map((row) => ({
        objectName: row.object_name,
        inLibrary: row.in_library,
        published: row.published,
        used: row.used,
      }))
      const result: PublicationResult = { published: 0, retired: 0, adopted: 0 }
      const retire: string[] = []
      for (const step of steps) {
        if (!step.inLibrary) {
          await copy(step.objectName, PHOTO_BUCKET, LIBRARY_BUCKET)
          result.adopted += 1
        }
        if (step.used && !step.published) {
          await copy(step.objectName, LIBRARY_BUCKET, PHOTO_BUCKET)
          result.published += 1
        }
        if (!step.used && step.published) retire.push(step.objectName)
      }
      for (let start = 0; start < retire.length; start += 100) {
        await publicBucket.remove(retire.slice(start, start + 100))
      }
      result.retired = retire.length
      return result
    },
  }
}
