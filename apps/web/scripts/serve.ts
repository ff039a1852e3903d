// A small static server for the built site: compression (brotli, gzip), long-lived
// caching for hashed assets, prerendered pages by path, and the branded 404 page.
// Used by `pnpm --filter @club/web preview`, the production server (scripts/start.ts, which
// also re-renders pages on save), the end-to-end tests and `pnpm bench:web`. Files may be
// replaced while it serves (atomically, by a rename): each response is one file's one
// version, and compressed copies are kept per version.
import {
  closeSync,
  createReadStream,
  existsSync,
  fstatSync,
  openSync,
  readFileSync,
  statSync,
} from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { LOCAL_BACKEND } from '../src/backend-defaults.ts'
import { liveCalendars, type LiveCalendars } from './live-calendars.ts'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
}
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.ics',
  '.webmanifest',
  '.map',
])

export type SiteServer = { url: string; close(): Promise<void> }

/** Finds the file for a URL path: the file itself, or `<path>/index.html` for a prerendered page. */
function locate(root: string, pathname: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  // Dot-files and dot-folders (build metadata, editor files) are not part of the site.
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined
  const candidate = normalize(join(root, decoded))
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined
  for (const file of [candidate, join(candidate, 'index.html')]) {
    if (existsSync(file) && statSync(file).isFile()) return file
  }
  return undefined
}

export async function serveSite({
  dir,
  port = 0,
  host = '127.0.0.1',
  calendars,
}: {
  dir: string
  port?: number
  host?: string
  /**
   * Makes a `/calendars/….ics` feed from what is stored now (see live-calendars.ts), so that
   * subscriptions follow a moved game without a rebuild; the built file when it fails.
   */
  calendars?: LiveCalendars
}): Promise<SiteServer> {
  const root = resolve(dir)
  /** Compressed copies by file, for the version (modification time and size) they were made from. */
  const compressed = new Map<string, { version: string; br: Buffer; gzip: Buffer }>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (calendars && url.pathname.startsWith('/calendars/')) {
      calendars(url.pathname).then(
        (text) => {
          if (text === undefined) return serveFile(req, res, url)
          const body = Buffer.from(text)
          res.writeHead(200, {
            'content-type': TYPES['.ics'] ?? 'text/calendar; charset=utf-8',
            'cache-control': 'no-cache',
            'content-length': String(body.length),
            'x-content-type-options': 'nosniff',
          })
          res.end(req.method === 'HEAD' ? undefined : body)
        },
        () => serveFile(req, res, url),
      )
      return
    }
    serveFile(req, res, url)
  })
  function serveFile(req: IncomingMessage, res: ServerResponse, url: URL) {
    let file = locate(root, url.pathname)
    let status = 200
    // Every signed-in path is the admin app's one shell, rendered in the browser (as on
    // a static host with a rewrite rule: see the _redirects file the build writes).
    if (!file && /^\/admin\//.test(url.pathname)) file = locate(root, '/admin/index.html')
    if (!file) {
      // An unknown path: the app's shell renders the branded not-found page (it is
      // also prerendered as 404.html); unknown assets get a plain 404.
      const isAsset = /\.[a-z0-9]+$/i.test(url.pathname)
      file = !isAsset && existsSync(join(root, '404.html')) ? join(root, '404.html') : undefined
      status = 404
    }
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const ext = extname(file)
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.includes(`${sep}assets${sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    }
    // One open file for the whole response: a page replaced meanwhile is served whole, old or new.
    let fd: number
    try {
      fd = openSync(file, 'r')
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const stat = fstatSync(fd)
    const accept = String(req.headers['accept-encoding'] ?? '')
    if (COMPRESSIBLE.has(ext) && /\b(br|gzip)\b/.test(accept)) {
      const version = `${stat.mtimeMs}:${stat.size}:${stat.ino}`
      let entry = compressed.get(file)
      if (entry?.version !== version) {
        const raw = readFileSync(fd)
        entry = {
          version,
          br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip: gzipSync(raw, { level: 9 }),
        }
        compressed.set(file, entry)
      }
      closeSync(fd)
      const useBr = /\bbr\b/.test(accept)
      const body = useBr ? entry.br : entry.gzip
      headers['content-encoding'] = useBr ? 'br' : 'gzip'
      headers['content-length'] = String(body.length)
      res.writeHead(status, headers)
      res.end(req.method === 'HEAD' ? undefined : body)
      return
    }
    headers['content-length'] = String(stat.size)
    res.writeHead(status, headers)
    if (req.method === 'HEAD') {
      closeSync(fd)
      res.end()
    } else createReadStream(file, { fd }).pipe(res)
  }
  await new Promise<void>((done) => server.listen(port, host, done))
  const { port: bound } = server.address() as AddressInfo
  return {
    url: `http://${host}:${bound}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? new URL('../dist', import.meta.url).pathname
  const backend = {
    url: process.env.VITE_SUPABASE_URL ?? LOCAL_BACKEND.url,
    anonKey: process.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_BACKEND.anonKey,
  }
  const siteUrl = process.env.SITE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4173}`
  const site = await serveSite({
    dir,
    port: Number(process.env.PORT ?? 4173),
    calendars: liveCalendars({ backend, siteUrl: () => siteUrl }),
  })
  console.log(`Serving ${dir} at ${site.url}/`)
}
