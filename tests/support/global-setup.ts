import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { startLocalSupabase } from '@club/local-supabase'
import { build, preview } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * Starts what a visitor's browser talks to: an in-memory local backend on a free
 * port (migrated and seeded), and a production build of the web app pointed at it,
 * served by Vite's preview server. Workers read the addresses from process.env.
 */
export default async function globalSetup() {
  const backend = await startLocalSupabase({ projectRoot: root, port: 0, dataDir: null, log: () => {} })
  const outDir = mkdtempSync(join(tmpdir(), 'club-web-e2e-'))
  process.env.VITE_SUPABASE_URL = backend.url
  process.env.VITE_SUPABASE_ANON_KEY = backend.anonKey
  const webRoot = join(root, 'apps/web')
  await build({ root: webRoot, configFile: join(webRoot, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } })
  const server = await preview({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    build: { outDir },
    preview: { port: 0, host: '127.0.0.1' },
    logLevel: 'warn',
  })
  const site = server.resolvedUrls?.local[0]
  if (!site) throw new Error('the preview server did not report its address')

  process.env.E2E_SITE_URL = site
  process.env.E2E_BACKEND_URL = backend.url
  process.env.E2E_ANON_KEY = backend.anonKey
  process.env.E2E_SERVICE_ROLE_KEY = backend.serviceRoleKey

  return async () => {
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
    await backend.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
}
