import type { Service, ServiceContext, ServiceRequest, ServiceResponse } from '../http/types.ts'
import { diskBlobStore, memoryBlobStore } from './blobs.ts'
import {
  createBucket,
  deleteBucket,
  emptyBucket,
  getBucket,
  listBuckets,
  updateBucket,
} from './buckets.ts'
import type { StorageContext } from './context.ts'
import { errorResponse, errors, toStorageError } from './errors.ts'
import { listObjects } from './list.ts'
import { parseBucket, parseBucketAndName } from './names.ts'
import {
  copyObject,
  downloadObject,
  moveObject,
  objectInfo,
  removeObject,
  removeObjects,
  uploadObject,
} from './objects.ts'
import { referencedBlobKeys } from './rows.ts'
import {
  createSignedUploadUrl,
  createSignedUrl,
  createSignedUrls,
  getSignedObject,
  uploadToSignedUrl,
} from './sign.ts'

type Handler = (rest: string) => Promise<ServiceResponse>

/** Routes `/bucket…`; `rest` is what follows `/bucket`. */
function bucketRoute(
  context: StorageContext,
  request: ServiceRequest,
  rest: string,
): Promise<ServiceResponse> {
  const method = request.method
  if (rest === '' || rest === '/') {
    if (method === 'GET') return listBuckets(context, request)
    if (method === 'POST') return createBucket(context, request)
    throw errors.notFound()
  }
  const match = /^\/([^/]+)(\/empty)?\/?$/.exec(rest)
  if (!match?.[1]) throw errors.notFound()
  const id = parseBucket(match[1])
  if (match[2]) {
    if (method === 'POST') return emptyBucket(context, request, id)
    throw errors.notFound()
  }
  if (method === 'GET') return getBucket(context, request, id)
  if (method === 'PUT') return updateBucket(context, request, id)
  if (method === 'DELETE') return deleteBucket(context, request, id)
  throw errors.notFound()
}

/** Routes `/object/…`; `rest` is what follows `/object/`. Fixed prefixes win over bucket names, as in storage-api. */
function objectRoute(
  context: StorageContext,
  request: ServiceRequest,
  rest: string,
): Promise<ServiceResponse> {
  const method = request.method
  const read = method === 'GET' || method === 'HEAD'
  const named = (handler: (bucket: string, name: string) => Promise<ServiceResponse>): Handler => {
    return (path) => {
      const { bucket, name } = parseBucketAndName(path)
      return handler(bucket, name)
    }
  }
  const routes: [string, boolean, Handler][] = [
    ['list/', method === 'POST', (path) => listObjects(context, request, parseBucket(path))],
    [
      'upload/sign/',
      method === 'POST',
      named((b, n) => createSignedUploadUrl(context, request, b, n)),
    ],
    ['upload/sign/', method === 'PUT', named((b, n) => uploadToSignedUrl(context, request, b, n))],
    ['sign/', read, named((b, n) => getSignedObject(context, request, b, n))],
    [
      'sign/',
      method === 'POST',
      (path) =>
        path.includes('/')
          ? named((b, n) => createSignedUrl(context, request, b, n))(path)
          : createSignedUrls(context, request, parseBucket(path)),
    ],
    ['public/', read, named((b, n) => downloadObject(context, request, b, n, 'public'))],
    [
      'authenticated/',
      read,
      named((b, n) => downloadObject(context, request, b, n, 'authenticated')),
    ],
    [
      'info/public/',
      method === 'GET',
      named((b, n) => objectInfo(context, request, b, n, 'public')),
    ],
    [
      'info/authenticated/',
      method === 'GET',
      named((b, n) => objectInfo(context, request, b, n, 'authenticated')),
    ],
    ['info/', method === 'GET', named((b, n) => objectInfo(context, request, b, n, 'lenient'))],
  ]
  for (const [prefix, applies, handler] of routes) {
    if (applies && rest.startsWith(prefix)) return handler(rest.slice(prefix.length))
  }
  if (method === 'POST' && rest === 'move') return moveObject(context, request)
  if (method === 'POST' && rest === 'copy') return copyObject(context, request)
  if (method === 'DELETE' && !rest.includes('/'))
    return removeObjects(context, request, parseBucket(rest))
  const target = named(async (bucket, name) => {
    if (read) return downloadObject(context, request, bucket, name, 'lenient')
    if (method === 'POST') {
      const upsert = request.headers['x-upsert'] === 'true'
      return uploadObject(context, request, bucket, name, upsert ? 'upsert' : 'create')
    }
    if (method === 'PUT') return uploadObject(context, request, bucket, name, 'upsert')
    if (method === 'DELETE') return removeObject(context, request, bucket, name)
    throw errors.notFound()
  })
  return target(rest)
}

/**
 * Routes `/render/image/…` (image transformations). Nothing is resized here:
 * the original is served, which keeps pages working, only with larger images.
 */
function renderRoute(
  context: StorageContext,
  request: ServiceRequest,
  rest: string,
): Promise<ServiceResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') throw errors.notFound()
  for (const access of ['public', 'authenticated'] as const) {
    if (rest.startsWith(`${access}/`)) {
      const { bucket, name } = parseBucketAndName(rest.slice(access.length + 1))
      return downloadObject(context, request, bucket, name, access)
    }
  }
  if (rest.startsWith('sign/')) {
    const { bucket, name } = parseBucketAndName(rest.slice('sign/'.length))
    return getSignedObject(context, request, bucket, name)
  }
  throw errors.notFound()
}

/**
 * The Storage API under `/storage/v1`, compatible with storage-js: buckets,
 * objects, listings, signed URLs. Every object access runs as the caller so
 * that the `storage.objects` policies decide, as on the real Storage.
 */
export function createStorageService(context: ServiceContext): Service {
  const storage: StorageContext = {
    ...context,
    blobs: context.config.storageDir ? diskBlobStore(context.config.storageDir) : memoryBlobStore(),
  }
  // Bodies left behind by a crash between writing a file and committing its row.
  let swept: Promise<void> | undefined
  const sweep = () =>
    (swept ??= referencedBlobKeys(storage)
      .then((keys) => storage.blobs.sweep(keys))
      .then((removed) => {
        if (removed > 0) context.config.log(`storage: removed ${removed} orphaned object file(s)`)
      })
      .catch((error: unknown) => {
        context.config.log(`storage: orphan sweep failed: ${(error as Error).message}`)
      }))

  return async (request) => {
    try {
      await sweep()
      const path = request.path
      if (path === '/bucket' || path.startsWith('/bucket/')) {
        return await bucketRoute(storage, request, path.slice('/bucket'.length))
      }
      if (path.startsWith('/object/')) {
        return await objectRoute(storage, request, path.slice('/object/'.length))
      }
      if (path.startsWith('/render/image/')) {
        return await renderRoute(storage, request, path.slice('/render/image/'.length))
      }
      throw errors.notFound()
    } catch (error) {
      const known = toStorageError(error)
      // An unknown route is a plain 404, as fastify answers it; everything else follows §3.4.
      if (known?.code === 'NotFound') return { ...errorResponse(known), status: 404 }
      if (known) return errorResponse(known)
      context.config.log(
        `storage: ${request.method} ${request.path} failed: ${(error as Error).stack ?? String(error)}`,
      )
      return errorResponse(errors.internal())
    }
  }
}
