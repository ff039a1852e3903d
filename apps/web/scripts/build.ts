// Builds the web app for production: the client bundle, then a server bundle that
// prerenders every public route to HTML from the built-in content (stored content
// replaces it after hydration), then sitemap.xml and robots.txt.
//
//   node scripts/build.ts                       → apps/web/dist
//   buildSite({ outDir, siteUrl, backend })     → from the e2e setup and the benchmarks
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'vite'

const webRoot = fileURLToPath(new URL('..', import.meta.url))
const configFile = join(webRoot, 'vite.config.ts')

export type BuildOptions = {
  outDir?: string
  /** The public origin, for canonical URLs, Open Graph tags and the sitemap. */
  siteUrl?: string
  backend?: { url: string; anonKey: string }
  quiet?: boolean
}

type ServerEntry = {
  render(url: string, siteUrl: string): Promise<{ html: string; head: string; renderedAt: number }>
  prerenderPaths(): string[]
  redirects: Readonly<Record<string, string>>
}

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
    const template = readFileSync(join(outDir, 'index.html'), 'utf8')
    if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
      throw new Error(
        'index.html must contain <!--app-head--> and <!--app-html--> for prerendering',
      )
    }
    const fill = (page: { html: string; head: string; renderedAt: number }) =>
      template
        .replace('<!--app-head-->', page.head)
        .replace(
          '<div id="root"><!--app-html-->',
          `<div id="root" data-rendered-at="${page.renderedAt}">${page.html}`,
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
    if (!options.quiet)
      console.log(
        `prerendered ${paths.length} pages, 404.html, sitemap.xml and robots.txt into ${outDir}`,
      )
    return { outDir, pages: paths.length }
  } finally {
    rmSync(ssrDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildSite()
}
