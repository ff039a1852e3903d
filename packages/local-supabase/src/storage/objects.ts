import { randomUUID } from 'node:crypto'

import { header } from '../http/types.ts'
import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { jsonBody, optionalString, requiredString } from './body.ts'
import { resolveCaller, runAsCaller } from './caller.ts'
import type { Caller } from './caller.ts'
import type { StorageContext } from './context.ts'
import { errors } from './errors.ts'
import { checkLimits, readIncomingFile } from './incoming.ts'
import { validateObjectName } from './names.ts'
import { renderObject, storedHeader } from './render.ts'
import { OBJECT_COLUMNS, blobKey, findBucketAsAdmin, findObject } from './rows.ts'
import type { BucketRow, ObjectRow } from './rows.ts'
import {
  checkCanWrite,
  discardBlob,
  insertObjectRow,
  refuseInvisible,
  storeObject,
} from './writes.ts'
import type { WriteMode } from './writes.ts'

/**
 * `POST /object/{bucket}/{path}` (upload; `x-upsert: true` upserts) and
 * `PUT /object/{bucket}/{path}` (update, which storage-api runs as an upsert).
 */
export async function uploadObject(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
  mode: WriteMode,
  caller?: Caller,
): Promise<ServiceResponse> {
  const who = caller ?? (await resolveCaller(context, request))
  const bucket = await findBucketAsAdmin(context, bucketId)
  if (!bucket) throw errors.noSuchBucket()
  // Policies first, as storage-api does, so a refused caller learns nothing about limits.
  await checkCanWrite(context, who, bucketId, name, mode)
  const file = await readIncomingFile(request)
  const { id } = await storeObject(context, who, bucket, name, file, mode)
  return { status: 200, json: { Id: id, Key: `${bucketId}/${name}` } }
}

/** How a read route decides access (storage-api's public, authenticated and lenient routes). */
export type ReadAccess = 'public' | 'authenticated' | 'lenient'

/**
 * Finds an object for a read route. Public buckets are read without RLS (as
 * storage-api does); private ones need a valid JWT and the SELECT policy.
 */
async function findReadableObject(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
  access: ReadAccess,
): Promise<ObjectRow> {
  const bucket = await findBucketAsAdmin(context, bucketId)
  let row: ObjectRow | undefined
  if (access === 'public') {
    if (!bucket?.public) throw errors.noSuchBucket()
    row = await findObject(context.db.pg, bucketId, name)
  } else {
    const caller = await resolveCaller(context, request, access === 'lenient')
    if (!bucket || (!caller.authenticated && !bucket.public)) throw errors.noSuchBucket()
    row = bucket.public
      ? await findObject(context.db.pg, bucketId, name)
      : await runAsCaller(context, caller, 'storage.object.get', (tx) =>
          findObject(tx, bucketId, name),
        )
  }
  if (!row) throw errors.noSuchKey()
  return row
}

/** Reads a row's body; a concurrent overwrite may have just replaced it, so look once more. */
export async function readBody(context: StorageContext, row: ObjectRow): Promise<Buffer> {
  const body = await context.blobs.read(blobKey(row))
  if (body) return body
  const again = await findObject(context.db.pg, row.bucket_id, row.name)
  const retried = again ? await context.blobs.read(blobKey(again)) : undefined
  if (!retried) throw errors.noSuchKey()
  return retried
}

/** GET and HEAD of an object's bytes. */
export async function downloadObject(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
  access: ReadAccess,
): Promise<ServiceResponse> {
  const row = await findReadableObject(context, request, bucketId, name, access)
  const body = request.method === 'HEAD' ? undefined : await readBody(context, row)
  return renderObject(request, row, body, {
    download: request.url.searchParams.get('download') ?? undefined,
  })
}

/** `GET /object/info/…`: the object's details as JSON (storage-js `info()`). */
export async function objectInfo(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
  access: ReadAccess,
): Promise<ServiceResponse> {
  const row = await findReadableObject(context, request, bucketId, name, access)
  const metadata = row.metadata ?? {}
  return {
    status: 200,
    headers: {
      ...(metadata.eTag ? { etag: storedHeader(metadata.eTag, `"${row.id}"`) } : {}),
      'cache-control': storedHeader(metadata.cacheControl, 'no-cache'),
      'last-modified': (metadata.lastModified
        ? new Date(metadata.lastModified)
        : row.updated_at
      ).toUTCString(),
    },
    json: {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
  }
}

/** `DELETE /object/{bucket}` `{prefixes}`: deletes exact names; invisible or missing ones are skipped. */
export async function removeObjects(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
): Promise<ServiceResponse> {
  const body = jsonBody(request)
  const prefixes = body.prefixes
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
    throw errors.invalidRequest('body/prefixes must be an array of 1 to 1000 object names')
  }
  const names = prefixes.map((entry: unknown) => {
    if (typeof entry === 'string') return entry
    if (
      entry &&
      typeof entry === 'object' &&
      typeof (entry as { path?: unknown }).path === 'string'
    ) {
      return (entry as { path: string }).path
    }
    throw errors.invalidRequest('body/prefixes must contain object names')
  })
  const caller = await resolveCaller(context, request)
  const rows = await runAsCaller(context, caller, 'storage.object.delete_many', async (tx) => {
    const result = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`,
      [bucketId, names],
    )
    return result.rows
  })
  for (const row of rows) await discardBlob(context, blobKey(row))
  return { status: 200, json: rows }
}

/** `DELETE /object/{bucket}/{path}`: deletes one object. */
export async function removeObject(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
): Promise<ServiceResponse> {
  const caller = await resolveCaller(context, request)
  const row = await runAsCaller(context, caller, 'storage.object.delete', async (tx) => {
    const result = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      [bucketId, name],
    )
    return result.rows[0] ?? (await refuseInvisible(tx, caller, bucketId, name))
  })
  await discardBlob(context, blobKey(row))
  return { status: 200, json: { message: 'Successfully deleted' } }
}

type Transfer = { sourceBucket: string; source: string; destBucket: string; dest: string }

function transferBody(request: ServiceRequest): Transfer & { body: Record<string, unknown> } {
  const body = jsonBody(request)
  const sourceBucket = requiredString(body, 'bucketId')
  const source = validateObjectName(requiredString(body, 'sourceKey'))
  const dest = validateObjectName(requiredString(body, 'destinationKey'))
  const destBucket = optionalString(body, 'destinationBucket') ?? sourceBucket
  return { sourceBucket, source, destBucket, dest, body }
}

async function requireBucket(context: StorageContext, id: string): Promise<BucketRow> {
  const bucket = await findBucketAsAdmin(context, id)
  if (!bucket) throw errors.noSuchBucket()
  return bucket
}

/** `POST /object/move`: renames an object (an UPDATE, so it needs UPDATE and SELECT policies). */
export async function moveObject(
  context: StorageContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const { sourceBucket, source, destBucket, dest } = transferBody(request)
  const caller = await resolveCaller(context, request)
  const bucket = await requireBucket(context, destBucket)
  const id = await runAsCaller(context, caller, 'storage.object.move', async (tx) => {
    const result = await tx.query<Pick<ObjectRow, 'id' | 'metadata'>>(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now()
       where bucket_id = $1 and name = $2 returning id, metadata`,
      [sourceBucket, source, destBucket, dest],
    )
    const moved = result.rows[0] ?? (await refuseInvisible(tx, caller, sourceBucket, source))
    if (destBucket !== sourceBucket) {
      // Another bucket may have stricter limits; failing here rolls the move back.
      checkLimits(
        moved.metadata?.mimetype ?? 'application/octet-stream',
        Number(moved.metadata?.size ?? 0),
        bucket,
        context.config.storageFileSizeLimit,
      )
    }
    return moved.id
  })
  return {
    status: 200,
    json: { message: 'Successfully moved', Id: id, Key: `${destBucket}/${dest}` },
  }
}

/** `POST /object/copy`: reads the source (SELECT) and inserts the copy (INSERT; upsert with `x-upsert`). */
export async function copyObject(
  context: StorageContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const { sourceBucket, source, destBucket, dest, body } = transferBody(request)
  const mode: WriteMode = header(request, 'x-upsert') === 'true' ? 'upsert' : 'create'
  const caller = await resolveCaller(context, request)
  const bucket = await requireBucket(context, destBucket)
  const version = randomUUID()
  let copied = false
  let written: { id: string; replaced: string | undefined }
  try {
    written = await runAsCaller(context, caller, 'storage.object.copy', async (tx) => {
      const original = await findObject(tx, sourceBucket, source)
      if (!original) throw errors.noSuchKey()
      const metadata = original.metadata ?? {}
      // The copy lands in the destination bucket, so that bucket's limits apply to it.
      checkLimits(
        metadata.mimetype ?? 'application/octet-stream',
        Number(metadata.size ?? 0),
        bucket,
        context.config.storageFileSizeLimit,
      )
      copied = await context.blobs.copy(blobKey(original), version)
      if (!copied) throw errors.noSuchKey()
      const userMetadata =
        body.copyMetadata === false
          ? (body.metadata as Record<string, unknown> | undefined)
          : original.user_metadata
      return insertObjectRow(
        tx,
        caller,
        {
          bucketId: destBucket,
          name: dest,
          metadata: { ...metadata, lastModified: new Date().toISOString() },
          userMetadata,
          version,
        },
        mode,
      )
    })
  } catch (error) {
    if (copied) await discardBlob(context, version)
    throw error
  }
  if (written.replaced && written.replaced !== version) await discardBlob(context, written.replaced)
  return { status: 200, json: { Id: written.id, Key: `${destBucket}/${dest}` } }
}
