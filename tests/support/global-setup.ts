import { rmSync } from 'node:fs'

import { compiledSiteAt, compileSite } from '@club/web/scripts/build'

import { readDisabledFeatures } from './chromium-switches.ts'
import { startSiteStack } from './site-stack.ts'

/**
 * Starts what a visitor's browser talks to: an in-memory local backend on a free port
 * (migrated and seeded), and the production build of the web app (prerendered, pointed at
 * that backend) served with compression, as it is deployed. Workers read the addresses from
 * process.env. The suites that save documents get a backend and site of their own per worker
 * instead (the `stack` fixture of tests/fixtures/test.ts), from the same compilation.
 *
 * The app is compiled once per run, or not at all when CLUB_WEB_COMPILED names the
 * compilation `pnpm build` just made (scripts/check.ts sets it); the suites that write
 * sites of their own prerender from the same compilation (E2E_COMPILED_DIR).
 */
export default async function globalSetup() {
  // Read before the workers start: they launch Chromium with it (see chromium-switches.ts).
  process.env.CLUB_CHROMIUM_DISABLED_FEATURES = await readDisabledFeatures()
  const reused = compiledSiteAt(process.env.CLUB_WEB_COMPILED)
  const compiled = reused ?? (await compileSite({ quiet: true }))
  const stack = await startSiteStack(compiled)

  process.env.E2E_SITE_URL = stack.siteUrl
  process.env.E2E_BACKEND_URL = stack.backendUrl
  process.env.E2E_ANON_KEY = stack.anonKey
  process.env.E2E_SERVICE_ROLE_KEY = stack.serviceRoleKey
  process.env.E2E_MAIL_URL = stack.mailUrl
  process.env.E2E_COMPILED_DIR = compiled.dir

  return async () => {
    await stack.stop()
    if (!reused) rmSync(compiled.dir, { recursive: true, force: true })
  }
}
