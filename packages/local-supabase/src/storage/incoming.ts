import { createHash } from 'node:crypto'

import { jsonNestsTooDeep } from '../http/json.ts'
import { header } from '../http/types.ts'
import type { ServiceRequest } from '../http/types.ts'
import { errors } from './errors.ts'
import { SNIFFED_IMAGE_TYPES, isHeaderSafe, parseMediaType, sniffImageType } from './media-type.ts'
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
  // Stored as jsonb, metadata this deep would overflow the stack; refuse it outright.
  if (jsonNestsTooDeep(text)) throw errors.invalidRequest('metadata nests too deeply')
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
  headerBound('cacheControl', cacheTime)
  return {
    bytes: Buffer.from(await file.arrayBuffer()),
    mimetype: fields.get('contentType') || file.type || 'application/octet-stream',
    cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
    userMetadata: parseJsonObject(fields.get('metadata') ?? fields.get('userMetadata')),
  }
}

/**
 * Refuses a field that is served back as a response header but could not be sent as
 * one: stored, it would make every later download of the object fail.
 */
function headerBound(field: string, value: string | undefined) {
  if (value !== undefined && !isHeaderSafe(value)) {
    throw errors.invalidRequest(`${field} must not contain control characters`)
  }
}

/** Refuses a declared type that is not one strictly parsed media type (415). */
function checkDeclaredType(file: IncomingFile): IncomingFile {
  headerBound('contentType', file.mimetype)
  if (!parseMediaType(file.mimetype)) throw errors.invalidMimeType(file.mimetype)
  return file
}

/** Reads an upload: multipart/form-data (Blob/File uploads) or a raw body (anything else). */
export async function readIncomingFile(request: ServiceRequest): Promise<IncomingFile> {
  const contentType = header(request, 'content-type')
  if (contentType?.toLowerCase().startsWith('multipart/form-data')) {
    return checkDeclaredType(await readMultipart(request, contentType))
  }
  const cacheControl = header(request, 'cache-control')
  headerBound('cache-control', cacheControl)
  const encodedMetadata = header(request, 'x-metadata')
  return checkDeclaredType({
    bytes: request.body,
    mimetype: contentType || 'application/octet-stream',
    cacheControl: cacheControl || 'no-cache',
    userMetadata: encodedMetadata
      ? parseJsonObject(Buffer.from(encodedMetadata, 'base64').toString('utf8'))
      : undefined,
  })
}

/** True when `mimetype` is one strict media type matching one of `allowed` (`type/sub` or `type/*`). */
function mimeTypeAllowed(mimetype: string, allowed: string[]): boolean {
  const declared = parseMediaType(mimetype)
  if (!declared) return false
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split('/')
    return (
      allowedType === declared.type &&
      (allowedSubtype === '*' || allowedSubtype === declared.subtype)
    )
  })
}

/**
 * Refuses bytes that are not what their declared image type says: a JPEG, PNG, GIF,
 * WebP or AVIF upload must start with that format's magic numbers, so SVG or HTML
 * cannot arrive labelled as a photo.
 */
export function checkContentMatchesType(file: IncomingFile) {
  const declared = parseMediaType(file.mimetype)
  if (!declared || !SNIFFED_IMAGE_TYPES.has(declared.essence)) return
  const actual = sniffImageType(file.bytes)
  if (actual === declared.essence) return
  throw errors.invalidMimeType(
    file.mimetype,
    actual
      ? `the file is ${actual}, not ${declared.essence}`
      : `the file's content is not ${declared.essence}`,
  )
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
