import { randomUUID } from 'node:crypto'

import type { Tx } from '../db/database.ts'
import { ownerColumns, runAsCaller, withoutRls } from './caller.ts'
import type { Caller } from './caller.ts'
import type { StorageContext } from './context.ts'
import { errors } from './errors.ts'
import { checkContentMatchesType, checkLimits, objectMetadata } from './incoming.ts'
import type { IncomingFile } from './incoming.ts'
import { blobKey, findObject } from './rows.ts'
import type { BucketRow, ObjectMetadata } from './rows.ts'

/** `create` is a plain INSERT (a duplicate is refused); `upsert` is INSERT … ON CONFLICT DO UPDATE. */
export type WriteMode = 'create' | 'upsert'

/**
 * Throws the error for a zero-row UPDATE or DELETE: AccessDenied when the row
 * exists but the caller's policies hide it or forbid the change, NoSuchKey otherwise.
 */
export async function refuseInvisible(
  tx: Tx,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<never> {
  const exists = await withoutRls(tx, caller, () => findObject(tx, bucket, name))
  throw exists ? errors.accessDenied() : errors.noSuchKey()
}

/** Best-effort removal of a body no row refers to any more. */
export async function discardBlob(context: StorageContext, key: string) {
  try {
    await context.blobs.remove(key)
  } catch (error) {
    context.config.log(`storage: could not remove blob ${key}: ${(error as Error).message}`)
  }
}

/** The columns of a row the service writes. */
export type NewObjectRow = {
  bucketId: string
  name: string
  metadata: ObjectMetadata | Partial<ObjectMetadata> | null
  userMetadata: Record<string, unknown> | null | undefined
  version: string
}

/**
 * Writes an object row as the caller. `create` has no RETURNING, so a plain
 * upload needs only an INSERT policy; `upsert` needs INSERT, UPDATE and SELECT,
 * as on the real Storage. Returns the row id and the blob key it replaced.
 */
export async function insertObjectRow(
  tx: Tx,
  caller: Caller,
  row: NewObjectRow,
  mode: WriteMode,
): Promise<{ id: string; replaced: string | undefined }> {
  const { owner, ownerId } = ownerColumns(caller)
  const id = randomUUID()
  const values = [
    id,
    row.bucketId,
    row.name,
    owner,
    ownerId,
    row.metadata ? JSON.stringify(row.metadata) : null,
    row.userMetadata ? JSON.stringify(row.userMetadata) : null,
    row.version,
  ]
  const insert = `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`
  if (mode === 'create') {
    await tx.query(insert, values)
    return { id, replaced: undefined }
  }
  const previous = await withoutRls(tx, caller, () => findObject(tx, row.bucketId, row.name, true))
  const result = await tx.query<{ id: string }>(
    `${insert}
     on conflict (bucket_id, name) do update set
       owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
       user_metadata = excluded.user_metadata, version = excluded.version,
       updated_at = now(), last_accessed_at = now()
     returning id`,
    values,
  )
  const written = result.rows[0]
  if (!written) throw errors.accessDenied()
  return { id: written.id, replaced: previous ? blobKey(previous) : undefined }
}

class Rollback extends Error {}

/**
 * Checks, before any body is read, that the caller's policies would allow the
 * write (storage-api's `canUpload`): the row is written and rolled back.
 */
export async function checkCanWrite(
  context: StorageContext,
  caller: Caller,
  bucketId: string,
  name: string,
  mode: WriteMode,
): Promise<void> {
  try {
    await runAsCaller(context, caller, 'storage.object.upload', async (tx) => {
      const probe = { bucketId, name, metadata: null, userMetadata: null, version: randomUUID() }
      await insertObjectRow(tx, caller, probe, mode)
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
}

/**
 * Stores an upload in a bucket the caller has looked up: checks its limits, writes the body under a new
 * version id, then writes the row as the caller (so RLS decides). The body is
 * removed again if the row is refused; a replaced version is removed once the
 * row points at the new one, so the row and the files always agree.
 */
export async function storeObject(
  context: StorageContext,
  caller: Caller,
  bucket: BucketRow,
  name: string,
  file: IncomingFile,
  mode: WriteMode,
): Promise<{ id: string }> {
  const bucketId = bucket.id
  checkLimits(file.mimetype, file.bytes.length, bucket, context.config.storageFileSizeLimit)
  checkContentMatchesType(file)

  const version = randomUUID()
  await context.blobs.write(version, file.bytes)
  let written: { id: string; replaced: string | undefined }
  try {
    written = await runAsCaller(context, caller, 'storage.object.upload', (tx) =>
      insertObjectRow(
        tx,
        caller,
        {
          bucketId,
          name,
          metadata: objectMetadata(file),
          userMetadata: file.userMetadata,
          version,
        },
        mode,
      ),
    )
  } catch (error) {
    await discardBlob(context, version)
    throw error
  }
  if (written.replaced && written.replaced !== version) await discardBlob(context, written.replaced)
  return { id: written.id }
}
