/**
 * The PostgREST-compatible `/rest/v1` service: tables, views and functions of schema
 * public, run as the caller's role inside one transaction per request so that
 * row-level security decides what each caller may see and change.
 */
import type { RequestIdentity } from '../db/database.ts'
import type { Service, ServiceContext, ServiceRequest, ServiceResponse } from '../http/types.ts'
import { Authenticator } from './auth.ts'
import { RestError, fromPgError, isPgError } from './errors.ts'
import { closest } from './hints.ts'
import { checkProfile, parseAccept, parsePrefer, parseQuery } from './request.ts'
import { prepareRpc } from './rpc.ts'
import { SchemaCache } from './schema-cache.ts'
import { TEXT_PARAMS } from './sql.ts'
import type { ResultRow } from './statements.ts'
import { prepareDelete, prepareInsert, prepareRead, prepareUpdate } from './tables.ts'
import type { Prepared, TableRequest } from './tables.ts'

/** SQLSTATEs that mean the schema changed under the cache: undefined table, column, function. */
const STALE_CACHE_CODES = new Set(['42P01', '42703', '42883'])

function pathSegments(path: string): string[] {
  try {
    return path
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => decodeURIComponent(segment))
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
  }
}

function unsupportedMethod(method: string): RestError {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}

async function rootListing(cache: SchemaCache): Promise<ServiceResponse> {
  // A minimal stand-in for PostgREST's OpenAPI document: the paths that exist.
  const paths: Record<string, object> = {}
  for (const name of (await cache.relationNames()).sort()) paths[`/${name}`] = {}
  return {
    status: 200,
    headers: { 'content-type': 'application/openapi+json; charset=utf-8' },
    json: { swagger: '2.0', info: { title: 'local-supabase', version: '0.1.0' }, paths },
  }
}

/** Builds the `/rest/v1` service. */
export function createRestService(context: ServiceContext): Service {
  const cache = new SchemaCache(context.db)
  const authenticator = new Authenticator(context.keys.jwtSecret, cache)

  async function prepare(
    request: ServiceRequest,
    segments: string[],
  ): Promise<Prepared | ServiceResponse> {
    const prefer = parsePrefer(request)
    const accept = parseAccept(request)
    const maxRows = context.config.maxRows
    const [first, second] = segments
    if (first === 'rpc' && second !== undefined && segments.length === 2) {
      if (!['GET', 'HEAD', 'POST'].includes(request.method)) {
        throw new RestError(
          405,
          'PGRST101',
          'Only GET or POST requests are allowed for function calls',
        )
      }
      return prepareRpc({ request, name: second, cache, prefer, accept, maxRows })
    }
    if (first === undefined) {
      if (request.method === 'GET' || request.method === 'HEAD') return rootListing(cache)
      throw unsupportedMethod(request.method)
    }
    if (segments.length !== 1)
      throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
    const relation = await cache.relation(first)
    if (!relation) {
      const near = closest(first, await cache.relationNames())
      throw new RestError(
        404,
        'PGRST205',
        `Could not find the table 'public.${first}' in the schema cache`,
        null,
        near ? `Perhaps you meant the table 'public.${near}'` : null,
      )
    }
    const input: TableRequest = {
      request,
      relation,
      cache,
      query: parseQuery(request.url),
      prefer,
      accept,
      maxRows,
    }
    switch (request.method) {
      case 'GET':
      case 'HEAD':
        return prepareRead(input)
      case 'POST':
        return prepareInsert(input)
      case 'PATCH':
        return prepareUpdate(input)
      case 'DELETE':
        return prepareDelete(input)
      default:
        throw unsupportedMethod(request.method)
    }
  }

  async function execute(
    identity: RequestIdentity,
    prepared: Prepared,
    readOnly: boolean,
  ): Promise<ServiceResponse> {
    if (prepared.kind === 'answer') return prepared.response
    const { statement, respond } = prepared
    let entered = false
    try {
      return await context.db.runAs(
        identity,
        async (tx) => {
          entered = true
          const result = await tx.query<ResultRow>(
            statement.sql,
            statement.params.values,
            TEXT_PARAMS,
          )
          const row = result.rows[0]
          if (!row) throw new Error('the statement returned no result row')
          return respond(row)
        },
        { readOnly },
      )
    } catch (error) {
      // Switching to a role that vanished since the cache was loaded fails before the statement runs.
      if (!entered && isPgError(error) && (error.code === '22023' || error.code === '42704')) {
        throw new RestError(401, error.code, error.message)
      }
      throw error
    }
  }

  return async (request) => {
    let role = 'anon'
    try {
      const identity = await authenticator.identify(request.bearer)
      role = identity.role
      checkProfile(request)
      const prepared = await prepare(request, pathSegments(request.path))
      if (!('kind' in prepared)) return prepared
      return await execute(
        identity,
        prepared,
        request.method === 'GET' || request.method === 'HEAD',
      )
    } catch (error) {
      if (error instanceof RestError) return error.toResponse()
      if (isPgError(error)) {
        // A relation, column or function the cache knew of is gone: reload before the next request.
        if (STALE_CACHE_CODES.has(error.code)) await cache.refresh()
        return fromPgError(error, role)
      }
      context.config.log(
        `rest: ${request.method} ${request.url.pathname}: ${(error as Error)?.stack ?? String(error)}`,
      )
      return {
        status: 500,
        json: { code: null, message: 'Internal server error', details: null, hint: null },
      }
    }
  }
}
