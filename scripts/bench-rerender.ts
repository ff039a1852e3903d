// `pnpm bench:rerender`: how long a staff save takes to reach the production server's
// served HTML (apps/web/scripts/start.ts), which re-renders only the pages that show the
// saved document. Against an in-memory local backend: builds the site once (timed, for
// comparison with a rebuild on save), starts the production server following saves, signs
// in as the seeded staff user and saves, through supabase-js:
//   - a news post's title, BENCH_SAVES times (default 20): that post's page is fetched
//     without a browser every 20 ms until its HTML carries the new title;
//   - an alert's title, 5 times: every page shows alerts, so every page is rendered again
//     (timed to home's HTML, and to the last page written);
//   - the post's title again with Realtime switched off (the periodic read alone).
// Prints p50/p95/max from the save's request to the served HTML, the pages rendered per
// save and the render time. Figures, not a pass/fail test.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { paths } from '@club/core/routes'
import { startLocalSupabase } from '@club/local-supabase'
import { buildSite } from '@club/web/scripts/build'
import { startProductionServer } from '@club/web/scripts/start'
import type { RenderReport } from '@club/web/scripts/follow-saves'

const root = fileURLToPath(new URL('..', import.meta.url))
const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }
const SAVES = Number(process.env.BENCH_SAVES ?? 20)
const DEADLINE_MS = 30_000

const percentile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
}
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a')
const settle = (time: number) => new Promise((done) => setTimeout(done, time))

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise((done) => probe.close(done))
  return port
}

/** Stores a whole document as the editor does, naming the version it started from. */
async function store(client: SupabaseClient, key: string, value: unknown) {
  const current = await client
    .from('website_content')
    .select('version')
    .eq('key', key)
    .maybeSingle()
  if (current.error) throw current.error
  const { error } = await client
    .from('website_content')
    .upsert({ key, value, base_version: current.data?.version ?? 0 })
  if (error) throw error
}

/** Fetches `url` every 20 ms until its HTML contains `text`; the time from `since`. */
async function servedWithin(url: string, text: string, since: number): Promise<number> {
  while (performance.now() - since < DEADLINE_MS) {
    const html = await (await fetch(url)).text()
    if (html.includes(text)) return performance.now() - since
    await settle(20)
  }
  return Number.POSITIVE_INFINITY
}

const backend = await startLocalSupabase({
  projectRoot: root,
  port: 0,
  dataDir: null,
  log: () => {},
})
const outDir = mkdtempSync(join(tmpdir(), 'club-bench-rerender-'))
const serverDir = mkdtempSync(join(tmpdir(), 'club-bench-rerender-server-'))
let server: Awaited<ReturnType<typeof startProductionServer>> | undefined
try {
  const staff = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const signedIn = await staff.auth.signInWithPassword(SEEDED_STAFF)
  if (signedIn.error) throw signedIn.error
  const posts = structuredClone(DEFAULT_CONTENT.newsPosts)
  const alerts = structuredClone(DEFAULT_CONTENT.alerts)
  await store(staff, 'newsPosts', posts)
  await store(staff, 'alerts', alerts)

  const port = await freePort()
  const siteUrl = `http://127.0.0.1:${port}`
  const started = performance.now()
  const built = await buildSite({
    outDir,
    serverDir,
    siteUrl,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
  })
  const buildMs = performance.now() - started
  // The site search's index as built (apps/web/scripts/search-index.ts): its own files, not
  // Pagefind's script and WebAssembly, which are the same for every site.
  const searchDir = join(outDir, 'pagefind')
  const indexKb =
    readdirSync(searchDir, { recursive: true })
      .map(String)
      .filter((file) => /\.pf_\w+$|^pagefind-entry\.json$/.test(file))
      .reduce((sum, file) => sum + statSync(join(searchDir, file)).size, 0) / 1024

  const reports: RenderReport[] = []
  const start = (realtime: boolean) =>
    startProductionServer({
      outDir,
      serverDir,
      port,
      realtime,
      onRender: (report) => reports.push(report),
      log: () => {},
    })
  const post = posts[0]
  if (!post) throw new Error('the sample content has no news post')
  const postUrl = `${siteUrl}${paths.newsPost(post.slug)}`

  /** Saves the post's title `count` times; each save's time to the served HTML. */
  const titleSaves = async (count: number, label: string) => {
    const times: number[] = []
    for (let i = 1; i <= count; i++) {
      const title = `Bench ${label} title ${i} ${Date.now().toString(36)}`
      post.title = title
      const since = performance.now()
      await store(staff, 'newsPosts', posts)
      times.push(await servedWithin(postUrl, title, since))
      await server?.follower?.idle()
    }
    return times
  }

  server = await start(true)
  for (let i = 0; i < 100 && server.follower?.realtime !== 'joined'; i++) await settle(50)
  await server.follower?.idle()
  reports.length = 0
  const realtimeTimes = await titleSaves(SAVES, 'realtime')
  const postReports = reports.splice(0)

  const alert = alerts[0]
  if (!alert) throw new Error('the sample content has no alert')
  const alertHome: number[] = []
  const alertAll: number[] = []
  for (let i = 1; i <= 5; i++) {
    alert.title = `Bench alert ${i} ${Date.now().toString(36)}`
    const since = performance.now()
    await store(staff, 'alerts', alerts)
    alertHome.push(await servedWithin(`${siteUrl}/`, alert.title, since))
    await server.follower?.idle()
    alertAll.push(performance.now() - since)
  }
  const alertReports = reports.splice(0)
  await server.close()

  server = await start(false)
  await server.follower?.idle()
  reports.length = 0
  const pollTimes = await titleSaves(Math.min(SAVES, 10), 'poll')
  await server.close()
  server = undefined

  const row = (label: string, times: number[]) =>
    `  ${label.padEnd(44)} p50 ${ms(percentile(times, 0.5)).padStart(7)}   p95 ${ms(percentile(times, 0.95)).padStart(7)}   max ${ms(Math.max(...times)).padStart(7)}   (${times.length} saves)`
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1)
  const pagesPer = (list: RenderReport[]) => mean(list.map((r) => r.rendered.length))
  const renderTimes = (list: RenderReport[]) => list.map((r) => r.renderMs)

  console.log(
    `\nRe-render on save (production server, in-memory local backend, ${built.pages} pages)\n`,
  )
  console.log(`  full build for comparison: ${(buildMs / 1000).toFixed(1)} s`)
  console.log(
    `  search index: ${indexKb.toFixed(0)} KB (written again with each save's pages, in the re-render work below)\n`,
  )
  console.log('  From the save request to the served HTML (fetched without a browser):')
  console.log(row("a post's title → its page (Realtime)", realtimeTimes))
  console.log(row("an alert's title → home (Realtime)", alertHome))
  console.log(row("an alert's title → every page written", alertAll))
  console.log(row("a post's title → its page (read every 3 s)", pollTimes))
  console.log('\n  Re-render work per save (from the read to the last file written):')
  console.log(
    `  ${'post title'.padEnd(12)} ${pagesPer(postReports).toFixed(1)} pages, p50 ${ms(percentile(renderTimes(postReports), 0.5))}, p95 ${ms(percentile(renderTimes(postReports), 0.95))}`,
  )
  console.log(
    `  ${'alert title'.padEnd(12)} ${pagesPer(alertReports).toFixed(1)} pages, p50 ${ms(percentile(renderTimes(alertReports), 0.5))}, p95 ${ms(percentile(renderTimes(alertReports), 0.95))}`,
  )
  const target = percentile(realtimeTimes, 0.95) <= 5_000 ? 'within' : 'OVER'
  console.log(`\n  a post's title save p95 is ${target} the 5 s target\n`)
} finally {
  await server?.close()
  await backend.stop()
  rmSync(outDir, { recursive: true, force: true })
  rmSync(serverDir, { recursive: true, force: true })
}
