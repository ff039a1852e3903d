// The site's files, rendered by the server bundle (src/entry-server.tsx) and written into
// the output folder: shared by the build (scripts/build.ts, every page) and the production
// server's re-render on save (scripts/follow-saves.ts, only the pages a save changed).
// Every file is written atomically (a temporary file beside it, then a rename), so a
// visitor never gets half of a page, and a page's path is checked before anything is
// written or removed: a path comes from stored documents (a post's slug), which may be hostile.
import { existsSync, readFileSync, rmdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

import { ADMIN_PREFIX, LOGIN_PATH } from '@club/core/admin-paths'
import type { StoredDocument } from '@club/core/content'
import type { ContentDocuments, DocumentKey } from '@club/core/entities'
import type { ContentFeedOptions, RealtimeConnection } from '@club/core/live'

import type { PageRoutes } from '../src/server/page-routes.ts'
import { siteFile, writeFileAtomic } from './site-files.ts'
import type { ShareImageMaker, ShareImageRequest } from './share-images.ts'

export type Backend = { url: string; anonKey: string }

export type PrerenderedPage = {
  html: string
  head: string
  renderedAt: number
  baseline?: string
  /** The keys of the baseline built from the built-in documents, space-separated. */
  builtIn?: string
  /** The stored version of each stored document of the baseline, as `key:version`, space-separated. */
  versions?: string
  /** The documents the page read. */
  keys: DocumentKey[]
  /** The JPEG share image the head names, and what it is made from (scripts/share-images.ts). */
  shareImage?: ShareImageRequest
}

/** What the server bundle (src/entry-server.tsx) exports. */
export type ServerEntry = {
  render(url: string, siteUrl: string): Promise<PrerenderedPage>
  readStoredContent(backend: Backend, keys?: readonly DocumentKey[]): Promise<StoredDocument[]>
  setStoredContent(rows: readonly StoredDocument[], warn?: (message: string) => void): void
  documents(): ContentDocuments
  calendars(siteUrl: string): { path: string; text: string }[]
  /** The news feed at its path. */
  feed(siteUrl: string): { path: string; text: string }
  /** The canonical addresses among the pages, for the sitemap. */
  sitemap(): string[]
  /**
   * The site's fixed redirects (`app`, rendered by the router so the hash is kept) and the
   * old addresses of news posts whose slug changed (`moved`).
   */
  redirects(): { app: Record<string, string>; moved: Record<string, string> }
  pageRoutes: PageRoutes
  createPublicRealtimeClient(backend: Backend): RealtimeConnection
  subscribeToContent(options: ContentFeedOptions): { close(): void }
}

/** What the build leaves beside the server bundle for the production server (`site.json`). */
export type SiteManifest = {
  siteUrl: string
  backend: Backend
  /** The stored version of each key the pages were built from (absent: built-in content). */
  versions: Partial<Record<DocumentKey, number>>
  /** Each page's path and the documents it read. */
  pages: Record<string, DocumentKey[]>
  /** The documents the not-found page read. */
  notFound: DocumentKey[]
  /** The files each derived output (sitemap, calendars) last wrote, by its name. */
  derived: Record<string, string[]>
  /**
   * Pages the build left for the production server to render (older articles, with
   * BuildOptions.articles `newest`): each is rendered when first asked for, and
   * scripts/follow-saves.ts renders the rest in the background.
   */
  deferred?: string[]
}

/** The route the not-found page is rendered at (no route matches it). */
export const NOT_FOUND_URL = '/__not-found__'

/** A site file derived from the documents (the sitemap, the calendars), rewritten when they change. */
export type DerivedOutput = {
  name: string
  /** The documents it is made from; `paths`: the list of pages. */
  uses: readonly (DocumentKey | 'paths')[]
  files(paths: readonly string[]): { path: string; text: string }[]
}

export type SiteWriter = {
  /** Renders the page at `path` and writes it; the documents it read, or undefined if refused. */
  writePage(path: string): Promise<DocumentKey[] | undefined>
  /** Removes the page at `path`: it answers 404 from then on. */
  removePage(path: string): void
  writeNotFound(): Promise<DocumentKey[]>
  /** The redirect shells, the signed-in area's shells, `_redirects` and `robots.txt`. */
  writeShells(): Promise<void>
  derived: readonly DerivedOutput[]
  /** Writes one derived output, removes the files it wrote before and no longer makes; the files written. */
  writeDerived(
    output: DerivedOutput,
    paths: readonly string[],
    before?: readonly string[],
  ): string[]
}

/** Text for HTML content and attributes. */
const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The shell of a page rendered in the browser only (the signed-in area). */
const shellHead = (title: string) =>
  `<title>${title}</title><meta name="robots" content="noindex" />`

export function createSiteWriter({
  entry,
  template,
  outDir,
  siteUrl,
  shareImages,
  warn = console.warn,
}: {
  entry: ServerEntry
  /** Makes the share image a page's head names (none: pages are written without). */
  shareImages?: ShareImageMaker
  /** The client build's index.html, with `<!--app-head-->` and `<!--app-html-->`. */
  template: string
  outDir: string
  siteUrl: string
  warn?: (message: string) => void
}): SiteWriter {
  if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
    throw new Error('index.html must contain <!--app-head--> and <!--app-html--> for prerendering')
  }
  // The documents a page was built from travel with it, so that hydration renders exactly
  // what the HTML shows (see useContent), with those that are the built-in ones named.
  const fill = (page: PrerenderedPage) =>
    template
      .replace('<!--app-head-->', page.head)
      .replace(
        '<div id="root"><!--app-html-->',
        `<div id="root" data-rendered-at="${page.renderedAt}">${page.html}`,
      )
      .replace(
        '</body>',
        page.baseline
          ? `<script type="application/json" id="content-baseline" data-built-in="${page.builtIn ?? ''}" data-versions="${page.versions ?? ''}">${page.baseline}</script>\n  </body>`
          : '</body>',
      )
  const write = (path: string, text: string, page = false) => {
    const file = siteFile(outDir, path, page)
    if (file) writeFileAtomic(file, text)
    else warn(`[site] refused to write ${JSON.stringify(path)}: not a plain site path`)
    return file !== undefined
  }
  const remove = (file: string | undefined) => {
    if (!file || !existsSync(file)) return
    rmSync(file, { force: true })
    try {
      rmdirSync(dirname(file)) // only when now empty; a page's sub-pages keep it
    } catch {
      // not empty
    }
  }

  const derived: DerivedOutput[] = [
    {
      name: 'sitemap',
      // The canonical addresses of the pages (a team's one address, not its aliases).
      uses: ['paths', 'teams', 'newsPosts', 'clinics', 'programsContent'],
      files: () => {
        const today = new Date().toISOString().slice(0, 10)
        const urls = entry
          .sitemap()
          .map((path) => `  <url><loc>${siteUrl}${path}</loc><lastmod>${today}</lastmod></url>`)
          .join('\n')
        return [
          {
            path: '/sitemap.xml',
            text: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
          },
        ]
      },
    },
    {
      name: 'calendars',
      uses: ['teams', 'fieldsContent', 'programsContent', 'clinics'],
      files: () => entry.calendars(siteUrl),
    },
    {
      name: 'feed',
      uses: ['newsPosts'],
      files: () => [entry.feed(siteUrl)],
    },
    {
      // A news post's old address (its slug changed) leads to where it is now: a page that
      // refreshes there at once, and a permanent redirect on hosts that read _redirects.
      name: 'redirects',
      uses: ['paths', 'newsPosts'],
      files: (paths) => {
        const moved = Object.entries(entry.redirects().moved).filter(
          ([from]) => !paths.includes(from),
        )
        return [
          ...moved.map(([from, to]) => {
            const target = escapeHtml(`${siteUrl}${to}`)
            return {
              path: `${from}/index.html`,
              text: `<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><title>Moved</title><link rel="canonical" href="${target}" /><meta name="robots" content="noindex" /><meta http-equiv="refresh" content="0;url=${escapeHtml(to)}" /></head><body><p>This post has moved: <a href="${escapeHtml(to)}">${target}</a>.</p></body></html>\n`,
            }
          }),
          {
            path: '/_redirects',
            text: [
              ...moved.map(([from, to]) => `${from}  ${to}  301`),
              `${ADMIN_PREFIX}/*  ${ADMIN_PREFIX}/index.html  200`,
              '',
            ].join('\n'),
          },
        ]
      },
    },
  ]

  return {
    async writePage(path) {
      if (!siteFile(outDir, path, true)) {
        warn(`[site] refused to render ${JSON.stringify(path)}: not a plain site path`)
        return undefined
      }
      const page = await entry.render(path, siteUrl)
      if (page.shareImage && shareImages) await shareImages(page.shareImage)
      write(path, fill(page), true)
      return page.keys
    },
    removePage(path) {
      if (path !== '/') remove(siteFile(outDir, path, true))
    },
    async writeNotFound() {
      const page = await entry.render(NOT_FOUND_URL, siteUrl)
      if (page.shareImage && shareImages) await shareImages(page.shareImage)
      writeFileAtomic(join(outDir, '404.html'), fill(page))
      return page.keys
    },
    async writeShells() {
      // Redirect routes get the app shell: the router redirects and keeps the hash
      // (/rules-faq#weather-policy); without JavaScript, a refresh goes to the target. The
      // shell carries the target's head (title, description, canonical, Open Graph), so a
      // link preview of /dmv fetched from a static host shows the page it leads to (the
      // production server answers 301 instead: scripts/serve.ts).
      for (const [from, to] of Object.entries(entry.redirects().app)) {
        const target = await entry.render(to, siteUrl)
        if (target.shareImage && shareImages) await shareImages(target.shareImage)
        const shell = template
          .replace(
            '<!--app-head-->',
            `${target.head}\n    <noscript><meta http-equiv="refresh" content="0;url=${escapeHtml(to)}" /></noscript>`,
          )
          .replace('<!--app-html-->', '')
        write(from, shell, true)
      }
      // The signed-in area renders in the browser: one shell for the login page and one for
      // every /admin path (served for all of them, with HTTP 200, through _redirects).
      const browserOnly = (title: string) =>
        template.replace('<!--app-head-->', shellHead(title)).replace('<!--app-html-->', '')
      write(LOGIN_PATH, browserOnly('Staff sign in'), true)
      write(ADMIN_PREFIX, browserOnly('Club admin'), true)
      write(
        '/robots.txt',
        `User-agent: *\nAllow: /\nDisallow: ${ADMIN_PREFIX}\nDisallow: ${LOGIN_PATH}\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
      )
    },
    derived,
    writeDerived(output, paths, before = []) {
      const files = output.files(paths)
      const written = files.filter((file) => write(file.path, file.text)).map((file) => file.path)
      for (const old of before) if (!written.includes(old)) remove(siteFile(outDir, old, false))
      return written
    },
  }
}

/** A request's path as the pages are listed (`/news-and-updates/x/` → `/news-and-updates/x`). */
export const pagePathOf = (pathname: string) => pathname.replace(/(.)\/+$/, '$1')

/**
 * Renders a page when it is first asked for (a page the build left to the server): the
 * answer to serveSite's `renderOnRequest`. `isWanted(path)` says whether `path` is a page to
 * render now (one the site lists, not on disk yet); `onWritten` hears of each page written,
 * with the documents it read. Requests for the same page at once share one render.
 */
export function createPageOnRequest({
  writer,
  isWanted,
  onWritten,
  warn = console.warn,
}: {
  writer: Pick<SiteWriter, 'writePage'>
  isWanted: (path: string) => boolean
  onWritten?: (path: string, keys: DocumentKey[]) => void
  warn?: (message: string) => void
}): (pathname: string) => Promise<boolean> {
  const rendering = new Map<string, Promise<boolean>>()
  return (pathname) => {
    const path = pagePathOf(pathname)
    const running = rendering.get(path)
    if (running) return running
    if (!isWanted(path)) return Promise.resolve(false)
    const render = writer
      .writePage(path)
      .then(
        (keys) => {
          if (keys) onWritten?.(path, keys)
          return keys !== undefined
        },
        (error: unknown) => {
          warn(`[site] could not render ${path} on request: ${(error as Error).message}`)
          return false
        },
      )
      .finally(() => rendering.delete(path))
    rendering.set(path, render)
    return render
  }
}

/** Where the server bundle lives, and what the build left beside it. */
export const SERVER_FILES = {
  entry: 'entry-server.js',
  template: 'template.html',
  manifest: 'site.json',
} as const

/** Imports the server bundle in `serverDir`. */
export async function loadServerEntry(serverDir: string): Promise<{ entry: ServerEntry }> {
  const file = join(serverDir, SERVER_FILES.entry)
  if (!existsSync(file))
    throw new Error(
      `no server bundle in ${serverDir}: run the build first (pnpm --filter @club/web build)`,
    )
  // One module instance per folder and process (its lazily loaded pages import it by this
  // address): a build and the server that follows it in the same process share it.
  return { entry: (await import(pathToFileURL(file).href)) as ServerEntry }
}

/** Loads the server bundle a build left in `serverDir`, with its template and manifest. */
export async function loadServerBundle(serverDir: string): Promise<{
  entry: ServerEntry
  template: string
  manifest: SiteManifest
}> {
  const { entry } = await loadServerEntry(serverDir)
  const manifest = JSON.parse(
    readFileSync(join(serverDir, SERVER_FILES.manifest), 'utf8'),
  ) as SiteManifest
  const template = readFileSync(join(serverDir, SERVER_FILES.template), 'utf8')
  return { entry, template, manifest }
}
