import type { Tx } from '../db/database.ts'
import type { ServiceContext } from '../http/types.ts'
import { isUuid } from './caller.ts'

/** `storage.objects.metadata` as storage-api writes it (wire contract §3.2). */
export type ObjectMetadata = {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

/** A `storage.objects` row as the service reads it. */
export type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
  metadata: Partial<ObjectMetadata> | null
  user_metadata: Record<string, unknown> | null
  version: string | null
}

export const OBJECT_COLUMNS =
  'id, bucket_id, name, owner, owner_id, created_at, updated_at, last_accessed_at, metadata, user_metadata, version'

/** A `storage.buckets` row, which is also the bucket JSON of the API (§3.3). */
export type BucketRow = {
  id: string
  name: string
  owner: string | null
  owner_id: string | null
  public: boolean
  type: string
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

export const BUCKET_COLUMNS =
  'id, name, owner, owner_id, public, type, file_size_limit, allowed_mime_types, created_at, updated_at'

/** The blob key of a row: its version, or its id for rows written by plain SQL. */
export function blobKey(row: Pick<ObjectRow, 'id' | 'version'>): string {
  return isUuid(row.version) ? row.version.toLowerCase() : row.id.toLowerCase()
}

type Queryable = Pick<Tx, 'query'>

/** Reads a bucket regardless of row-level security (storage-api does this as its superuser). */
export async function findBucketAsAdmin(
  context: ServiceContext,
  id: string,
): Promise<BucketRow | undefined> {
  const result = await context.db.pg.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
    [id],
  )
  return result.rows[0]
}

/** Reads one object through whatever role `db` currently has. */
export async function findObject(
  db: Queryable,
  bucket: string,
  name: string,
  lock = false,
): Promise<ObjectRow | undefined> {
  const result = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2${lock ? ' for update' : ''}`,
    [bucket, name],
  )
  return result.rows[0]
}

/** Every blob key the database refers to (for the start-up sweep of orphans). */
export async function referencedBlobKeys(context: ServiceContext): Promise<Set<string>> {
  const result = await context.db.pg.query<{ id: string; version: string | null }>(
    'select id, version from storage.objects',
  )
  return new Set(result.rows.map(blobKey))
}
