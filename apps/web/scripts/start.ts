// The production server a club can host itself: serves the built site (scripts/serve.ts)
// and keeps its pages current, re-rendering on each save only the pages that show the saved
// document (scripts/follow-saves.ts). Build first, then start:
//
//   pnpm --filter @club/web build && pnpm --filter @club/web start     (or `pnpm serve` at the root)
//
// Configured by environment variables, every one optional (see docs/deploying.md):
//   PORT, HOST                        where to listen (4173, 127.0.0.1; 0.0.0.0 for every interface)
//   SITE_DIR, SERVER_DIR              the build's output and server bundle (apps/web/dist, apps/web/dist-server)
//   SITE_URL                          the public origin (default: the one the site was built for)
//   VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY   the backend to follow (default: the build's)
//   FOLLOW_SAVES                      `realtime` (default), `poll` (reads only) or `off` (serve as built)
//   FOLLOW_CHECK_SECONDS              read everything again this often with Realtime (60)
//   FOLLOW_FALLBACK_SECONDS           …and without it (3)
//
// Scheduled news posts and the public copies of photos no page uses are the database's work
// (pg_cron, and the retire-unused-photos Edge Function): this server only follows their saves.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import {
  followSaves,
  FOLLOW_CHECK_MS,
  FOLLOW_FALLBACK_MS,
  serverSiteWriter,
} from './follow-saves.ts'
import type { FollowOptions, SaveFollower } from './follow-saves.ts'
import { serveSite } from './serve.ts'
import { siteFile } from './site-files.ts'
import { createPageOnRequest, loadServerBundle, loadServerEntry } from './site-output.ts'
import type { Backend } from './site-output.ts'

const webRoot = fileURLToPath(new URL('..', import.meta.url))

export type ProductionServer = {
  url: string
  follower: SaveFollower | undefined
  close(): Promise<void>
}

/**
 * For a server that does not follow saves: renders each page the build left to the server
 * (SiteManifest.deferred: older articles) when it is first asked for, from what is stored when
 * this is called. Nothing is read when the build left none.
 */
export async function renderLeftPagesOnRequest(options: {
  outDir: string
  serverDir: string
  backend?: Backend
  siteUrl?: string
  log?: (message: string) => void
}): Promise<(pathname: string) => Promise<boolean>> {
  const log = options.log ?? ((message: string) => console.log(message))
  const { entry, template, manifest } = await loadServerBundle(options.serverDir)
  const left = new Set(manifest.deferred ?? [])
  if (left.size === 0) return async () => false
  const backend = options.backend ?? manifest.backend
  entry.setStoredContent(await entry.readStoredContent(backend), log)
  // A page whose item is gone since the build is not rendered: it answers 404.
  const listed = new Set(entry.pageRoutes.pathsFor(entry.documents()))
  const writer = serverSiteWriter({
    entry,
    template,
    outDir: options.outDir,
    siteUrl: (options.siteUrl ?? manifest.siteUrl).replace(/\/$/, ''),
    backend,
    log,
  })
  return createPageOnRequest({
    writer,
    isWanted: (path) => {
      const file = siteFile(options.outDir, path, true)
      return left.has(path) && listed.has(path) && file !== undefined && !existsSync(file)
    },
    warn: log,
  })
}

/**
 * Serves `outDir` and, unless `follow` is false, re-renders its pages on save. A page the
 * build left to the server is rendered when first asked for, whether it follows or not.
 */
export async function startProductionServer(
  options: Omit<FollowOptions, 'outDir'> & {
    outDir: string
    port?: number
    host?: string
    follow?: boolean
  },
): Promise<ProductionServer> {
  // The site's fixed redirects answer 301 here (a static host gets the built shell instead).
  const { entry } = await loadServerEntry(options.serverDir)
  // Served at once; a request for a page left to the server waits until it can be rendered.
  let onRequest: (render: (pathname: string) => Promise<boolean>) => void = () => {}
  const renderer = new Promise<(pathname: string) => Promise<boolean>>((resolve) => {
    onRequest = resolve
  })
  const site = await serveSite({
    dir: options.outDir,
    port: options.port,
    host: options.host,
    redirects: entry.redirects().app,
    renderOnRequest: (pathname) => renderer.then((render) => render(pathname)),
  })
  let follower: SaveFollower | undefined
  try {
    if (options.follow !== false) {
      follower = await followSaves(options)
      onRequest(follower.renderOnRequest)
    } else onRequest(await renderLeftPagesOnRequest(options))
  } catch (error) {
    onRequest(async () => false)
    await site.close()
    throw error
  }
  return {
    url: site.url,
    follower,
    close: async () => {
      await follower?.close()
      await site.close()
    },
  }
}

/** An environment variable in seconds, as milliseconds. */
function seconds(name: string, fallbackMs: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallbackMs
  const value = Number(raw)
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a number of seconds above 0, not ${JSON.stringify(raw)}`)
  return value * 1000
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = process.env
  const mode = env.FOLLOW_SAVES ?? 'realtime'
  if (!['realtime', 'poll', 'off'].includes(mode)) {
    console.error(`FOLLOW_SAVES must be realtime, poll or off, not ${JSON.stringify(mode)}`)
    process.exit(2)
  }
  const backend =
    env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY
      ? { url: env.VITE_SUPABASE_URL, anonKey: env.VITE_SUPABASE_ANON_KEY }
      : undefined
  const outDir = env.SITE_DIR ?? join(webRoot, 'dist')
  try {
    const server = await startProductionServer({
      outDir,
      serverDir: env.SERVER_DIR ?? join(webRoot, 'dist-server'),
      port: Number(env.PORT ?? 4173),
      host: env.HOST ?? '127.0.0.1',
      siteUrl: env.SITE_URL,
      backend,
      follow: mode !== 'off',
      realtime: mode === 'realtime',
      checkMs: seconds('FOLLOW_CHECK_SECONDS', FOLLOW_CHECK_MS),
      fallbackMs: seconds('FOLLOW_FALLBACK_SECONDS', FOLLOW_FALLBACK_MS),
    })
    console.log(
      `Serving ${outDir} at ${server.url}/` +
        (mode === 'off' ? ' as built' : `, re-rendering pages on save (${mode})`),
    )
    const stop = () => void server.close().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
}
