/** Reads and writes of a table or view: GET/HEAD, POST (insert, upsert), PATCH and DELETE. */
import type { ServiceRequest, ServiceResponse } from '../http/types.ts'
import { RestError, parseError } from './errors.ts'
import type { SelectItem } from './grammar.ts'
import { jsonHeaders, readResponse, singleError, toNumber } from './response.ts'
import type { Accept, Prefer, QueryParts } from './request.ts'
import { parseJsonBody, readWindow } from './request.ts'
import type { Relation, SchemaCache } from './schema-cache.ts'
import { Params, ident, inPublic, whereSql } from './sql.ts'
import type { ResultRow, Returning, Statement } from './statements.ts'
import { mutationStatement, readStatement } from './statements.ts'

/** A statement ready to run, and how to turn its result row into the answer. */
export type Prepared =
  | {
      kind: 'statement'
      statement: Statement
      /** Builds the answer; throwing here rolls the transaction back (`.single()` on a mutation). */
      respond: (row: ResultRow) => ServiceResponse
    }
  | { kind: 'answer'; response: ServiceResponse }

export type TableRequest = {
  request: ServiceRequest
  relation: Relation
  cache: SchemaCache
  query: QueryParts
  prefer: Prefer
  accept: Accept
  maxRows: number
}

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The body as text and as a value; PostgREST's PGRST102 when it is not JSON. */
function parseBody(request: ServiceRequest): { text: string; value: unknown } {
  const text = request.body.toString('utf8')
  return { text, value: parseJsonBody(text) }
}

/** PGRST204 for the first of `columns` the relation lacks (after a cache reload). */
async function checkColumns(
  cache: SchemaCache,
  relation: Relation,
  columns: string[],
): Promise<Relation> {
  const { relation: fresh, missing } = await cache.withColumns(relation, columns)
  const [first] = missing
  if (first !== undefined) {
    throw new RestError(
      400,
      'PGRST204',
      `Could not find the '${first}' column of '${relation.name}' in the schema cache`,
    )
  }
  return fresh
}

export function prepareRead(input: TableRequest): Prepared {
  const { request, relation, query, prefer, accept } = input
  const window = readWindow(request, query, input.maxRows)
  const statement = readStatement({
    with: '',
    from: inPublic(relation.name),
    qualifier: ident(relation.name),
    select: query.select,
    filters: query.filters,
    order: query.order,
    offset: window.offset,
    limit: window.limit,
    count: prefer.count,
    shape: request.method === 'HEAD' ? 'none' : accept.object ? 'object' : 'array',
    stripNulls: accept.stripNulls,
  })
  return {
    kind: 'statement',
    statement,
    respond: (row) => readResponse(row, window.offset, accept, prefer),
  }
}

/** What the caller gets back from a mutation, by `Prefer: return=`. */
function returningFor(input: TableRequest, countInserted: boolean): Returning {
  const { prefer, accept, relation, query } = input
  if (prefer.return === 'representation') {
    return {
      shape: accept.object ? 'object' : 'array',
      stripNulls: accept.stripNulls,
      select: query.select,
      countInserted,
    }
  }
  if (prefer.return === 'headers-only' && relation.primaryKey.length > 0) {
    const select: SelectItem[] = relation.primaryKey.map((name) => ({
      kind: 'field',
      field: { name, path: [] },
      alias: undefined,
      cast: 'text',
    }))
    return { shape: 'array', stripNulls: false, select, countInserted }
  }
  return { shape: 'none', stripNulls: false, select: [], countInserted }
}

/** PostgREST's `Location` for `return=headers-only`: the new row's primary key as filters. */
function location(relation: Relation, body: string | null): string | undefined {
  const [first] = JSON.parse(body ?? '[]') as Record<string, string | null>[]
  if (!first) return undefined
  const filters = relation.primaryKey.map(
    (name) => `${encodeURIComponent(name)}=eq.${encodeURIComponent(first[name] ?? '')}`,
  )
  return `/${encodeURIComponent(relation.name)}?${filters.join('&')}`
}

function mutationResponse(
  input: TableRequest,
  row: ResultRow,
  status: number,
  contentRange: (page: number) => string,
): ServiceResponse {
  const { prefer, accept, relation } = input
  const page = toNumber(row.page) ?? 0
  if (accept.object && page !== 1) throw singleError(page)
  const headers = jsonHeaders(accept, prefer)
  headers['content-range'] = contentRange(page)
  if (prefer.return === 'representation') return { status, headers, body: row.body ?? '[]' }
  if (prefer.return === 'headers-only') {
    const where = relation.primaryKey.length > 0 ? location(relation, row.body) : undefined
    if (where) headers.location = where
  }
  delete headers['content-type']
  return { status, headers }
}

export async function prepareInsert(input: TableRequest): Promise<Prepared> {
  const { request, query, prefer, cache } = input
  const { text, value } = parseBody(request)
  let rows: JsonObject[]
  let payload: string
  if (Array.isArray(value)) {
    if (!value.every(isObject))
      throw new RestError(400, 'PGRST102', 'Expected a JSON object or an array of objects')
    rows = value
    payload = text
  } else if (isObject(value)) {
    rows = [value]
    // Wrapping the original text (not a re-serialised value) keeps big numbers exact.
    payload = `[${text}]`
  } else {
    throw new RestError(400, 'PGRST102', 'Expected a JSON object or an array of objects')
  }
  let columns = query.columns
  if (columns === undefined) {
    const first = Object.keys(rows[0] ?? {})
    const signature = [...first].sort().join('\0')
    if (rows.some((row) => Object.keys(row).sort().join('\0') !== signature)) {
      throw new RestError(400, 'PGRST102', 'All object keys must match')
    }
    columns = first
  }
  const relation = await checkColumns(cache, input.relation, columns)
  const conflict = query.onConflict ?? relation.primaryKey
  if (prefer.resolution && query.onConflict) await checkColumns(cache, relation, conflict)
  const table = inPublic(relation.name)
  const merge = prefer.resolution === 'merge-duplicates'
  const returning = returningFor({ ...input, relation }, merge)

  if (rows.length === 0) {
    const headers = jsonHeaders(input.accept, prefer)
    headers['content-range'] = `*/${prefer.count ? 0 : '*'}`
    if (input.accept.object) throw singleError(0)
    if (prefer.return === 'representation')
      return { kind: 'answer', response: { status: 201, headers, body: '[]' } }
    delete headers['content-type']
    return { kind: 'answer', response: { status: 201, headers } }
  }

  const params = new Params()
  const source = `jsonb_array_elements(${params.add(payload)}::jsonb) WITH ORDINALITY AS pgrst_elem(j, n), LATERAL jsonb_populate_record(NULL::${table}, pgrst_elem.j) AS pgrst_rec`
  const targets: string[] = []
  const values: string[] = []
  for (const name of columns) {
    const present = rows.filter((row) => Object.hasOwn(row, name)).length
    if (prefer.missingDefault && present === 0) continue
    const field = `pgrst_rec.${ident(name)}`
    targets.push(ident(name))
    if (!prefer.missingDefault || present === rows.length) {
      values.push(field)
      continue
    }
    // Some rows name the column and some do not: those get the catalog's default.
    const column = relation.columns.get(name)
    const fallback =
      column?.default ??
      (column?.sequence ? `nextval(${params.add(column.sequence)}::regclass)` : 'NULL')
    values.push(`CASE WHEN pgrst_elem.j ? ${params.add(name)} THEN ${field} ELSE ${fallback} END`)
  }
  let dml =
    targets.length > 0
      ? `INSERT INTO ${table} (${targets.join(', ')}) SELECT ${values.join(', ')} FROM ${source} ORDER BY pgrst_elem.n`
      : `INSERT INTO ${table} SELECT FROM ${source}`
  if (prefer.resolution) {
    const target = conflict.length > 0 ? ` (${conflict.map(ident).join(', ')})` : ''
    dml +=
      merge && targets.length > 0
        ? ` ON CONFLICT${target} DO UPDATE SET ${targets.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`
        : ` ON CONFLICT${target} DO NOTHING`
  }
  const statement = mutationStatement(relation, dml, returning, params)
  return {
    kind: 'statement',
    statement,
    respond: (row) => {
      const page = toNumber(row.page) ?? 0
      // An upsert that only updated existing rows is 200, as in PostgREST 12+.
      const onlyUpdated = merge && page > 0 && toNumber(row.inserted) === 0
      return mutationResponse(
        { ...input, relation },
        row,
        onlyUpdated ? 200 : 201,
        (n) => `*/${prefer.count ? n : '*'}`,
      )
    },
  }
}

function requireFilters(input: TableRequest, verb: 'UPDATE' | 'DELETE') {
  if (
    input.query.limit !== undefined ||
    input.query.offset !== undefined ||
    input.query.order.length > 0
  ) {
    throw parseError(`limit, offset and order are not supported with ${verb} by local-supabase`)
  }
  // Hosted projects load safeupdate for the API roles: a whole-table write is refused.
  if (input.query.filters.length === 0)
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`)
}

function rangeOfAffected(prefer: Prefer) {
  return (n: number) =>
    n > 0 ? `0-${n - 1}/${prefer.count ? n : '*'}` : `*/${prefer.count ? 0 : '*'}`
}

function mutationStatus(prefer: Prefer) {
  return prefer.return === 'representation' ? 200 : 204
}

export async function prepareUpdate(input: TableRequest): Promise<Prepared> {
  const { request, query, prefer, cache } = input
  requireFilters(input, 'UPDATE')
  const { text, value } = parseBody(request)
  if (!isObject(value)) throw new RestError(400, 'PGRST102', 'Expected a JSON object')
  const keys = Object.keys(value).filter(
    (key) => query.columns === undefined || query.columns.includes(key),
  )
  const relation = await checkColumns(cache, input.relation, query.columns ?? keys)
  if (keys.length === 0) {
    // Nothing to change: no rows are affected, as with PostgREST's empty update.
    if (input.accept.object) throw singleError(0)
    const headers = jsonHeaders(input.accept, prefer)
    headers['content-range'] = rangeOfAffected(prefer)(0)
    if (prefer.return === 'representation')
      return { kind: 'answer', response: { status: 200, headers, body: '[]' } }
    delete headers['content-type']
    return { kind: 'answer', response: { status: 204, headers } }
  }
  const table = inPublic(relation.name)
  const qualifier = ident(relation.name)
  const params = new Params()
  const set = keys.map((key) => `${ident(key)} = pgrst_body.${ident(key)}`).join(', ')
  const from = `jsonb_populate_record(NULL::${table}, ${params.add(text)}::jsonb) AS pgrst_body`
  const dml = `UPDATE ${table} SET ${set} FROM ${from} ${whereSql(query.filters, qualifier, params)}`
  const statement = mutationStatement(
    relation,
    dml,
    returningFor({ ...input, relation }, false),
    params,
  )
  return {
    kind: 'statement',
    statement,
    respond: (row) =>
      mutationResponse(
        { ...input, relation },
        row,
        mutationStatus(prefer),
        rangeOfAffected(prefer),
      ),
  }
}

export function prepareDelete(input: TableRequest): Prepared {
  const { query, prefer, relation } = input
  requireFilters(input, 'DELETE')
  const params = new Params()
  const dml = `DELETE FROM ${inPublic(relation.name)} ${whereSql(query.filters, ident(relation.name), params)}`
  const statement = mutationStatement(relation, dml, returningFor(input, false), params)
  return {
    kind: 'statement',
    statement,
    respond: (row) => mutationResponse(input, row, mutationStatus(prefer), rangeOfAffected(prefer)),
  }
}
