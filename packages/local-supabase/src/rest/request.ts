/** Headers and reserved query parameters of a PostgREST request. */
import { MAX_JSON_DEPTH, jsonNestsTooDeep } from '../http/json.ts'
import { header } from '../http/types.ts'
import type { ServiceRequest } from '../http/types.ts'
import { RestError, parseError } from './errors.ts'
import { parseColumns, parseFilter, parseLogic, parseOrder, parseSelect } from './grammar.ts'
import type { FilterNode, OrderTerm, SelectItem } from './grammar.ts'

export type Prefer = {
  return: 'minimal' | 'representation' | 'headers-only' | undefined
  count: boolean
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined
  missingDefault: boolean
  /** The preferences honoured, for the `Preference-Applied` header. */
  applied: string[]
}

/**
 * A JSON request body; 400 `PGRST102` when it is not JSON or nests too deeply (checked
 * before parsing, so a hostile body never reaches recursive code).
 */
export function parseJsonBody(text: string): unknown {
  if (jsonNestsTooDeep(text)) {
    throw new RestError(
      400,
      'PGRST102',
      `Invalid JSON body: arrays and objects nest more than ${MAX_JSON_DEPTH} levels deep`,
    )
  }
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
}

/** `Prefer` arrives as one comma-joined header (`return=representation, count=exact`). */
export function parsePrefer(request: ServiceRequest): Prefer {
  const prefer: Prefer = {
    return: undefined,
    count: false,
    resolution: undefined,
    missingDefault: false,
    applied: [],
  }
  for (const part of (header(request, 'prefer') ?? '').split(',')) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim())
    const token = `${name}=${value}`
    if (
      name === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
      prefer.return = value
      prefer.applied.push(token)
    } else if (
      name === 'count' &&
      (value === 'exact' || value === 'planned' || value === 'estimated')
    ) {
      // Planned and estimated counts are answered exactly: tables here are small.
      prefer.count = true
      prefer.applied.push(token)
    } else if (
      name === 'resolution' &&
      (value === 'merge-duplicates' || value === 'ignore-duplicates')
    ) {
      prefer.resolution = value
      prefer.applied.push(token)
    } else if (name === 'missing' && (value === 'default' || value === 'null')) {
      prefer.missingDefault = value === 'default'
      prefer.applied.push(token)
    }
  }
  return prefer
}

export type Accept = { object: boolean; stripNulls: boolean }

const ARRAY_TYPES = new Set([
  'application/json',
  'application/*',
  '*/*',
  'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.array',
])
const OBJECT_TYPES = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'])

/** The first acceptable media type of `Accept`: a JSON array, or one object (`.single()`). */
export function parseAccept(request: ServiceRequest): Accept {
  const value = header(request, 'accept')
  if (!value || value.trim() === '') return { object: false, stripNulls: false }
  for (const part of value.split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase())
    const stripNulls = params.includes('nulls=stripped')
    if (OBJECT_TYPES.has(type)) return { object: true, stripNulls }
    if (ARRAY_TYPES.has(type)) return { object: false, stripNulls }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${value}`)
}

/** `Accept-Profile` (reads) or `Content-Profile` (writes): only `public` is exposed. */
export function checkProfile(request: ServiceRequest) {
  const read = request.method === 'GET' || request.method === 'HEAD'
  const profile = header(request, read ? 'accept-profile' : 'content-profile')
  if (profile !== undefined && profile.trim() !== 'public') {
    throw new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${profile.trim()}`,
      null,
      'Only the following schemas are exposed: public',
    )
  }
}

/** Query parameters that are not filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict'])
const LOGIC_KEYS = new Set(['or', 'and', 'not.or', 'not.and'])

export type QueryParts = {
  select: SelectItem[]
  filters: FilterNode[]
  order: OrderTerm[]
  limit: number | undefined
  offset: number | undefined
  columns: string[] | undefined
  onConflict: string[] | undefined
}

function nonNegative(name: string, value: string | null): number | undefined {
  if (value === null || value === '') return undefined
  if (!/^[0-9]+$/.test(value))
    throw parseError(
      `failed to parse ${name} parameter (${value})`,
      'expecting a non-negative integer',
    )
  return Number(value)
}

/**
 * Splits the query string into the reserved parameters and the filters. `skip`
 * names parameters consumed elsewhere (a GET `/rpc` call's arguments).
 */
export function parseQuery(url: URL, skip: ReadonlySet<string> = new Set()): QueryParts {
  const params = url.searchParams
  const filters: FilterNode[] = []
  for (const [key, value] of params) {
    if (RESERVED.has(key) || skip.has(key)) continue
    if (LOGIC_KEYS.has(key)) filters.push(parseLogic(key, value))
    else filters.push(parseFilter(key, value))
  }
  const columns = params.get('columns')
  const onConflict = params.get('on_conflict')
  return {
    select: parseSelect(params.get('select')),
    filters,
    order: parseOrder(params.get('order')),
    limit: nonNegative('limit', params.get('limit')),
    offset: nonNegative('offset', params.get('offset')),
    columns: columns === null ? undefined : parseColumns(columns),
    onConflict: onConflict === null ? undefined : parseColumns(onConflict),
  }
}

/** The rows a read asks for, from `offset`/`limit` and the `Range` header, capped by `max_rows`. */
export type Window = { offset: number; limit: number | undefined }

export function readWindow(request: ServiceRequest, query: QueryParts, maxRows: number): Window {
  let offset = query.offset ?? 0
  let end = query.limit === undefined ? Infinity : offset + query.limit
  const range = header(request, 'range')
  const unit = header(request, 'range-unit')
  if (range && (unit === undefined || unit.trim() === 'items')) {
    const match = /^\s*(?:items=)?([0-9]+)-([0-9]*)\s*$/.exec(range)
    if (match) {
      const first = Number(match[1])
      const last = match[2] === '' ? Infinity : Number(match[2])
      if (last < first) {
        throw new RestError(
          416,
          'PGRST103',
          'Requested range not satisfiable',
          `The range ${range} is empty`,
          null,
          {
            'content-range': '*/*',
          },
        )
      }
      offset = Math.max(offset, first)
      end = Math.min(end, last + 1)
    }
  }
  if (maxRows > 0) end = Math.min(end, offset + maxRows)
  return { offset, limit: end === Infinity ? undefined : Math.max(0, end - offset) }
}
