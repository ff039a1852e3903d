import { parseSize } from '../config.ts'
import type { Tx } from '../db/database.ts'
import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { jsonBody, optionalInteger, optionalString } from './body.ts'
import { ownerColumns, resolveCaller, runAsCaller, withoutRls } from './caller.ts'
import type { Caller } from './caller.ts'
import type { StorageContext } from './context.ts'
import { errors, sqlState, StorageError } from './errors.ts'
import { validateBucketName } from './names.ts'
import { BUCKET_COLUMNS, blobKey } from './rows.ts'
import type { BucketRow } from './rows.ts'
import { discardBlob } from './writes.ts'

const MIME_TYPE = /^[\w.+-]+\/([\w.+-]+|\*)$/
const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])

/** `file_size_limit` as bytes: a number or a size string ("5MB"); 0 or null means "no bucket limit". */
function fileSizeLimit(context: StorageContext, value: unknown): number | null {
  if (value === null || value === 0 || value === '') return null
  const bytes = parseSize(value)
  if (bytes === undefined || bytes < 0) {
    throw errors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B')
  }
  if (bytes > context.config.storageFileSizeLimit) throw errors.entityTooLarge()
  return bytes
}

function mimeTypes(value: unknown): string[] | null {
  if (value === null) return null
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string')) {
    throw errors.invalidRequest('body/allowed_mime_types must be array of strings')
  }
  for (const entry of value as string[]) {
    if (!MIME_TYPE.test(entry)) throw errors.invalidRequest(`Invalid mime type format: ${entry}`)
  }
  return value.length > 0 ? (value as string[]) : null
}

/** Bucket settings from a create or update body; a property left out stays undefined. */
function bucketSettings(context: StorageContext, body: Record<string, unknown>) {
  if (body.public !== undefined && typeof body.public !== 'boolean') {
    throw errors.invalidRequest('body/public must be boolean')
  }
  return {
    public: body.public as boolean | undefined,
    fileSizeLimit:
      body.file_size_limit === undefined ? undefined : fileSizeLimit(context, body.file_size_limit),
    allowedMimeTypes:
      body.allowed_mime_types === undefined ? undefined : mimeTypes(body.allowed_mime_types),
  }
}

/** `GET /bucket[?limit&offset&sortColumn&sortOrder&search]`: the buckets the caller's policies show. */
export async function listBuckets(
  context: StorageContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const query = request.url.searchParams
  const limit = optionalInteger(query.get('limit'), 'querystring/limit', 0)
  const offset = optionalInteger(query.get('offset'), 'querystring/offset', 0)
  const sortColumn = query.get('sortColumn') ?? 'name'
  if (!SORT_COLUMNS.has(sortColumn))
    throw errors.invalidRequest('querystring/sortColumn is not a valid column')
  const order = query.get('sortOrder')?.toLowerCase() === 'desc' ? 'desc' : 'asc'
  const search = query.get('search') ?? ''
  const caller = await resolveCaller(context, request)
  const rows = await runAsCaller(context, caller, 'storage.bucket.list', async (tx) => {
    const result = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets
       where $1 = '' or name ilike '%' || $1 || '%'
       order by ${sortColumn} ${order}
       limit $2::int offset $3::int`,
      // LIMIT NULL means no limit: storage-js sends none unless asked.
      [search, limit > 0 ? limit : null, offset],
    )
    return result.rows
  })
  return { status: 200, json: rows }
}

async function visibleBucket(
  context: StorageContext,
  caller: Caller,
  id: string,
  operation: string,
): Promise<BucketRow> {
  const bucket = await runAsCaller(context, caller, operation, async (tx) => {
    const result = await tx.query<BucketRow>(
      `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`,
      [id],
    )
    return result.rows[0]
  })
  if (!bucket) throw errors.noSuchBucket()
  return bucket
}

/** `GET /bucket/{id}`. */
export async function getBucket(
  context: StorageContext,
  request: ServiceRequest,
  id: string,
): Promise<ServiceResponse> {
  const caller = await resolveCaller(context, request)
  return { status: 200, json: await visibleBucket(context, caller, id, 'storage.bucket.get') }
}

/** `POST /bucket`: an INSERT on storage.buckets, so only callers with a policy (or the service role) may. */
export async function createBucket(
  context: StorageContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const body = jsonBody(request)
  const name = validateBucketName(body.name ?? body.id)
  const id = validateBucketName(optionalString(body, 'id') ?? name)
  const type = optionalString(body, 'type') ?? 'STANDARD'
  if (type !== 'STANDARD') throw errors.invalidRequest(`Bucket type ${type} is not supported`)
  const settings = bucketSettings(context, body)
  const caller = await resolveCaller(context, request)
  const { owner, ownerId } = ownerColumns(caller)
  await runAsCaller(context, caller, 'storage.bucket.create', (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
       values ($1, $2, $3, $4, $5, $6, $7::text[], $8)`,
      [
        id,
        name,
        owner,
        ownerId,
        settings.public ?? false,
        settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes ?? null,
        type,
      ],
    ),
  )
  return { status: 200, json: { name: id } }
}

/** `PUT /bucket/{id}`: changes `public`, `file_size_limit` and `allowed_mime_types` (those given). */
export async function updateBucket(
  context: StorageContext,
  request: ServiceRequest,
  id: string,
): Promise<ServiceResponse> {
  const settings = bucketSettings(context, jsonBody(request))
  const caller = await resolveCaller(context, request)
  await runAsCaller(context, caller, 'storage.bucket.update', async (tx) => {
    const result = await tx.query(
      `update storage.buckets set
         public = case when $2 then $3 else public end,
         file_size_limit = case when $4 then $5::bigint else file_size_limit end,
         allowed_mime_types = case when $6 then $7::text[] else allowed_mime_types end,
         updated_at = now()
       where id = $1 returning id`,
      [
        id,
        settings.public !== undefined,
        settings.public ?? false,
        settings.fileSizeLimit !== undefined,
        settings.fileSizeLimit ?? null,
        settings.allowedMimeTypes !== undefined,
        settings.allowedMimeTypes ?? null,
      ],
    )
    if (result.rows.length === 0) await refuseBucket(tx, id)
  })
  return { status: 200, json: { message: 'Successfully updated' } }
}

/** After a zero-row change: a bucket the caller can see was refused (403); one it cannot see is "not found". */
async function refuseBucket(tx: Tx, id: string): Promise<never> {
  const visible = await tx.query('select 1 from storage.buckets where id = $1', [id])
  throw visible.rows.length > 0 ? errors.accessDenied() : errors.noSuchBucket()
}

/**
 * `POST /bucket/{id}/empty`: deletes the objects the caller's DELETE policy
 * allows. storage-api queues this; here it completes before the reply.
 */
export async function emptyBucket(
  context: StorageContext,
  request: ServiceRequest,
  id: string,
): Promise<ServiceResponse> {
  const caller = await resolveCaller(context, request)
  await visibleBucket(context, caller, id, 'storage.bucket.empty')
  const removed = await runAsCaller(context, caller, 'storage.bucket.empty', async (tx) => {
    const result = await tx.query<{ id: string; version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning id, version',
      [id],
    )
    return result.rows
  })
  for (const row of removed) await discardBlob(context, blobKey(row))
  return {
    status: 200,
    json: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
  }
}

/** `DELETE /bucket/{id}`: only an empty bucket can go. */
export async function deleteBucket(
  context: StorageContext,
  request: ServiceRequest,
  id: string,
): Promise<ServiceResponse> {
  const caller = await resolveCaller(context, request)
  await visibleBucket(context, caller, id, 'storage.bucket.delete')
  try {
    await runAsCaller(context, caller, 'storage.bucket.delete', async (tx) => {
      const objects = await withoutRls(tx, caller, () =>
        tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]),
      )
      if (objects.rows.length > 0) throw errors.bucketNotEmpty()
      const result = await tx.query('delete from storage.buckets where id = $1 returning id', [id])
      if (result.rows.length === 0) await refuseBucket(tx, id)
    })
  } catch (error) {
    if (error instanceof StorageError) throw error
    // A foreign-key violation means an object arrived in between.
    if (sqlState(error) === '23503') throw errors.bucketNotEmpty()
    throw error
  }
  return { status: 200, json: { message: 'Successfully deleted' } }
}
