import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { header } from '../http/types.ts'
import { signJwt, verifyJwt } from '../keys.ts'
import type { JwtClaims } from '../keys.ts'
import { jsonBody } from './body.ts'
import { SERVICE_CALLER, resolveCaller, runAsCaller } from './caller.ts'
import type { Caller } from './caller.ts'
import type { StorageContext } from './context.ts'
import { errors } from './errors.ts'
import { readBody, uploadObject } from './objects.ts'
import { renderObject } from './render.ts'
import { findBucketAsAdmin, findObject } from './rows.ts'
import { checkCanWrite } from './writes.ts'

/** storage-api's default lifetime of a signed upload URL (2 hours). */
const UPLOAD_URL_SECONDS = 2 * 60 * 60

function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn
  const seconds = typeof value === 'string' ? Number(value) : value
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 1) {
    throw errors.invalidRequest('body/expiresIn must be >= 1')
  }
  return Math.floor(seconds)
}

async function signUrl(
  context: StorageContext,
  url: string,
  seconds: number,
  extra: JwtClaims = {},
) {
  const iat = Math.floor(Date.now() / 1000)
  return signJwt(context.keys.jwtSecret, { ...extra, url, iat, exp: iat + seconds })
}

/** `POST /object/sign/{bucket}/{path}`: a download URL, only for an object the caller can SELECT. */
export async function createSignedUrl(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
): Promise<ServiceResponse> {
  const seconds = expiresIn(jsonBody(request))
  const caller = await resolveCaller(context, request)
  const row = await runAsCaller(context, caller, 'storage.object.sign', (tx) =>
    findObject(tx, bucketId, name),
  )
  if (!row) throw errors.noSuchKey()
  const path = `${bucketId}/${name}`
  const token = await signUrl(context, path, seconds)
  return { status: 200, json: { signedURL: `/object/sign/${path}?token=${token}` } }
}

/** `POST /object/sign/{bucket}` `{expiresIn, paths}`: one entry per path, with an error for the unreadable ones. */
export async function createSignedUrls(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
): Promise<ServiceResponse> {
  const body = jsonBody(request)
  const seconds = expiresIn(body)
  const paths = body.paths
  if (!Array.isArray(paths) || paths.length === 0 || !paths.every((p) => typeof p === 'string')) {
    throw errors.invalidRequest('body/paths must be a non-empty array of strings')
  }
  const caller = await resolveCaller(context, request)
  const visible = await runAsCaller(context, caller, 'storage.object.sign_many', async (tx) => {
    const result = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, paths],
    )
    return new Set(result.rows.map((row) => row.name))
  })
  const entries = []
  for (const path of paths as string[]) {
    if (!visible.has(path)) {
      entries.push({
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
      })
      continue
    }
    const token = await signUrl(context, `${bucketId}/${path}`, seconds)
    entries.push({
      error: null,
      path,
      signedURL: `/object/sign/${bucketId}/${path}?token=${token}`,
    })
  }
  return { status: 200, json: entries }
}

/**
 * Verifies a signed-URL token against the path and the kind of URL it is used
 * on. Upload tokens carry `upsert`, download tokens never do, so neither kind
 * stands in for the other.
 */
async function verifyUrlToken(
  context: StorageContext,
  request: ServiceRequest,
  path: string,
  kind: 'download' | 'upload',
): Promise<JwtClaims> {
  const token = request.url.searchParams.get('token')
  if (!token) throw errors.invalidRequest("querystring must have required property 'token'")
  const verified = await verifyJwt(context.keys.jwtSecret, token)
  if (!verified.ok) {
    throw errors.invalidJwt(verified.reason === 'expired' ? 'jwt expired' : verified.message)
  }
  const isUpload = typeof verified.claims.upsert === 'boolean'
  if (verified.claims.url !== path || isUpload !== (kind === 'upload')) {
    throw errors.invalidSignature()
  }
  return verified.claims
}

/** `GET /object/sign/{bucket}/{path}?token=`: the bytes, with no other authorisation. */
export async function getSignedObject(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
): Promise<ServiceResponse> {
  const claims = await verifyUrlToken(context, request, `${bucketId}/${name}`, 'download')
  const row = await findObject(context.db.pg, bucketId, name)
  if (!row) throw errors.noSuchKey()
  const body = request.method === 'HEAD' ? undefined : await readBody(context, row)
  return renderObject(request, row, body, {
    download: request.url.searchParams.get('download') ?? undefined,
    expires: typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : undefined,
  })
}

/**
 * `POST /object/upload/sign/{bucket}/{path}`: checks now that the caller may
 * write the object, and returns a token that lets its holder upload there for 2 hours.
 */
export async function createSignedUploadUrl(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
): Promise<ServiceResponse> {
  const caller = await resolveCaller(context, request)
  const upsert = header(request, 'x-upsert') === 'true'
  if (!(await findBucketAsAdmin(context, bucketId))) throw errors.noSuchBucket()
  await checkCanWrite(context, caller, bucketId, name, upsert ? 'upsert' : 'create')
  const path = `${bucketId}/${name}`
  const token = await signUrl(context, path, UPLOAD_URL_SECONDS, { owner: caller.sub, upsert })
  return { status: 200, json: { url: `/object/upload/sign/${path}?token=${token}`, token } }
}

/** `PUT /object/upload/sign/{bucket}/{path}?token=`: the upload the token authorised, owned by its signer. */
export async function uploadToSignedUrl(
  context: StorageContext,
  request: ServiceRequest,
  bucketId: string,
  name: string,
): Promise<ServiceResponse> {
  const claims = await verifyUrlToken(context, request, `${bucketId}/${name}`, 'upload')
  const owner = typeof claims.owner === 'string' ? claims.owner : undefined
  // The signer's policies were checked when the URL was made; storage-api then writes as itself.
  const caller: Caller = { ...SERVICE_CALLER, sub: owner }
  return uploadObject(
    context,
    request,
    bucketId,
    name,
    claims.upsert === true ? 'upsert' : 'create',
    caller,
  )
}
