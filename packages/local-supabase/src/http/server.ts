import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'

import { effectiveBearer } from '../keys.ts'
import type { Service, ServiceContext, ServiceResponse } from './types.ts'

/** Request bodies above this are refused before they are read (Storage enforces its own, lower limits). */
const MAX_BODY_BYTES = 64 * 1024 * 1024

const CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers':
    'authorization, apikey, content-type, x-client-info, prefer, accept-profile, content-profile, range, range-unit, x-upsert, x-supabase-api-version, cache-control, x-retry-count, x-metadata, if-none-match, if-modified-since',
  'access-control-expose-headers':
    'content-range, content-length, content-type, etag, last-modified, x-supabase-api-version, x-sb-error-code, www-authenticate, location',
  'access-control-max-age': '86400',
}

/**
 * The services by path prefix. The gateway answers CORS preflights itself, but for a route
 * that takes its own (`preflight: true`, Edge Functions).
 */
export type Routes = { prefix: string; service: Service; preflight?: boolean }[]

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    if (declared > MAX_BODY_BYTES) {
      reject(new BodyTooLarge())
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge())
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, method: string, response: ServiceResponse) {
  // nosniff everywhere: no response of this API is ever meant to be guessed into HTML.
  const headers: Record<string, string> = {
    ...(response.ownCors ? {} : CORS_HEADERS),
    'x-content-type-options': 'nosniff',
    ...response.headers,
  }
  let payload: string | Uint8Array | undefined = response.body
  if (response.json !== undefined) {
    payload = JSON.stringify(response.json)
    headers['content-type'] ??= 'application/json; charset=utf-8'
  }
  if (payload !== undefined) headers['content-length'] ??= String(Buffer.byteLength(payload))
  res.writeHead(response.status, headers)
  if (method === 'HEAD' || payload === undefined) res.end()
  else res.end(payload)
}

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) is close to what
 * clients wait before they drop an idle connection themselves (undici: 4 s, less the
 * server's hint): on a busy machine a client could send its next
 * request just as the server closed the socket under it (`fetch failed`, ECONNRESET). Kept
 * well above any client's own idle timeout, the client always closes first.
 */
export const KEEP_ALIVE_MS = 75_000

/** The gateway: CORS, the apikey rule, body reading, and routing by service prefix. */
export function createGateway(context: ServiceContext, routes: Routes): Server {
  const server = createServer(async (req, res) => {
    const method = (req.method ?? 'GET').toUpperCase()
    try {
      const url = new URL(req.url ?? '/', context.config.apiUrl)
      const route = routes.find(
        (r) => url.pathname === r.prefix || url.pathname.startsWith(`${r.prefix}/`),
      )
      if (method === 'OPTIONS' && !route?.preflight) {
        send(res, method, { status: 204 })
        return
      }
      if (!route) {
        if (url.pathname === '/' || url.pathname === '/health') {
          send(res, method, { status: 200, json: { name: 'local-supabase', status: 'ok' } })
          return
        }
        send(res, method, { status: 404, json: { message: 'no Route matched with those values' } })
        return
      }
      const body = method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : await readBody(req)
      const headerValue = (name: string) => {
        const value = req.headers[name]
        return Array.isArray(value) ? value[0] : value
      }
      const response = await route.service({
        method,
        url,
        path: url.pathname.slice(route.prefix.length) || '/',
        headers: req.headers,
        body,
        bearer: effectiveBearer(context.keys, headerValue('authorization'), headerValue('apikey')),
      })
      send(res, method, response)
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        send(res, method, { status: 413, json: { message: 'Payload too large' } })
        return
      }
      context.config.log(
        `internal error on ${method} ${req.url}: ${(error as Error).stack ?? error}`,
      )
      if (!res.headersSent)
        send(res, method, { status: 500, json: { message: 'Internal server error' } })
      else res.end()
    }
  })
  server.keepAliveTimeout = KEEP_ALIVE_MS
  // Waiting for a request's headers may not end a connection the keep-alive still holds.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000
  return server
}
