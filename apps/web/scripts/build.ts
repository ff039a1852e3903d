// Builds the web app for production: the client bundle, then a server bundle that
// prerenders every public route to HTML from the content stored in the backend the build
// points at (the built-in content for keys not stored, or when the backend cannot be
// reached), then the signed-in area's shells, sitemap.xml, robots.txt and _redirects.
//
//   node scripts/build.ts                       → apps/web/dist
//   buildSite({ outDir, siteUrl, backend })     → from the e2e setup and the benchmarks
//
// A static host rebuilds on save to keep pages current: see docs/deploying.md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'vite'

import type { StoredDocument } from '@club/core/content'

import { LOCAL_BACKEND } from '../src/backend-defaults.ts'

const webRoot = fileURLToPath(new URL('..', import.meta.url))
const configFile = join(webRoot, 'vite.config.ts')

export type BuildOptions = {
  outDir?: string
  /** The public origin, for canonical URLs, Open Graph tags and the sitemap. */
  siteUrl?: string
  backend?: { url: string; anonKey: string }
  /** Prerender from the built-in content only, whatever is stored. */
  ignoreStoredContent?: boolean
  quiet?: boolean
}

type PrerenderedPage = {
  html: string
  head: string
  renderedAt: number
  baseline?: string
  /** The keys of the baseline built from the built-in documents, space-separated. */
  builtIn?: string
}

type ServerEntry = {
  render(url: string, siteUrl: string): Promise<PrerenderedPage>
  readStoredContent(backend: { url: string; anonKey: string }): Promise<StoredDocument[]>
  setStoredContent(rows: readonly StoredDocument[], warn?: (message: string) => void): void
  calendars(siteUrl: string): { path: string; text: string }[]
  prerenderPaths(): string[]
  redirects: Readonly<Record<string, string>>
}

/** The shell of a page rendered in the browser only (the signed-in area). */
const shellHead = (title: string) =>
  `<title>${title}</title><meta name="robots" content="noindex" />`

export async function buildSite(
  options: BuildOptions = {},
): Promise<{ outDir: string; pages: number }> {
  const outDir = options.outDir ?? join(webRoot, 'dist')
  const siteUrl = (options.siteUrl ?? process.env.SITE_URL ?? 'http://127.0.0.1:4173').replace(
    /\/$/,
    '',
  )
  if (options.backend) {
    process.env.VITE_SUPABASE_URL = options.backend.url
    process.env.VITE_SUPABASE_ANON_KEY = options.backend.anonKey
  }
  const log = (message: string) => {
    if (!options.quiet) console.log(message)
  }
  const backend = {
    url: process.env.VITE_SUPABASE_URL ?? LOCAL_BACKEND.url,
    anonKey: process.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_BACKEND.anonKey,
  }
  const logLevel = options.quiet ? 'warn' : 'info'
  await build({ root: webRoot, configFile, logLevel, build: { outDir, emptyOutDir: true } })

  // Inside the app's node_modules, so that the server bundle resolves react and friends.
  const ssrParent = join(webRoot, 'node_modules', '.prerender')
  mkdirSync(ssrParent, { recursive: true })
  const ssrDir = mkdtempSync(join(ssrParent, 'build-'))
  try {
    await build({
      root: webRoot,
      configFile,
      logLevel: 'warn',
      build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false },
    })
    const entry = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as ServerEntry
    // The pages are built from what is stored now, read as a visitor reads it (the anon
    // key, row-level security); from the built-in content when it cannot be read.
    if (!options.ignoreStoredContent) {
      try {
        const stored = await entry.readStoredContent(backend)
        entry.setStoredContent(stored, (message) => console.warn(message))
        log(`prerendering from ${stored.length} stored document(s) of ${backend.url}`)
      } catch (error) {
        console.warn(
          `could not read stored content from ${backend.url} (${(error as Error).message}); prerendering the built-in content`,
        )
      }
    }
    const template = readFileSync(join(outDir, 'index.html'), 'utf8')
    if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
      throw new Error(
        'index.html must contain <!--app-head--> and <!--app-html--> for prerendering',
      )
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
            ? `<script type="application/json" id="content-baseline" data-built-in="${page.builtIn ?? ''}">${page.baseline}</script>\n  </body>`
            : '</body>',
        )
    const write = (file: string, html: string) => {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, html)
    }
    const paths = entry.prerenderPaths()
    for (const path of paths) {
      const page = await entry.render(path, siteUrl)
      write(
        path === '/' ? join(outDir, 'index.html') : join(outDir, path, 'index.html'),
        fill(page),
      )
    }
    write(join(outDir, '404.html'), fill(await entry.render('/__not-found__', siteUrl)))
    // Redirect routes get the app shell: the router redirects and keeps the hash
    // (/rules-faq#weather-policy); without JavaScript, a refresh goes to the target.
    for (const [from, to] of Object.entries(entry.redirects)) {
      const shell = template
        .replace(
          '<!--app-head-->',
          `<title>Redirecting…</title><link rel="canonical" href="${siteUrl}${to}" /><noscript><meta http-equiv="refresh" content="0;url=${to}" /></noscript>`,
        )
        .replace('<!--app-html-->', '')
      write(join(outDir, from, 'index.html'), shell)
    }
    // The signed-in area renders in the browser: one shell for the login page and one for
    // every /admin path (served for all of them, with HTTP 200, through _redirects).
    const browserOnly = (title: string) =>
      template.replace('<!--app-head-->', shellHead(title)).replace('<!--app-html-->', '')
    write(join(outDir, 'admin-login', 'index.html'), browserOnly('Staff sign in'))
    write(join(outDir, 'admin', 'index.html'), browserOnly('Club admin'))
    write(join(outDir, '_redirects'), '/admin/*  /admin/index.html  200\n')
    const calendars = entry.calendars(siteUrl)
    for (const calendar of calendars)
      write(join(outDir, ...calendar.path.split('/').map(decodeURIComponent)), calendar.text)

    const today = new Date().toISOString().slice(0, 10)
    const urls = paths
      .map(
        (path) =>
          `  <url><loc>${siteUrl}${path === '/' ? '/' : path}</loc><lastmod>${today}</lastmod></url>`,
      )
      .join('\n')
    write(
      join(outDir, 'sitemap.xml'),
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
    )
    write(
      join(outDir, 'robots.txt'),
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /admin-login\n\nSitemap: ${siteUrl}/sitemap.xml\n`,
    )
    log(
      `prerendered ${paths.length} pages, 404.html, the admin shells, ${calendars.length} team and program calendars, sitemap.xml, robots.txt and _redirects into ${outDir}`,
    )
    return { outDir, pages: paths.length }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildSite()
}
