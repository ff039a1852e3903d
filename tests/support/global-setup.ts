import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import { buildSite, compiledSiteAt, compileSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'
import { liveCalendars } from '@club/web/scripts/live-calendars'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Starts what a visitor's browser talks to: an in-memory local backend on a free
 * port (migrated and seeded), and the production build of the web app (prerendered,
 * pointed at that backend) served with compression, as it is deployed. Workers read
 * the addresses from process.env.
 *
 * The app is compiled once per run, or not at all when CLUB_WEB_COMPILED names the
 * compilation `pnpm build` just made (scripts/check.ts sets it); the suites that write
 * sites of their own prerender from the same compilation (E2E_COMPILED_DIR).
 */
export default async function globalSetup() {
  const reused = compiledSiteAt(process.env.CLUB_WEB_COMPILED)
  const compiled = reused ?? (await compileSite({ quiet: true }))
  const backend = await startLocalSupabase({
    projectRoot: root,
    port: 0,
    dataDir: null,
    log: () => {},
  })
  const outDir = mkdtempSync(join(tmpdir(), 'club-web-e2e-'))
  let siteUrl = ''
  // Calendar feeds made from what is stored at each request, as the project's server does.
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
    siteUrl: site.url,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
  })

  process.env.E2E_SITE_URL = site.url
  process.env.E2E_BACKEND_URL = backend.url
  process.env.E2E_ANON_KEY = backend.anonKey
  process.env.E2E_SERVICE_ROLE_KEY = backend.serviceRoleKey
  process.env.E2E_COMPILED_DIR = compiled.dir

  return async () => {
    await site.close()
    await backend.stop()
    rmSync(outDir, { recursive: true, force: true })
    if (!reused) rmSync(compiled.dir, { recursive: true, force: true })
  }
}
