/**
 * IMPORTANT: the `app://` protocol that serves the renderer (never a dev server in production,
 * never file://). Only files inside the renderer's folder are ever read: `..`, encoded
 * traversal, absolute paths and symlinks leading out are refused. The signed-in area's paths
 * fall back to index.html, as a single-page app's server does.
 */
import { realpath, readFile } from 'node:fs/promises'
import { extname, isAbsolute, join, relative, sep } from 'node:path'

import { ADMIN_HOME, isSignedInAreaPath } from '@club/core/admin-paths'
import { CONTENT_TYPES } from '@club/core/content-types'

/** The scheme, registered as privileged (standard, secure) before the app is ready. */
export const APP_SCHEME = 'app'
/** The one host: the renderer's origin is `app://club`. */
export const APP_HOST = 'club'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** Where the window opens: the admin home, which sends a signed-out director to the login page. */
export const START_URL = `${APP_ORIGIN}${ADMIN_HOME}`

/** The desktop app's own screens (the signed-in area's are isSignedInAreaPath's). */
const DESKTOP_PATHS = /^\/desktop(\/.*)?$/

/** Where a request's path leads. */
export type Resolution = { kind: 'file'; relativePath: string } | { kind: 'forbidden' }

/**
 * Turns the URL path of a request into a path inside the renderer's folder, without touching
 * the disk. Anything that could step outside is forbidden, whatever its encoding.
 */
export function resolveAppPath(pathname: string): Resolution {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return { kind: 'forbidden' }
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) {
    return { kind: 'forbidden' }
  }
  const segments = decoded.slice(1).split('/')
  if (segments.some((segment) => segment === '..' || segment === '.')) return { kind: 'forbidden' }
  // `//etc/passwd` or `/C:/…` would name another root once joined.
  if (segments[0] === '' && segments.length > 1) return { kind: 'forbidden' }
  if (segments.some((segment) => /^[A-Za-z]:$/.test(segment))) return { kind: 'forbidden' }
  const relativePath = segments.filter(Boolean).join('/')
  if (isAbsolute(relativePath)) return { kind: 'forbidden' }
  // The app's routes hold no files (assets live under /assets), so a route whose last part
  // has a dot, such as a news slug, is still a route.
  if (relativePath === '' || isSignedInAreaPath(decoded) || DESKTOP_PATHS.test(decoded)) {
    return { kind: 'file', relativePath: 'index.html' }
  }
  return { kind: 'file', relativePath }
}

/** True when `child` is `parent` or inside it. */
function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child)
  return path === '' || (!path.startsWith(`..${sep}`) && path !== '..' && !isAbsolute(path))
}

/** The addresses the policy lets the renderer reach: the backend, and the published site. */
export type PolicyOrigins = { backendUrl: string | null; siteUrl?: string | null }

/**
 * The origin of the backend's Realtime websocket: `wss:` for an https backend, `ws:` for a
 * plain http one (the local backend on loopback). Chromium does not let an `https:` source
 * cover `wss:`, so without it the editors' presence, "saved by someone else" and live field
 * status would be refused.
 */
function socketOrigin(origin: URL): string {
  return `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`
}

/**
 * The Content-Security-Policy of every app:// response: own code only, the backend for data
 * and its Realtime socket, and the published site in a frame (the edit bar's phone and
 * tablet preview of the live page).
 */
export function contentSecurityPolicy({ backendUrl, siteUrl = null }: PolicyOrigins): string {
  const backendOrigin = backendUrl ? new URL(backendUrl) : null
  const backend = backendOrigin ? ` ${backendOrigin.origin}` : ''
  const socket = backendOrigin ? ` ${socketOrigin(backendOrigin)}` : ''
  const site = siteUrl ? new URL(siteUrl).origin : null
  return [
    "default-src 'none'",
    "script-src 'self'",
    // React sets style attributes (progress bars, the loader); no inline script is allowed.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${backend}`,
    "font-src 'self'",
    `connect-src 'self'${backend}${socket}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    `frame-src ${site ?? "'none'"}`,
    "object-src 'none'",
  ].join('; ')
}

/** Directives a `<meta>` policy cannot carry (the browser ignores them there, with a warning). */
const HEADER_ONLY = /^(frame-ancestors|report-uri|report-to|sandbox)\b/

/** The header's policy as a `<meta>` can state it: the same, less what only a header can say. */
export function metaPolicy(csp: string): string {
  return csp
    .split(/\s*;\s*/)
    .filter((directive) => directive && !HEADER_ONLY.test(directive))
    .join('; ')
}

const META_CSP = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/i

/**
 * index.html as served: its `<meta>` policy (in the built file, the strictest, naming no
 * backend) is replaced with the header's, so the two always say the same.
 */
export function withMetaPolicy(html: string, csp: string): string {
  const escaped = metaPolicy(csp).replace(/&/g, '&amp;').replace(/"/g, '&quot;')
  return html.replace(META_CSP, (_match, start: string, end: string) => `${start}${escaped}${end}`)
}

/** Options of `serveAppRequest`. */
export type ServeOptions = { rootDir: string; csp: string }

const text = (status: number, body: string, csp: string) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
    },
  })

/**
 * Answers one app:// request from the renderer's folder (what `protocol.handle` calls).
 * Only GET and HEAD; a symlink is followed only while it stays inside the folder.
 */
export async function serveAppRequest(request: Request, options: ServeOptions): Promise<Response> {
  const { rootDir, csp } = options
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return text(405, 'Method not allowed', csp)
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return text(400, 'Bad request', csp)
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return text(403, 'Forbidden', csp)
  const resolution = resolveAppPath(url.pathname)
  if (resolution.kind === 'forbidden') return text(403, 'Forbidden', csp)
  let root: string
  let file: string
  try {
    root = await realpath(rootDir)
    file = await realpath(join(root, resolution.relativePath))
  } catch {
    return text(404, 'Not found', csp)
  }
  if (!isInside(root, file)) return text(403, 'Forbidden', csp)
  let body: Buffer
  try {
    body = await readFile(file)
  } catch {
    return text(404, 'Not found', csp)
  }
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
  if (type.startsWith('text/html')) body = Buffer.from(withMetaPolicy(body.toString('utf8'), csp))
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': type.startsWith('text/html') ? 'no-cache' : 'max-age=31536000, immutable',
    },
  })
}
