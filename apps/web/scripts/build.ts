// Builds the web app for production: the client bundle, then a server bundle that
// prerenders every public route to HTML from the content stored in the backend the build
// points at (the built-in content for keys not stored, or when the backend cannot be
// reached), then the signed-in area's shells, sitemap.xml, robots.txt, _redirects and the
// site search's index (scripts/search-index.ts).
//
//   node scripts/build.ts                       → apps/web/dist, the server bundle in apps/web/dist-server,
//                                                 and the compilation itself in apps/web/dist-compiled
//   buildSite({ outDir, siteUrl, backend })     → from the e2e setup and the benchmarks
//
// Compiling (compileSite) and prerendering (prerenderSite) are separate steps: the compiled
// code names no backend, each written page does (src/backend-config.ts), so the e2e setup
// compiles once, or reuses `pnpm build`'s compilation, for every site its suites write.
//
// The production server (scripts/start.ts) keeps the pages current from the server bundle
// (scripts/follow-saves.ts); a static host rebuilds on save: see docs/deploying.md.
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'vite'

import type { ContentKey } from '@club/core/entities'
import { matchPattern, ROUTE_PATTERNS } from '@club/core/routes'

import { LOCAL_BACKEND } from '../src/backend-defaults.ts'
import { createShareImageMaker, SHARE_IMAGE_CACHE_DIR } from './share-images.ts'
import { precompressAssets } from './serve.ts'
import { writeSearchIndex } from './search-index.ts'
import { createSiteWriter, loadServerEntry, SERVER_FILES } from './site-output.ts'
import { writeFileAtomic } from './site-files.ts'
import type { SiteManifest } from './site-output.ts'

const webRoot = fileURLToPath(new URL('..', import.meta.url))
const configFile = join(webRoot, 'vite.config.ts')

/** Where `node scripts/build.ts` leaves the server bundle for the production server. */
export const DEFAULT_SERVER_DIR = join(webRoot, 'dist-server')

export type BuildOptions = {
  outDir?: string
  /**
   * Where to keep the server bundle, its template and `site.json`, for the production
   * server that re-renders pages on save (scripts/follow-saves.ts). Without it the bundle
   * is read from the compiled site and nothing is kept.
   */
  serverDir?: string
  /** The public origin, for canonical URLs, Open Graph tags and the sitemap. */
  siteUrl?: string
  backend?: { url: string; anonKey: string }
  /** Prerender from the built-in content only, whatever is stored. */
  ignoreStoredContent?: boolean
  /**
   * The code to prerender with, from compileSite(). Given, nothing is compiled: the e2e
   * setup compiles once and every suite that builds a site of its own reuses it.
   */
  compiled?: CompiledSite
  /**
   * `all` (the default): every article is prerendered, as a static host needs. `newest`: only
   * those of the newest posts (home's, the carousel's and the news list's first page) and
   * every other page; the older articles are left to the production server, which renders
   * each when first asked for and the rest in the background (scripts/start.ts), so a build
   * costs the same at 2,000 posts as at 60. `site.json` lists them (SiteManifest.deferred).
   */
  articles?: 'all' | 'newest'
  quiet?: boolean
}

/**
 * The app compiled, before any page is prerendered: the client bundle (with its template,
 * index.html) and the server bundle. It names no backend: prerenderSite() writes the
 * backend into every page it writes (see src/backend-config.ts), so one compilation serves
 * any number of sites.
 */
export type CompiledSite = { clientDir: string; serverDir: string }

/** The largest stylesheet put in every page's HTML instead of linked (see inlineStylesheets). */
const INLINE_STYLESHEET_MAX_BYTES = 100 * 1024

/**
 * Puts the app's stylesheet in the HTML itself: linked, it is a second round trip before the
 * first paint, and on a weak signal (2 s a request on DevTools' Slow 3G) it arrived after the
 * HTML while the font shared the line, so /fields first painted near 5 s. Inline, the page
 * paints with its HTML. A stylesheet that is missing, too large or could close the tag early
 * stays linked.
 */
export function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (link, file: string) => {
      const path = join(clientDir, file)
      if (!existsSync(path) || statSync(path).size > INLINE_STYLESHEET_MAX_BYTES) return link
      const css = readFileSync(path, 'utf8')
      return /<\/style/i.test(css) ? link : `<style>${css}</style>`
    },
  )
}

/** The template's mark where prerenderSite() writes the backend's address and anon key. */
const BACKEND_MARK = '<!--app-backend-->'
/** The file that marks a folder as compileSite()'s. */
const COMPILED_MARK = 'compiled.json'

/** Where `node scripts/build.ts` keeps its compilation, for the e2e setup to reuse (pnpm check). */
export const DEFAULT_COMPILED_DIR = join(webRoot, 'dist-compiled')

/** Where the compilations of buildSite() and the e2e setup go: inside the app, so that the server bundle resolves react and friends. */
const COMPILE_PARENT = join(webRoot, 'node_modules', '.prerender')

/** Whether a compilation's mark says it finished (it is written empty when it starts). */
function isComplete(mark: string): boolean {
  try {
    return typeof JSON.parse(readFileSync(mark, 'utf8')).compiledAt === 'string'
  } catch {
    return false
  }
}

/** The compiled site in `dir`, if compileSite() finished one there. */
export function compiledSiteAt(
  dir: string | undefined,
): (CompiledSite & { dir: string }) | undefined {
  if (!dir) return undefined
  const site = { dir, clientDir: join(dir, 'client'), serverDir: join(dir, 'server') }
  return isComplete(join(dir, COMPILED_MARK)) &&
    existsSync(join(site.serverDir, SERVER_FILES.entry)) &&
    existsSync(join(site.clientDir, 'index.html'))
    ? site
    : undefined
}

/**
 * A folder for the server bundle from which Node resolves the app's dependencies (react,
 * jsdom…): inside the app, or given a `node_modules` link to the app's.
 */
function prepareServerDir(dir: string) {
  // Emptied only when it is a server bundle's folder (or empty): never someone's files.
  const existing = existsSync(dir) ? readdirSync(dir) : []
  if (existing.length > 0 && !existing.includes(SERVER_FILES.manifest))
    throw new Error(
      `${dir} is not empty and holds no ${SERVER_FILES.manifest}: refusing to replace it`,
    )
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const inside = !relative(webRoot, resolve(dir)).startsWith('..')
  if (!inside) symlinkSync(join(webRoot, 'node_modules'), join(dir, 'node_modules'), 'dir')
  // The bundle's files are ES modules wherever the folder is.
  writeFileAtomic(join(dir, 'package.json'), '{ "type": "module", "private": true }\n')
}

/** Compiles the client and server bundles into `dir` (a new folder by default). */
export async function compileSite(
  options: { dir?: string; quiet?: boolean } = {},
): Promise<CompiledSite & { dir: string }> {
  mkdirSync(COMPILE_PARENT, { recursive: true })
  const dir = options.dir ?? mkdtempSync(join(COMPILE_PARENT, 'compiled-'))
  // Replaced only when it is a compiled site's folder (or empty): never someone's files.
  const existing = existsSync(dir) ? readdirSync(dir) : []
  if (existing.length > 0 && !existing.includes(COMPILED_MARK))
    throw new Error(`${dir} is not empty and holds no ${COMPILED_MARK}: refusing to replace it`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  // Marked at once, so that a compilation that fails halfway is replaced by the next.
  writeFileAtomic(join(dir, COMPILED_MARK), '{}')
  const clientDir = join(dir, 'client')
  const serverDir = join(dir, 'server')
  const logLevel = options.quiet ? 'warn' : 'info'
  await build({
    root: webRoot,
    configFile,
    logLevel,
    build: { outDir: clientDir, emptyOutDir: true },
  })
  if (!readFileSync(join(clientDir, 'index.html'), 'utf8').includes(BACKEND_MARK))
    throw new Error(`index.html must contain ${BACKEND_MARK}, where each page names its backend`)
  // Hashed assets never change: their smallest compressed copies are made once, here.
  await precompressAssets(clientDir)
  prepareServerDir(serverDir)
  await build({
    root: webRoot,
    configFile,
    logLevel: 'warn',
    // supabase-js is core's dependency, not the app's: bundled, as Node could not find it from here.
    ssr: { noExternal: [/^@supabase\//] },
    build: {
      ssr: 'src/entry-server.tsx',
      outDir: serverDir,
      emptyOutDir: false,
      sourcemap: false,
      copyPublicDir: false,
      // Never sent to a browser: its size is not a visitor's concern.
      chunkSizeWarningLimit: 10_000,
    },
  })
  // The client build's index.html is the template of every page (it is replaced by home's).
  copyFileSync(join(clientDir, 'index.html'), join(serverDir, SERVER_FILES.template))
  writeFileAtomic(
    join(dir, COMPILED_MARK),
    JSON.stringify({ compiledAt: new Date().toISOString() }),
  )
  return { dir, clientDir, serverDir }
}

/** How many of the newest posts' articles are prerendered with `articles: 'newest'`: the news list's first page. */
export const NEWEST_ARTICLES = 12

/**
 * The article paths among `paths` that `articles: 'newest'` leaves to the server: those of
 * every post but the newest NEWEST_ARTICLES and those home's carousel shows.
 */
export function olderArticles(
  paths: readonly string[],
  posts: readonly { slug: string; showInCarousel?: boolean }[],
): string[] {
  const kept = new Set(
    posts
      .filter((post, index) => index < NEWEST_ARTICLES || post.showInCarousel)
      .map((post) => post.slug),
  )
  return paths.filter((path) => {
    const slug = matchPattern(ROUTE_PATTERNS.newsPost, path)?.slug
    return slug !== undefined && !kept.has(slug)
  })
}

/** What a prerender wrote, and where its time went (ms by phase; see createPhaseTimes). */
export type PrerenderReport = { outDir: string; pages: number; times: Record<string, number> }

/**
 * Wall time by phase of a prerender: `pages` is every page's render and write, share images
 * included; `share images` is their part of it (so a page's React render is the rest).
 */
function createPhaseTimes() {
  const totals: Record<string, number> = {}
  return {
    async time<T>(phase: string, work: () => Promise<T>): Promise<T> {
      const started = performance.now()
      try {
        return await work()
      } finally {
        totals[phase] = (totals[phase] ?? 0) + performance.now() - started
      }
    },
    totals: () => ({ ...totals }),
    summary: () =>
      Object.entries(totals)
        .map(([phase, ms]) => `${phase} ${(ms / 1000).toFixed(1)} s`)
        .join(', '),
  }
}

/** The meta tags a page names its backend with; src/backend-config.ts reads them. */
export function backendMeta(backend: { url: string; anonKey: string }): string {
  const attribute = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return (
    `<meta name="club-backend-url" content="${attribute(backend.url)}" />` +
    `<meta name="club-backend-anon-key" content="${attribute(backend.anonKey)}" />`
  )
}

/**
 * Writes a site from compiled code: the client bundle copied to `outDir`, then every public
 * route prerendered from the content stored in `backend` (the built-in content for keys not
 * stored, or when the backend cannot be read), the signed-in area's shells, the derived
 * outputs (calendars, feed, sitemap, robots.txt, _redirects).
 */
export async function prerenderSite(
  compiled: CompiledSite,
  options: Omit<BuildOptions, 'compiled'> = {},
): Promise<PrerenderReport> {
  const outDir = options.outDir ?? join(webRoot, 'dist')
  const siteUrl = (options.siteUrl ?? process.env.SITE_URL ?? 'http://127.0.0.1:4173').replace(
    /\/$/,
    '',
  )
  const log = (message: string) => {
    if (!options.quiet) console.log(message)
  }
  const backend = options.backend ?? {
    url: process.env.VITE_SUPABASE_URL ?? LOCAL_BACKEND.url,
    anonKey: process.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_BACKEND.anonKey,
  }
  rmSync(outDir, { recursive: true, force: true })
  cpSync(compiled.clientDir, outDir, { recursive: true })

  // Kept for the production server: the compiled server bundle copied beside its manifest.
  const ssrDir = options.serverDir ?? compiled.serverDir
  if (options.serverDir) {
    prepareServerDir(options.serverDir)
    cpSync(compiled.serverDir, options.serverDir, {
      recursive: true,
      filter: (source) => !source.endsWith('node_modules'),
    })
  }
  const template = inlineStylesheets(
    readFileSync(join(compiled.serverDir, SERVER_FILES.template), 'utf8').replace(
      BACKEND_MARK,
      backendMeta(backend),
    ),
    compiled.clientDir,
  )
  const manifest: SiteManifest = {
    siteUrl,
    backend,
    versions: {},
    pages: {},
    notFound: [],
    derived: {},
  }
  if (options.serverDir) {
    writeFileAtomic(join(ssrDir, SERVER_FILES.template), template)
    writeFileAtomic(join(ssrDir, SERVER_FILES.manifest), JSON.stringify(manifest))
  }
  const { entry } = await loadServerEntry(ssrDir)
  const times = createPhaseTimes()
  // The pages are built from what is stored now, read as a visitor reads it (the anon
  // key, row-level security); from the built-in content when it cannot be read.
  entry.setStoredContent([])
  if (!options.ignoreStoredContent) {
    try {
      const stored = await times.time('reads', () => entry.readStoredContent(backend))
      entry.setStoredContent(stored, (message) => console.warn(message))
      for (const row of stored) manifest.versions[row.key as ContentKey] = row.version
      log(`prerendering from ${stored.length} stored document(s) of ${backend.url}`)
    } catch (error) {
      console.warn(
        `could not read stored content from ${backend.url} (${(error as Error).message}); prerendering the built-in content`,
      )
    }
  }
  const makeShareImage = createShareImageMaker({
    outDir,
    allowedOrigins: [new URL(backend.url).origin],
    cacheDir: SHARE_IMAGE_CACHE_DIR,
  })
  const shareImages: typeof makeShareImage = (request) =>
    times.time('share images', () => makeShareImage(request))
  const writer = createSiteWriter({ entry, template, outDir, siteUrl, shareImages })
  const documents = entry.documents()
  const allPaths = entry.pageRoutes.pathsFor(documents)
  const deferred = options.articles === 'newest' ? olderArticles(allPaths, documents.newsPosts) : []
  const left = new Set(deferred)
  const paths = allPaths.filter((path) => !left.has(path))
  if (deferred.length > 0) manifest.deferred = deferred
  await times.time('pages', async () => {
    for (const path of paths) {
      const keys = await writer.writePage(path)
      if (keys) manifest.pages[path] = keys
    }
    manifest.notFound = await writer.writeNotFound()
    await writer.writeShells()
  })
  const pagePaths = Object.keys(manifest.pages)
  await times.time('derived files', async () => {
    // The pages left to the server are pages of the site too (no redirect is written over one).
    for (const output of writer.derived)
      manifest.derived[output.name] = writer.writeDerived(output, [...pagePaths, ...deferred])
  })
  // The site search's index, of the public pages' canonical addresses (scripts/search-index.ts).
  const search = await times.time('search index', () =>
    writeSearchIndex({
      outDir,
      paths: entry.sitemap().filter((path) => Object.hasOwn(manifest.pages, path)),
    }),
  )
  manifest.derived.search = search.written
  if (options.serverDir)
    writeFileAtomic(join(ssrDir, SERVER_FILES.manifest), JSON.stringify(manifest))
  log(
    `prerendered ${pagePaths.length} pages${deferred.length > 0 ? ` (${deferred.length} older articles left to the server)` : ''}, 404.html, the admin shells, ${manifest.derived.calendars?.length ?? 0} calendars, the news feed, sitemap.xml, robots.txt, _redirects and the search index (${search.pages} pages, ${(search.indexBytes / 1024).toFixed(0)} KB) into ${outDir}` +
      (options.serverDir ? `; the server bundle is in ${options.serverDir}` : ''),
  )
  log(`prerender time: ${times.summary()}`)
  return { outDir, pages: pagePaths.length, times: times.totals() }
}

/** Compiles (unless given compiled code) and prerenders a site; see prerenderSite(). */
export async function buildSite(options: BuildOptions = {}): Promise<PrerenderReport> {
  if (options.compiled) return prerenderSite(options.compiled, options)
  const compiled = await compileSite({ quiet: options.quiet })
  try {
    return await prerenderSite(compiled, options)
  } finally {
    rmSync(compiled.dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The compilation is kept (apps/web/dist-compiled), so that `pnpm check` runs the e2e
  // suites on this very build instead of compiling again (tests/support/global-setup.ts).
  const compiled = await compileSite({ dir: process.env.COMPILED_DIR ?? DEFAULT_COMPILED_DIR })
  // PRERENDER_ARTICLES=newest: for the production server only (see BuildOptions.articles).
  const articles = process.env.PRERENDER_ARTICLES ?? 'all'
  if (articles !== 'all' && articles !== 'newest')
    throw new Error(`PRERENDER_ARTICLES must be all or newest, not ${JSON.stringify(articles)}`)
  await prerenderSite(compiled, {
    serverDir: process.env.SERVER_DIR ?? DEFAULT_SERVER_DIR,
    articles,
  })
}
