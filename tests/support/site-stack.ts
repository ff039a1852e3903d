import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import { buildSite, type CompiledSite } from '@club/web/scripts/build'
import { liveCalendars } from '@club/web/scripts/live-calendars'
import { serveSite } from '@club/web/scripts/serve'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A backend and the site prerendered against it, as a visitor's browser meets them. */
export type SiteStack = {
  siteUrl: string
  backendUrl: string
  anonKey: string
  serviceRoleKey: string
  /** Runs SQL on the backend's database as its superuser (for seeding large fixtures fast). */
  sql(statements: string): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts an in-memory local backend on a free port (migrated and seeded) and the site
 * prerendered from `compiled` against it, served with compression and with calendar feeds
 * made from what is stored at each request, as the project's server does.
 */
export async function startSiteStack(compiled: CompiledSite): Promise<SiteStack> {
  const backend = await startLocalSupabase({
    projectRoot: root,
    port: 0,
    dataDir: null,
    log: () => {},
    // bcrypt's least cost for the passwords Auth hashes (sign-ups in the suites).
    bcryptCost: 4,
  })
  const outDir = mkdtempSync(join(tmpdir(), 'club-web-e2e-'))
  let siteUrl = ''
  const site = await serveSite({
    dir: outDir,
    calendars: liveCalendars({
      backend: { url: backend.url, anonKey: backend.anonKey },
      siteUrl: () => siteUrl,
    }),
  })
  siteUrl = site.url
  await buildSite({
    compiled,
    outDir,
    siteUrl,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
  })
  return {
    siteUrl,
    backendUrl: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    async sql(statements) {
      await backend.db.pg.exec(statements)
    },
    async stop() {
      await site.close()
      await backend.stop()
      rmSync(outDir, { recursive: true, force: true })
    },
  }
}
