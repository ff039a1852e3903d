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
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { followSaves, FOLLOW_CHECK_MS, FOLLOW_FALLBACK_MS } from './follow-saves.ts'
import type { FollowOptions, SaveFollower } from './follow-saves.ts'
import { serveSite } from './serve.ts'
import { loadServerEntry } from './site-output.ts'

const webRoot = fileURLToPath(new URL('..', import.meta.url))

export type ProductionServer = {
  url: string
  follower: SaveFollower | undefined
  close(): Promise<void>
}

/** Serves `outDir` and, unless `follow` is false, re-renders its pages on save. */
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
  const site = await serveSite({
    dir: options.outDir,
    port: options.port,
    host: options.host,
    redirects: entry.redirects().app,
  })
  let follower: SaveFollower | undefined
  try {
    if (options.follow !== false) follower = await followSaves(options)
  } catch (error) {
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
