import { createHash } from 'node:crypto'

import { header } from '../http/types.ts'
import type { ServiceRequest } from '../http/types.ts'
import { errors } from './errors.ts'
import type { BucketRow, ObjectMetadata } from './rows.ts'

/** An uploaded body with what storage-api derives from the request around it. */
export type IncomingFile = {
  bytes: Buffer
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | undefined
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | undefined {
  if (!text) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    // storage-api ignores user metadata it cannot parse rather than failing the upload.
    return undefined
  }
}

async function readMultipart(request: ServiceRequest, contentType: string): Promise<IncomingFile> {
  let form: FormData
  try {
    form = await new Request('http://storage.local/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(request.body),
    }).formData()
  } catch {
    throw errors.invalidRequest('No content provided')
  }
  let file: File | undefined
  const fields = new Map<string, string>()
  // storage-js sends the file under an empty field name; like storage-api, take the first file part.
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!fields.has(name)) fields.set(name, value)
    } else {
      file ??= value
    }
  }
  if (!file) throw errors.invalidRequest('No content provided')
  const cacheTime = fields.get('cacheControl')
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimetype: fields.get('contentType') || file.type || 'application/octet-stream',
    cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: parseJsonObject(fields.get('metadata') ?? fields.get('userMetadata')),
  }
}

/** Reads an upload: multipart/form-data (Blob/File uploads) or a raw body (anything else). */
export async function readIncomingFile(request: ServiceRequest): Promise<IncomingFile> {
  const contentType = header(request, 'content-type')
  if (contentType?.toLowerCase().startsWith('multipart/form-data')) {
    return readMultipart(request, contentType)
  }
  const encodedMetadata = header(request, 'x-metadata')
  return {
    bytes: request.body,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: header(request, 'cache-control') || 'no-cache',
    userMetadata: encodedMetadata
      ? parseJsonObject(Buffer.from(encodedMetadata, 'base64').toString('utf8'))
      : undefined,
  }
}

function essence(mimetype: string): string {
  return (mimetype.split(';')[0] ?? '').trim().toLowerCase()
}

/** True when `mimetype` matches one of `allowed` (`type/sub` or `type/*`). */
function mimeTypeAllowed(mimetype: string, allowed: string[]): boolean {
  const [type, subtype] = essence(mimetype).split('/')
  if (!type || !subtype) return false
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = essence(entry).split('/')
    return allowedType === type && (allowedSubtype === '*' || allowedSubtype === subtype)
  })
}

/** Enforces the bucket's MIME allow-list and the smaller of its and the global size limits. */
export function checkLimits(
  mimetype: string,
  size: number,
  bucket: Pick<BucketRow, 'allowed_mime_types' | 'file_size_limit'>,
  globalLimit: number,
) {
  const allowed = bucket.allowed_mime_types
  if (allowed && allowed.length > 0 && !mimeTypeAllowed(mimetype, allowed)) {
    throw errors.invalidMimeType(mimetype)
  }
  const limit =
    bucket.file_size_limit !== null && bucket.file_size_limit !== undefined
      ? Math.min(Number(bucket.file_size_limit), globalLimit)
      : globalLimit
  if (size > limit) throw errors.entityTooLarge()
}

/** The `metadata` column for a stored body (§3.2). */
export function objectMetadata(file: IncomingFile): ObjectMetadata {
  return {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size: file.bytes.length,
    mimetype: file.mimetype,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: file.bytes.length,
    httpStatusCode: 200,
  }
}
