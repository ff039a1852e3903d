// What the browser benchmarks (bench:editor, bench:photos) stand on: an in-memory local
// backend, a production build of the web site pointed at it and served, and Debian's
// Chromium. `close()` takes all of it down again.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { chromium } from '@playwright/test'
import type { Browser } from '@playwright/test'

import { startLocalSupabase } from '@club/local-supabase'
import type { LocalSupabase } from '@club/local-supabase'
import { buildSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'

const root = fileURLToPath(new URL('..', import.meta.url))
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export type BenchStack = {
  backend: LocalSupabase
  site: { url: string }
  /** Where the built site is (its HTML files, for benchmarks that pick pages by size). */
  siteDir: string
  browser: Browser
  close(): Promise<void>
}

/** Starts the backend, builds and serves the site against it, and launches Chromium. */
export async function startBenchStack(name: string): Promise<BenchStack> {
  const backend = await startLocalSupabase({
    projectRoot: root,
    port: 0,
    dataDir: null,
    log: () => {},
  })
  const siteDir = mkdtempSync(join(tmpdir(), `club-bench-${name}-`))
  const site = await serveSite({ dir: siteDir })
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  })
  const close = async () => {
    await browser.close()
    await site.close()
    await backend.stop()
    rmSync(siteDir, { recursive: true, force: true })
  }
  try {
    await buildSite({
      outDir: siteDir,
      siteUrl: site.url,
      backend: { url: backend.url, anonKey: backend.anonKey },
      quiet: true,
    })
  } catch (error) {
    await close()
    throw error
  }
  return { backend, site, siteDir, browser, close }
}
