import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import { buildSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'
import { liveCalendars } from '@club/web/scripts/live-calendars'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Starts what a visitor's browser talks to: an in-memory local backend on a free
 * port (migrated and seeded), and the production build of the web app (prerendered,
 * pointed at that backend) served with compression, as it is deployed. Workers read
 * the addresses from process.env.
 */
export default async function globalSetup() {
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
    outDir,
    siteUrl: site.url,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
  })

  process.env.E2E_SITE_URL = site.url
  process.env.E2E_BACKEND_URL = backend.url
  process.env.E2E_ANON_KEY = backend.anonKey
  process.env.E2E_SERVICE_ROLE_KEY = backend.serviceRoleKey

  return async () => {
    await site.close()
    await backend.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
}
