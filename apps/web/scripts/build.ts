// Builds the web app for production: the client bundle, then a server bundle that
// prerenders every public route to HTML from the content stored in the backend the build
// points at (the built-in content for keys not stored, or when the backend cannot be
// reached), then the signed-in area's shells, sitemap.xml, robots.txt and _redirects.
//
//   node scripts/build.ts                       → apps/web/dist, and the server bundle in apps/web/dist-server
//   buildSite({ outDir, siteUrl, backend })     → from the e2e setup and the benchmarks
//
// The production server (scripts/start.ts) keeps the pages current from the server bundle
// (scripts/follow-saves.ts); a static host rebuilds on save: see docs/deploying.md.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { build } from 'vite'

import type { ContentKey } from '@club/core/entities'

import { LOCAL_BACKEND } from '../src/backend-defaults.ts'
import { createShareImageMaker } from './share-images.ts'
import { createSiteWriter, loadServerBundle, SERVER_FILES, writeFileAtomic } from './site-output.ts'
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
   * is built in a temporary folder and removed once the pages are written.
   */
  serverDir?: string
  /** The public origin, for canonical URLs, Open Graph tags and the sitemap. */
  siteUrl?: string
  backend?: { url: string; anonKey: string }
  /** Prerender from the built-in content only, whatever is stored. */
  ignoreStoredContent?: boolean
  quiet?: boolean
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

  // Inside the app's node_modules unless kept, so that the server bundle resolves react and friends.
  const ssrParent = join(webRoot, 'node_modules', '.prerender')
  let ssrDir = options.serverDir
  if (ssrDir) prepareServerDir(ssrDir)
  else {
    mkdirSync(ssrParent, { recursive: true })
    ssrDir = mkdtempSync(join(ssrParent, 'build-'))
  }
  try {
    await build({
      root: webRoot,
      configFile,
      logLevel: 'warn',
      // supabase-js is core's dependency, not the app's: bundled, as Node could not find it from here.
      ssr: { noExternal: [/^@supabase\//] },
      build: {
        ssr: 'src/entry-server.tsx',
        outDir: ssrDir,
        emptyOutDir: false,
        sourcemap: false,
        copyPublicDir: false,
        // Never sent to a browser: its size is not a visitor's concern.
        chunkSizeWarningLimit: 10_000,
      },
    })
    // The client build's index.html is the template of every page (it is replaced by home's).
    copyFileSync(join(outDir, 'index.html'), join(ssrDir, SERVER_FILES.template))
    const manifest: SiteManifest = {
      siteUrl,
      backend,
      versions: {},
      pages: {},
      notFound: [],
      derived: {},
    }
    writeFileAtomic(join(ssrDir, SERVER_FILES.manifest), JSON.stringify(manifest))
    const { entry, template } = await loadServerBundle(ssrDir)
    // The pages are built from what is stored now, read as a visitor reads it (the anon
    // key, row-level security); from the built-in content when it cannot be read.
    if (!options.ignoreStoredContent) {
      try {
        const stored = await entry.readStoredContent(backend)
        entry.setStoredContent(stored, (message) => console.warn(message))
        for (const row of stored) manifest.versions[row.key as ContentKey] = row.version
        log(`prerendering from ${stored.length} stored document(s) of ${backend.url}`)
      } catch (error) {
        console.warn(
          `could not read stored content from ${backend.url} (${(error as Error).message}); prerendering the built-in content`,
        )
      }
    }
    const shareImages = createShareImageMaker({
      outDir,
      allowedOrigins: [new URL(backend.url).origin],
    })
    const writer = createSiteWriter({ entry, template, outDir, siteUrl, shareImages })
    const paths = entry.pageRoutes.pathsFor(entry.documents())
    for (const path of paths) {
      const keys = await writer.writePage(path)
      if (keys) manifest.pages[path] = keys
    }
    manifest.notFound = await writer.writeNotFound()
    writer.writeShells()
    const pagePaths = Object.keys(manifest.pages)
    for (const output of writer.derived)
      manifest.derived[output.name] = writer.writeDerived(output, pagePaths)
    writeFileAtomic(join(ssrDir, SERVER_FILES.manifest), JSON.stringify(manifest))
    log(
      `prerendered ${pagePaths.length} pages, 404.html, the admin shells, ${manifest.derived.calendars?.length ?? 0} calendars, the news feed, sitemap.xml, robots.txt and _redirects into ${outDir}` +
        (options.serverDir ? `; the server bundle is in ${options.serverDir}` : ''),
    )
    return { outDir, pages: pagePaths.length }
  } finally {
    if (!options.serverDir) rmSync(ssrDir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildSite({ serverDir: process.env.SERVER_DIR ?? DEFAULT_SERVER_DIR })
}
