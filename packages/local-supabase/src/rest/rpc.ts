/** `/rpc/<fn>`: calls a function of schema public with named arguments (POST body or GET query). */
import type { ServiceRequest } from '../http/types.ts'
import { RestError } from './errors.ts'
import { closest } from './hints.ts'
import type { Accept, Prefer } from './request.ts'
import { parseJsonBody, parseQuery, readWindow } from './request.ts'
import { jsonHeaders, readResponse, singleError, toNumber } from './response.ts'
import type { DbFunction, SchemaCache } from './schema-cache.ts'
import { Params, ident, inPublic } from './sql.ts'
import { readStatement } from './statements.ts'
import type { Prepared } from './tables.ts'

export type RpcRequest = {
  request: ServiceRequest
  name: string
  cache: SchemaCache
  prefer: Prefer
  accept: Accept
  maxRows: number
}

const RESERVED = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'or',
  'and',
  'not.or',
  'not.and',
])

function notFound(
  name: string,
  keys: string[],
  overloads: DbFunction[],
  cache: SchemaCache,
): RestError {
  const sorted = [...keys].sort()
  const signature = sorted.length > 0 ? `(${sorted.join(', ')})` : ' without parameters'
  const searched =
    sorted.length > 0
      ? `with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
      : 'without parameters'
  const [near] = overloads
  const suggestion = near
    ? `public.${name}(${near.args.map((a) => a.name).join(', ')})`
    : (() => {
        const other = closest(name, cache.functionNames())
        return other ? `public.${other}` : undefined
      })()
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function public.${name}${signature} in the schema cache`,
    `Searched for the function public.${name} ${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    suggestion ? `Perhaps you meant to call the function ${suggestion}` : null,
  )
}

type Call = { fn: DbFunction; args: string[]; wholeBody: boolean }

/** The overload the given names fit: every required argument named, no unknown names; the closest wins. */
function choose(overloads: DbFunction[], keys: string[], strict: boolean): Call | undefined {
  let best: Call | undefined
  let bestScore = -1
  for (const fn of overloads) {
    const names = new Set(fn.args.map((a) => a.name))
    if (strict && keys.some((key) => !names.has(key))) continue
    const used = fn.args.filter((a) => a.name !== '' && keys.includes(a.name)).map((a) => a.name)
    if (fn.args.slice(0, fn.required).some((a) => !used.includes(a.name))) continue
    const score = used.length * 1000 - fn.args.length
    if (score > bestScore) {
      best = { fn, args: used, wholeBody: false }
      bestScore = score
    }
  }
  return best
}

function singleJsonArg(overloads: DbFunction[]): DbFunction | undefined {
  return overloads.find(
    (fn) => fn.args.length === 1 && fn.args[0]?.name === '' && /^jsonb?$/.test(fn.args[0].type),
  )
}

/** The call's arguments: the query string of a GET, else the JSON body. */
function readArguments(request: ServiceRequest): {
  read: boolean
  values: Record<string, unknown> | undefined
  text: string
} {
  if (request.method === 'GET' || request.method === 'HEAD') {
    const values: Record<string, string> = {}
    for (const [key, value] of request.url.searchParams) if (!RESERVED.has(key)) values[key] = value
    return { read: true, values, text: '' }
  }
  const text = request.body.toString('utf8')
  if (text.trim() === '') return { read: false, values: {}, text: '{}' }
  const body = parseJsonBody(text)
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body)
  return { read: false, values: isObject ? (body as Record<string, unknown>) : undefined, text }
}

function resolve(
  overloads: DbFunction[],
  read: boolean,
  values: Record<string, unknown> | undefined,
): Call | undefined {
  const keys = Object.keys(values ?? {})
  const call = values ? choose(overloads, keys, !read) : undefined
  if (call || read) return call
  const single = singleJsonArg(overloads)
  return single ? { fn: single, args: [], wholeBody: true } : undefined
}

export async function prepareRpc(input: RpcRequest): Promise<Prepared> {
  const { request, name, cache, prefer, accept } = input
  const { read, values, text } = readArguments(request)
  let overloads = (await cache.functions(name)) ?? []
  let call = resolve(overloads, read, values)
  if (!call && overloads.length > 0) {
    // The function may have been replaced with other arguments since the cache was loaded.
    await cache.refresh()
    overloads = (await cache.functions(name)) ?? []
    call = resolve(overloads, read, values)
  }
  if (!call) throw notFound(name, Object.keys(values ?? {}), overloads, cache)
  // A GET sends only the arguments (the rest are filters); a POST body is passed as sent,
  // which keeps big numbers exact.
  const argsJson = read
    ? JSON.stringify(Object.fromEntries(call.args.map((arg) => [arg, values?.[arg]])))
    : text
  const { fn } = call
  const query = parseQuery(request.url, new Set(read ? call.args : []))
  const params = new Params()
  let from: string
  if (call.wholeBody) {
    from = `${inPublic(fn.name)}(${params.add(argsJson)}::${fn.args[0]?.type === 'json' ? 'json' : 'jsonb'})`
  } else if (call.args.length === 0) {
    from = `${inPublic(fn.name)}()`
  } else {
    const typed = fn.args.filter((a) => call.args.includes(a.name))
    const definition = typed.map((a) => `${ident(a.name)} ${a.type}`).join(', ')
    const named = typed.map((a) => `${ident(a.name)} := pgrst_args.${ident(a.name)}`).join(', ')
    from = `jsonb_to_record(${params.add(argsJson)}::jsonb) AS pgrst_args(${definition}), LATERAL ${inPublic(fn.name)}(${named})`
  }

  const minimal = prefer.return === 'minimal'
  const noBody = minimal || request.method === 'HEAD'
  if (fn.returns === 'void') {
    const sql = `SELECT NULL::int8 AS total, 1::int8 AS page, NULL::int8 AS inserted, NULL::text AS body FROM ${from} AS pgrst_call`
    return {
      kind: 'statement',
      statement: { sql, params },
      respond: () => ({ status: 204, headers: {} }),
    }
  }

  if (fn.returns === 'composite') {
    const window = fn.setOf
      ? readWindow(request, query, input.maxRows)
      : { offset: 0, limit: undefined }
    const statement = readStatement(
      {
        with: `WITH pgrst_source AS MATERIALIZED (SELECT pgrst_call.* FROM ${from} AS pgrst_call) `,
        from: `pgrst_source AS ${ident(fn.name)}`,
        qualifier: ident(fn.name),
        select: query.select,
        filters: query.filters,
        order: query.order,
        offset: window.offset,
        limit: window.limit,
        count: prefer.count,
        shape: noBody ? 'none' : accept.object || !fn.setOf ? 'object' : 'array',
        stripNulls: accept.stripNulls,
      },
      params,
    )
    return {
      kind: 'statement',
      statement,
      respond: (row) => {
        if (fn.setOf) return readResponse(row, window.offset, accept, prefer)
        if (accept.object && toNumber(row.page) !== 1) throw singleError(toNumber(row.page) ?? 0)
        return {
          status: 200,
          headers: jsonHeaders({ ...accept, object: false }, prefer),
          body: row.body ?? (noBody ? undefined : 'null'),
        }
      },
    }
  }

  // A scalar, or a set of scalars: values, not objects.
  const window = fn.setOf
    ? readWindow(request, query, input.maxRows)
    : { offset: 0, limit: undefined }
  const limit = window.limit === undefined ? '' : ` LIMIT ${params.add(String(window.limit))}`
  const offset = window.offset > 0 ? ` OFFSET ${params.add(String(window.offset))}` : ''
  const agg =
    fn.setOf && !accept.object
      ? `coalesce(json_agg(pgrst_rows.v), '[]')`
      : `coalesce(to_json((array_agg(pgrst_rows.v))[1]), 'null')`
  const body = noBody ? 'NULL::text' : `${agg}::text`
  const total = prefer.count ? '(SELECT count(*) FROM pgrst_source)' : 'NULL'
  const sql =
    `WITH pgrst_source AS MATERIALIZED (SELECT pgrst_call.v FROM ${from} AS pgrst_call(v)) ` +
    `SELECT ${total}::int8 AS total, count(*)::int8 AS page, NULL::int8 AS inserted, ${body} AS body ` +
    `FROM (SELECT v FROM pgrst_source${limit}${offset}) pgrst_rows`
  return {
    kind: 'statement',
    statement: { sql, params },
    respond: (row) => {
      if (fn.setOf) return readResponse(row, window.offset, accept, prefer)
      return {
        status: 200,
        headers: jsonHeaders({ ...accept, object: false }, prefer),
        body: row.body ?? (noBody ? undefined : 'null'),
      }
    },
  }
}
