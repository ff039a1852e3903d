// `pnpm bench:web`: builds the site, serves the production build with compression
// against an in-memory local backend, and runs Lighthouse (mobile preset, simulated
// throttling) in Debian's Chromium on the key routes. Prints, per route, the four
// category scores, LCP, TBT, CLS, and the JS and CSS transferred; then home's initial
// JS (gzipped: the scripts requested before the page marked itself interactive, and apart
// from them what it fetches later while idle, such as live updates) and home's LCP against a plain static HTML page with the same content,
// served the same way; then INP-style figures for taps made during start-up (see
// early-tap-figures.ts). Figures, not a pass/fail test.
//
// CPU: Lighthouse's mobile preset slows the CPU 4×, which assumes a high-end desktop
// host (benchmarkIndex 1500+) and lands it on a mid-tier phone. On a slower host the
// same 4× emulates a much slower phone, so, as Lighthouse's throttling guide advises,
// the script also calibrates: it reads the host's benchmarkIndex from the runs and
// picks the guide's multiplier for a mid-tier phone. Each page load is gathered once
// and audited at both multipliers (simulated throttling works from the same trace), and
// both tables are printed. BENCH_CPU_SLOWDOWN=n forces the calibrated multiplier.
//
//   BENCH_RUNS=3 (default)   median of that many loads per route
//   BENCH_ROUTES=/,/teams    only those routes (home always stays, for the ratio)
//   BENCH_REPORT_DIR=dir     keep every full Lighthouse report there (lighthouse-figures.ts), and
//                            in dir/gathered what each load gathered (trace, network log)
//   BENCH_AUDITS=1           under each table, every audit that did not pass, per route
//                            (image sizing, lazy-loaded LCP, layout shifts…), with its figure
//   BENCH_JS_ONLY=1          only build and print home's initial JS file by file (one load
//                            in Chromium, no Lighthouse): a quick check of the budget
//   BENCH_JSON_ONLY=1        only the content JSON each route downloads (no Lighthouse); with the
//                            realistic content, at each archive of BENCH_POSTS side by side
//   BENCH_POSTS=60,2000      the realistic content's news archives (default): Lighthouse measures
//                            the first; BENCH_JSON_ONLY each in turn (BENCH_POSTS=60: one column)
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import * as chromeLauncher from 'chrome-launcher'
import { chromium } from '@playwright/test'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { paths } from '@club/core/routes'
import { startLocalSupabase } from '@club/local-supabase'
import { buildSite } from '@club/web/scripts/build'
import type { BuildOptions } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'

import {
  BENCH_POST_COUNTS,
  REALISTIC,
  storeRealisticContent,
  storeRealisticPosts,
} from './bench-content.ts'
import {
  contentDownloadFigures,
  formatContentColumns,
  formatContentDownloads,
  measureContentDownloads,
} from './content-download-figures.ts'
import type { ContentDownloads } from './content-download-figures.ts'
import { earlyTapFigures } from './early-tap-figures.ts'
import {
  audit,
  calibratedSlowdown,
  gather,
  INTERACTIVE_MARK,
  median,
} from './lighthouse-figures.ts'
import type { Figures } from './lighthouse-figures.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PRESET_SLOWDOWN = 4
/** Issue 18 §5: home's initial JS, gzipped, with the samples and with realistic stored content. */
const HOME_JS_BUDGET_KB = 100
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Where the plain static copy of home is written in the built site (no route of the site's). */
const PLAIN_HOME_PATH = 'bench-plain-home'

/**
 * Gzipped bytes (gzip -9) of the JavaScript a first visit to home fetched, as Lighthouse
 * recorded it: the entry, the chunks it starts the app with and the home page's chunk.
 * Whatever loads later on demand (the backend client, the admin area) is not in it.
 */
function initialJsKb(dir: string, scripts: string[]): number {
  const files = new Set(scripts.filter((path) => path.startsWith('/assets/')))
  return (
    [...files].reduce(
      (sum, path) => sum + gzipSync(readFileSync(join(dir, path)), { level: 9 }).length,
      0,
    ) / 1024
  )
}

/**
 * One concrete path per kind of public page, from the built sitemap: the first path of each
 * group of paths with the same first segment and depth (`/programs/…`,
 * `/programs/…/…`), so that every route of the site is measured once, with what is stored.
 */
function routesOf(siteDir: string): string[] {
  const sitemap = readFileSync(join(siteDir, 'sitemap.xml'), 'utf8')
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] as string).pathname,
  )
  const seen = new Set<string>()
  return paths.filter((path) => {
    // A build that left the older articles to the server (`articles: 'newest'`) has no file for them.
    if (!existsSync(join(siteDir, path, 'index.html'))) return false
    const segments = path.split('/').filter(Boolean)
    const group = `${segments[0] ?? ''}/${segments.length}`
    if (seen.has(group)) return false
    seen.add(group)
    return true
  })
}

/**
 * BENCH_JS_ONLY: the scripts one load of home in Chromium requested before the page marked
 * itself interactive (the Resource Timing entries that started before the mark), as the
 * Lighthouse runs count them, without Lighthouse.
 */
async function homeStartupScriptsInChromium(siteUrl: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    await page.goto(`${siteUrl}/`)
    const handle = await page.waitForFunction(
      (mark) => {
        const at = performance.getEntriesByName(mark, 'mark')[0]?.startTime
        if (at === undefined) return false
        return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((entry) => entry.initiatorType !== 'img' && entry.startTime <= at)
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js'))
      },
      INTERACTIVE_MARK,
      { timeout: 30_000 },
    )
    return (await handle.jsonValue()) as string[]
  } finally {
    await browser.close()
  }
}

/** Prints home's initial JS, gzipped, file by file, largest first. */
function printJsFiles(siteDir: string, scripts: string[]) {
  const sizes = [...new Set(scripts)]
    .filter((path) => path.startsWith('/assets/'))
    .map((path) => ({ path, kb: initialJsKb(siteDir, [path]) }))
    .sort((a, b) => b.kb - a.kb)
  for (const { path, kb } of sizes) console.log(`  ${kb.toFixed(1).padStart(6)} KB  ${path}`)
}

const backend = await startLocalSupabase({
  projectRoot: root,
  port: 0,
  dataDir: null,
  log: () => {},
})
const siteDir = mkdtempSync(join(tmpdir(), 'club-bench-site-'))
const site = await serveSite({ dir: siteDir })
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
})

/**
 * Builds the site from what the backend stores now and measures it: Lighthouse on `routes`
 * (all of the site's kinds of page when `undefined`), home's initial JS, and the content
 * JSON each route downloads. With BENCH_JSON_ONLY, the content JSON alone, returned for the
 * caller to print (beside another build's).
 */
async function measure(
  title: string,
  chooseRoutes: (siteDir: string) => string[],
  build: Pick<BuildOptions, 'articles'> = {},
): Promise<ContentDownloads | undefined> {
  console.log(`\n=== ${title} ===`)
  const buildStarted = performance.now()
  await buildSite({
    outDir: siteDir,
    siteUrl: site.url,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
    ...build,
  })
  console.log(`built in ${((performance.now() - buildStarted) / 1000).toFixed(0)} s`)

  // The comparison page: the prerendered home with every script removed (same HTML, CSS, images
  // and font), served beside it by the same server, so that every address in it (the inlined
  // stylesheet's font among them) is the one home fetches. It was served from another origin
  // before, where the stylesheet's font and preloads were not found: the plain page then painted
  // without downloading the font (48 KB), which home does before its largest paint.
  const home = readFileSync(join(siteDir, 'index.html'), 'utf8')
  const plainHtml = home
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, '')
  mkdirSync(join(siteDir, PLAIN_HOME_PATH), { recursive: true })
  writeFileSync(join(siteDir, PLAIN_HOME_PATH, 'index.html'), plainHtml)

  if (process.env.BENCH_JS_ONLY) {
    const scripts = await homeStartupScriptsInChromium(site.url)
    const kb = initialJsKb(siteDir, scripts)
    console.log(
      `\nhome initial JS (scripts requested until the page was interactive, gzip -9): ${kb.toFixed(1)} KB in ${new Set(scripts).size} files   budget ≤ ${HOME_JS_BUDGET_KB} KB: ${kb <= HOME_JS_BUDGET_KB ? 'PASS' : 'FAIL'}`,
    )
    printJsFiles(siteDir, scripts)
    return
  }

  const allRoutes = chooseRoutes(siteDir)
  // BENCH_ROUTES=/,/teams measures only those (home is always kept for the ratio).
  const only = process.env.BENCH_ROUTES?.split(',').map((route) => route.trim())
  const routes = only
    ? allRoutes.filter(
        (route) => route === '/' || only.some((o) => route.startsWith(o) && o !== '/'),
      )
    : allRoutes
  // BENCH_JSON_ONLY=1: only the content JSON each route downloads (no Lighthouse).
  const printContentFigures = async () => {
    for (const line of await contentDownloadFigures({
      siteUrl: site.url,
      siteDir,
      routes,
      chromePath,
    }))
      console.log(line)
  }
  if (process.env.BENCH_JSON_ONLY) {
    const measured = performance.now()
    const figures = await measureContentDownloads({
      siteUrl: site.url,
      siteDir,
      routes,
      chromePath,
    })
    console.log(`measured in ${((performance.now() - measured) / 1000).toFixed(0)} s`)
    return figures
  }
  const port = Number(chrome.port)
  const gatherRoot = mkdtempSync(join(tmpdir(), 'club-bench-gather-'))
  let gathered = 0
  const benchmarkIndexes: number[] = []
  /** Loads `url` RUNS times; returns where each load's artifacts are. */
  const load = async (url: string) => {
    const dirs: string[] = []
    for (let i = 0; i < RUNS; i++) {
      const dir = join(gatherRoot, String(++gathered))
      benchmarkIndexes.push(await gather(url, port, dir))
      dirs.push(dir)
    }
    return dirs
  }

  // One discarded load first: a fresh browser pays one-off start-up costs on whichever
  // page it loads first, which would otherwise land on home's figures.
  await gather(`${site.url}/`, port, join(gatherRoot, 'warm-up'))
  const loads = new Map<string, string[]>()
  for (const route of routes) loads.set(route, await load(`${site.url}${route}`))
  const plainLoads = await load(`${site.url}/${PLAIN_HOME_PATH}/`)

  const hostIndex = [...benchmarkIndexes].sort((a, b) => a - b)[
    Math.floor(benchmarkIndexes.length / 2)
  ] as number
  const calibrated = Number(process.env.BENCH_CPU_SLOWDOWN) || calibratedSlowdown(hostIndex)
  const slowdowns =
    calibrated === PRESET_SLOWDOWN ? [PRESET_SLOWDOWN] : [PRESET_SLOWDOWN, calibrated]
  let homeScripts: string[] = []
  let homeStartupScripts: string[] = []

  console.log(
    `\nLighthouse, mobile preset, simulated throttling, ${RUNS > 1 ? `median of ${RUNS} loads per route, ` : ''}against ${site.url}`,
  )
  console.log(
    `host benchmarkIndex (median of ${benchmarkIndexes.length} loads): ${hostIndex.toFixed(0)}, range ${Math.min(...benchmarkIndexes).toFixed(0)}–${Math.max(...benchmarkIndexes).toFixed(0)}; Lighthouse's 4× preset assumes 1500 or more; load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
  )

  for (const slowdown of slowdowns) {
    const label =
      slowdown === PRESET_SLOWDOWN
        ? `CPU ${slowdown}× (the preset as is)`
        : `CPU ${slowdown}× (calibrated to this host for a mid-tier phone${process.env.BENCH_CPU_SLOWDOWN ? ', set by BENCH_CPU_SLOWDOWN' : ''})`
    console.log(`\n${label}\n`)
    console.log(
      'route                                           perf  a11y  bp   seo   LCP ms  TBT ms  CLS     JS KB  CSS KB',
    )
    const results = new Map<string, Figures>()
    for (const [route, dirs] of loads) {
      const runs: Figures[] = []
      for (const dir of dirs) runs.push(await audit(`${site.url}${route}`, dir, slowdown))
      const f = median(runs)
      results.set(route, f)
      console.log(
        `${route.slice(0, 47).padEnd(47)} ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${String(f.bestPractices).padStart(3)}  ${String(f.seo).padStart(4)}  ${f.lcp.toFixed(0).padStart(7)}  ${f.tbt.toFixed(0).padStart(6)}  ${f.cls.toFixed(3).padStart(5)}  ${f.jsKb.toFixed(1).padStart(6)}  ${f.cssKb.toFixed(1).padStart(6)}`,
      )
    }
    if (process.env.BENCH_AUDITS) {
      console.log('\naudits that did not pass (score < 90), per route:')
      for (const [route, f] of results) {
        console.log(`  ${route}: ${f.failing.length > 0 ? f.failing.join('; ') : 'none'}`)
      }
    }
    const plainRuns: Figures[] = []
    for (const dir of plainLoads)
      plainRuns.push(await audit(`${site.url}/${PLAIN_HOME_PATH}/`, dir, slowdown))
    const plainHome = median(plainRuns)
    const homeFigures = results.get('/') as Figures
    homeScripts = homeFigures.scripts
    homeStartupScripts = homeFigures.startupScripts
    const all = [...results.values()]
    const worst = (pick: (f: Figures) => number, max = false) =>
      max ? Math.max(...all.map(pick)) : Math.min(...all.map(pick))
    console.log(
      `${'plain static home (no JS)'.padEnd(47)} ${String(plainHome.performance).padStart(4)}                    ${plainHome.lcp.toFixed(0).padStart(7)}`,
    )
    console.log(
      `\nhome LCP ÷ static page LCP: ${(homeFigures.lcp / plainHome.lcp).toFixed(2)}×   (target ≤ 1.2×)`,
    )
    console.log(
      `worst across routes: performance ${worst((f) => f.performance)} (100), accessibility ${worst((f) => f.accessibility)} (100), best practices ${worst((f) => f.bestPractices)} (≥ 95), SEO ${worst((f) => f.seo)} (100), LCP ${worst((f) => f.lcp, true).toFixed(0)} ms (≤ 1800), TBT ${worst((f) => f.tbt, true).toFixed(0)} ms (≤ 100), CLS ${worst((f) => f.cls, true).toFixed(3)} (≤ 0.02)`,
    )
  }
  const startupKb = initialJsKb(siteDir, homeStartupScripts)
  const allKb = initialJsKb(siteDir, homeScripts)
  console.log(
    `\nhome initial JS (scripts requested until the page was interactive, gzip -9): ${startupKb.toFixed(1)} KB in ${new Set(homeStartupScripts).size} files   budget ≤ ${HOME_JS_BUDGET_KB} KB: ${startupKb <= HOME_JS_BUDGET_KB ? 'PASS' : 'FAIL'}`,
  )
  console.log(
    `home JS fetched after that, while idle (live updates, content reads): ${(allKb - startupKb).toFixed(1)} KB; every script of the first load: ${allKb.toFixed(1)} KB in ${new Set(homeScripts).size} files`,
  )
  // BENCH_JS_FILES=1: what home's initial JS is made of, file by file.
  if (process.env.BENCH_JS_FILES) printJsFiles(siteDir, homeStartupScripts)
  // BENCH_REPORT_DIR keeps what each load gathered too (the trace, the network log) beside the reports.
  if (process.env.BENCH_REPORT_DIR)
    cpSync(gatherRoot, join(process.env.BENCH_REPORT_DIR, 'gathered'), { recursive: true })
  rmSync(gatherRoot, { recursive: true, force: true })
  await printContentFigures()
  return undefined
}

// BENCH_CONTENT=sample|realistic: only that run (both by default).
const runs = (process.env.BENCH_CONTENT ?? 'sample,realistic').split(',')
try {
  if (runs.includes('sample')) {
    const article = DEFAULT_CONTENT.newsPosts[0]?.slug
    const sample = await measure('the sample content (nothing stored)', () => [
      paths.home(),
      paths.programs(),
      paths.program('big-train'),
      paths.teams(),
      paths.fields(),
      paths.news(),
      paths.newsPost(article ?? ''),
      paths.rules(),
    ])
    if (sample) for (const line of formatContentDownloads(sample)) console.log(line)
    if (!process.env.BENCH_JS_ONLY && !process.env.BENCH_JSON_ONLY)
      for (const line of await earlyTapFigures({ siteUrl: site.url, chromePath })) console.log(line)
  }
  if (runs.includes('realistic')) {
    const { photoSeconds } = await storeRealisticContent(backend)
    console.log(
      `\nstored realistic content: ${REALISTIC.posts} news posts, ${REALISTIC.teams} teams of ${REALISTIC.rosterSize} players, ${REALISTIC.events} camps and events, a library of ${REALISTIC.photos} photos (generated and uploaded in ${photoSeconds.toFixed(0)} s)`,
    )
    const first = await measure(
      `realistic stored content, ${REALISTIC.posts} posts, every kind of page`,
      routesOf,
    )
    // BENCH_JSON_ONLY: each further archive of BENCH_POSTS (2,000 posts by default) in turn,
    // stored over the first, its content JSON printed beside the first's (issue 35 §3). Its
    // build leaves the older articles to the server: the bench measures the newest article,
    // and the 2,000 articles' share images would take minutes.
    const columns = first ? [{ label: `${REALISTIC.posts} posts`, build: first }] : []
    for (const count of process.env.BENCH_JSON_ONLY ? BENCH_POST_COUNTS.slice(1) : []) {
      const started = performance.now()
      await storeRealisticPosts(backend, count)
      console.log(
        `\nstored ${count} news posts over them in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      )
      const build = await measure(
        `realistic stored content, ${count} posts, every kind of page`,
        routesOf,
        { articles: 'newest' },
      )
      if (build) columns.push({ label: `${count.toLocaleString('en-US')} posts`, build })
    }
    if (columns.length === 1 && first)
      for (const line of formatContentDownloads(first)) console.log(line)
    else if (columns.length > 1) for (const line of formatContentColumns(columns)) console.log(line)
  }
  console.log('')
} finally {
  chrome.kill()
  await site.close()
  await backend.stop()
  rmSync(siteDir, { recursive: true, force: true })
}
