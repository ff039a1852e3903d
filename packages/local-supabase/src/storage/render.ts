import { header } from '../http/types.ts'
import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { errorResponse, errors } from './errors.ts'
import { SNIFFED_IMAGE_TYPES, formatMediaType, isHeaderSafe, parseMediaType } from './media-type.ts'
import type { ObjectRow } from './rows.ts'

export type RenderOptions = {
  /** `?download` (empty string) or `?download=name`: adds Content-Disposition. */
  download?: string | undefined
  /** For signed URLs: an Expires header replaces Cache-Control. */
  expires?: Date
}

/**
 * Every object is served as inert data: the browser may not guess another type, and
 * were it to render the object as a document, that document runs no script and has
 * an origin of its own (so nothing stored can act on the API origin).
 */
const OBJECT_CSP = "default-src 'none'; sandbox"

/**
 * A stored value that is sent back as a header, or `fallback` when it could not be
 * sent (rows written before uploads were checked); one bad row must not break downloads.
 */
export function storedHeader(value: string | undefined, fallback: string): string {
  return value !== undefined && isHeaderSafe(value) ? value : fallback
}

/**
 * The served Content-Type, and whether a browser may show the object in place: only
 * the raster image types, whose bytes were checked against the type at upload.
 */
function servedType(stored: string | undefined): { contentType: string; inline: boolean } {
  const parsed = stored === undefined ? undefined : parseMediaType(stored)
  if (!parsed) return { contentType: 'application/octet-stream', inline: false }
  // As storage-api does, never serve stored HTML as HTML from the API origin.
  if (parsed.essence === 'text/html') return { contentType: 'text/plain', inline: false }
  return { contentType: formatMediaType(parsed), inline: SNIFFED_IMAGE_TYPES.has(parsed.essence) }
}

function attachment(filename: string): string {
  if (filename === '') return 'attachment;'
  const encoded = encodeURIComponent(filename)
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`
}

/** The headers every response about an object carries. */
function objectHeaders(row: ObjectRow): Record<string, string> {
  const metadata = row.metadata ?? {}
  const size = Number(metadata.contentLength ?? metadata.size ?? 0)
  const modified = metadata.lastModified ? new Date(metadata.lastModified) : row.updated_at
  const { contentType, inline } = servedType(metadata.mimetype)
  const headers: Record<string, string> = {
    'content-type': contentType,
    etag: storedHeader(metadata.eTag, `"${row.id}"`),
    'last-modified': modified.toUTCString(),
    'content-length': String(size),
    'cache-control': storedHeader(metadata.cacheControl, 'no-cache'),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
    'content-security-policy': OBJECT_CSP,
  }
  if (!inline) headers['content-disposition'] = attachment(row.name.split('/').pop() ?? '')
  return headers
}

function notModified(request: ServiceRequest, headers: Record<string, string>): boolean {
  const ifNoneMatch = header(request, 'if-none-match')
  if (ifNoneMatch !== undefined) {
    const etag = headers.etag ?? ''
    const weakless = (tag: string) => tag.trim().replace(/^W\//, '')
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === etag)
  }
  const ifModifiedSince = header(request, 'if-modified-since')
  if (ifModifiedSince === undefined) return false
  const since = Date.parse(ifModifiedSince)
  const modified = Date.parse(headers['last-modified'] ?? '')
  return Number.isFinite(since) && Number.isFinite(modified) && modified <= since
}

type ByteRange = { start: number; end: number }

/** A single `bytes=` range; undefined to serve the whole body, 'invalid' when unsatisfiable. */
function parseRange(value: string | undefined, size: number): ByteRange | 'invalid' | undefined {
  const match = value ? /^bytes=(\d*)-(\d*)$/.exec(value.trim()) : null
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return undefined
  let start: number
  let end: number
  if (first === '') {
    start = Math.max(size - Number(last), 0)
    end = size - 1
  } else {
    start = Number(first)
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  }
  if (start > end || start >= size) return 'invalid'
  return { start, end }
}

/**
 * Serves an object as storage-api's renderer does: the stored headers,
 * conditional requests (304), single byte ranges (206) and `?download`.
 * `body` is undefined for HEAD.
 */
export function renderObject(
  request: ServiceRequest,
  row: ObjectRow,
  body: Buffer | undefined,
  options: RenderOptions = {},
): ServiceResponse {
  const headers = objectHeaders(row)
  if (options.expires) {
    delete headers['cache-control']
    headers.expires = options.expires.toUTCString()
  }
  if (options.download !== undefined) headers['content-disposition'] = attachment(options.download)
  if (notModified(request, headers)) {
    const { 'content-length': _length, 'content-type': _type, ...rest } = headers
    return { status: 304, headers: rest }
  }
  if (!body) return { status: 200, headers }
  headers['content-length'] = String(body.length)
  const range = parseRange(header(request, 'range'), body.length)
  if (range === 'invalid') {
    const response = errorResponse(errors.invalidRange())
    return { ...response, status: 416, headers: { 'content-range': `bytes */${body.length}` } }
  }
  if (range) {
    headers['content-range'] = `bytes ${range.start}-${range.end}/${body.length}`
    headers['content-length'] = String(range.end - range.start + 1)
    return { status: 206, headers, body: body.subarray(range.start, range.end + 1) }
  }
  return { status: 200, headers, body }
}
