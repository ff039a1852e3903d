// A small static server for the built site: compression (brotli, gzip), long-lived
// caching for hashed assets, prerendered pages by path, and the branded 404 page.
// Used by `pnpm --filter @club/web preview`, the production server (scripts/start.ts, which
// also re-renders pages on save), the end-to-end tests and `pnpm bench:web`. Files may be
// replaced while it serves (atomically, by a rename): each response is one file's one
// version, and compressed copies are kept per version.
//
// Compression costs CPU, so it is paid once where it can be: hashed assets never change, and
// the build writes their smallest copies beside them (`.br`, `.gz`: see precompressAssets),
// which are served as they are; pages and feeds, which a save re-renders, are compressed when
// first asked for, in the encoding asked for, at a quick level.
import {
  closeSync,
  createReadStream,
  existsSync,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import { promisify } from 'node:util'

import { ADMIN_PREFIX } from '@club/core/admin-paths'
import { CONTENT_TYPES } from '@club/core/content-types'

import { LOCAL_BACKEND } from '../src/backend-defaults.ts'
import { liveCalendars, type LiveCalendars } from './live-calendars.ts'

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

type Encoding = 'br' | 'gzip'
/** The file name suffix of a precompressed copy. */
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' }
/** The largest hashed assets are compressed once, as small as they go (brotli 11, gzip 9). */
const SMALLEST = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } },
  gzip: { level: 9 },
}
/**
 * Pages are compressed on the request path, after every re-render: at brotli 5 (about 20×
 * faster than 11, and within a few per cent of its size for HTML) and gzip 6.
 */
const QUICK = {
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  gzip: { level: 6 },
}

function compressSync(raw: Buffer, encoding: Encoding, smallest: boolean): Buffer {
  const options = smallest ? SMALLEST : QUICK
  return encoding === 'br' ? brotliCompressSync(raw, options.br) : gzipSync(raw, options.gzip)
}

/** Whether a file is a hashed asset (never changed, cached for a year). */
const isAsset = (file: string) => file.includes(`${sep}assets${sep}`)

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `dir`'s `assets/`, as
 * small as they go, so that no server compresses them again (run by the build). Returns how
 * many files it compressed.
 */
export async function precompressAssets(dir: string): Promise<number> {
  const assets = join(dir, 'assets')
  if (!existsSync(assets)) return 0
  const files = readdirSync(assets).filter((name) => COMPRESSIBLE.has(extname(name)))
  const brotli = promisify(brotliCompress)
  const gzipAsync = promisify(gzip)
  // zlib's asynchronous calls run on libuv's pool: both cores are used.
  await Promise.all(
    files.map(async (name) => {
      const file = join(assets, name)
      const raw = readFileSync(file)
      const [br, gz] = await Promise.all([brotli(raw, SMALLEST.br), gzipAsync(raw, SMALLEST.gzip)])
      writeFileSync(file + SUFFIX.br, br)
      writeFileSync(file + SUFFIX.gzip, gz)
    }),
  )
  return files.length
}

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
  redirects = {},
  renderOnRequest,
}: {
  dir: string
  port?: number
  host?: string
  /**
   * The site's fixed redirects (`/dmv` → `/programs/dmv-prospects`), answered with a 301 so that
   * a link preview or a crawler follows them too (the built shell at the same path serves a
   * static host, which cannot redirect). The query is kept; the browser keeps the hash.
   */
  redirects?: Readonly<Record<string, string>>
  /**
   * Makes a `/calendars/….ics` feed from what is stored now (see live-calendars.ts), so that
   * subscriptions follow a moved game without a rebuild; the built file when it fails.
   */
  calendars?: LiveCalendars
  /**
   * Renders a page that is not on disk yet, when it is asked for (a page the build left to
   * the server: see createPageOnRequest in site-output.ts); resolves to whether it wrote it.
   * The request is answered once it has: with the page, or the 404 page.
   */
  renderOnRequest?: (pathname: string) => Promise<boolean>
}): Promise<SiteServer> {
  const root = resolve(dir)
  /** Compressed copies by file, for the version (modification time and size) they were made from. */
  const compressed = new Map<string, { version: string } & Partial<Record<Encoding, Buffer>>>()
  /** A compressed copy of `file` (open as `fd`, at `version`), made once per version. */
  function compressedCopy(file: string, fd: number, version: string, encoding: Encoding): Buffer {
    let entry = compressed.get(file)
    if (entry?.version !== version) {
      entry = { version }
      compressed.set(file, entry)
    }
    const made = entry[encoding]
    if (made) return made
    let body: Buffer | undefined
    if (isAsset(file)) {
      // The build's copy, when it is there (an asset's name is its content's hash).
      const precompressed = file + SUFFIX[encoding]
      if (existsSync(precompressed)) body = readFileSync(precompressed)
    }
    body ??= compressSync(readFileSync(fd), encoding, isAsset(file))
    entry[encoding] = body
    return body
  }
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (calendars && url.pathname.startsWith('/calendars/')) {
      calendars(url.pathname).then(
        (text) => {
          if (text === undefined) return serveFile(req, res, url)
          const body = Buffer.from(text)
          res.writeHead(200, {
            'content-type': CONTENT_TYPES['.ics'] ?? 'text/calendar; charset=utf-8',
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
    // A page (no file extension, not the signed-in area) that is not on disk may be one to render now.
    if (
      renderOnRequest &&
      !/\.[a-z0-9]+$/i.test(url.pathname) &&
      !url.pathname.startsWith(ADMIN_PREFIX) &&
      !locate(root, url.pathname)
    ) {
      const serve = () => serveFile(req, res, url)
      renderOnRequest(url.pathname).then(serve, serve)
      return
    }
    serveFile(req, res, url)
  })
  function serveFile(req: IncomingMessage, res: ServerResponse, url: URL) {
    const to = Object.hasOwn(redirects, url.pathname.replace(/(.)\/+$/, '$1'))
      ? redirects[url.pathname.replace(/(.)\/+$/, '$1')]
      : undefined
    if (to?.startsWith('/') && !to.startsWith('//')) {
      res
        .writeHead(301, {
          location: `${to}${url.search}`,
          'content-type': 'text/plain; charset=utf-8',
          'cache-control': 'no-cache',
          'x-content-type-options': 'nosniff',
        })
        .end(req.method === 'HEAD' ? undefined : `Moved to ${to}`)
      return
    }
    let file = locate(root, url.pathname)
    let status = 200
    // Every signed-in path is the admin app's one shell, rendered in the browser (as on
    // a static host with a rewrite rule: see the _redirects file the build writes).
    if (!file && url.pathname.startsWith(`${ADMIN_PREFIX}/`))
      file = locate(root, `${ADMIN_PREFIX}/index.html`)
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
      'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream',
      'cache-control': isAsset(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
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
      const encoding: Encoding = /\bbr\b/.test(accept) ? 'br' : 'gzip'
      let body: Buffer
      try {
        body = compressedCopy(file, fd, version, encoding)
      } finally {
        closeSync(fd)
      }
      headers['content-encoding'] = encoding
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
