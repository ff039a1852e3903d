import { header } from '../http/types.ts'
import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { errorResponse, errors } from './errors.ts'
import type { ObjectRow } from './rows.ts'

export type RenderOptions = {
  /** `?download` (empty string) or `?download=name`: adds Content-Disposition. */
  download?: string | undefined
  /** For signed URLs: an Expires header replaces Cache-Control. */
  expires?: Date
}

/** The headers every response about an object carries. */
function objectHeaders(row: ObjectRow): Record<string, string> {
  const metadata = row.metadata ?? {}
  const size = Number(metadata.contentLength ?? metadata.size ?? 0)
  const modified = metadata.lastModified ? new Date(metadata.lastModified) : row.updated_at
  const mimetype = metadata.mimetype ?? 'application/octet-stream'
  return {
    // As storage-api does, never serve stored HTML as HTML from the API origin.
    'content-type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    etag: metadata.eTag ?? `"${row.id}"`,
    'last-modified': modified.toUTCString(),
    'content-length': String(size),
    'cache-control': metadata.cacheControl ?? 'no-cache',
    'accept-ranges': 'bytes',
  }
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
  if (options.download !== undefined) {
    const encoded = encodeURIComponent(options.download)
    headers['content-disposition'] =
      options.download === ''
        ? 'attachment;'
        : `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`
  }
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
