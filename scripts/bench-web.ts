// `pnpm bench:web`: builds the site, serves the production build with compression
// against an in-memory local backend, and runs Lighthouse (mobile preset, simulated
// throttling) in Debian's Chromium on the key routes. Prints, per route, the four
// category scores, LCP, TBT, CLS, and the JS and CSS transferred; then home's initial
// JS (gzipped) and home's LCP against a plain static HTML page with the same content,
// served the same way. Figures, not a pass/fail test.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import { DEFAULT_CONTENT } from '@club/core/defaults'
import { startLocalSupabase } from '@club/local-supabase'
import { buildSite } from '@club/web/scripts/build'
import { serveSite } from '@club/web/scripts/serve'

const root = fileURLToPath(new URL('..', import.meta.url))
const RUNS = Number(process.env.BENCH_RUNS ?? 1)
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcp: number
  tbt: number
  cls: number
  jsKb: number
  cssKb: number
}

type Audit = {
  numericValue?: number
  details?: { items?: { resourceType?: string; transferSize?: number }[] }
}

async function measure(url: string, port: number): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { categories, audits } = result.lhr
  const audit = (id: string) => audits[id] as Audit | undefined
  const transferred = (type: string) =>
    (audit('network-requests')?.details?.items ?? [])
      .filter((item) => item.resourceType === type)
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    jsKb: transferred('Script'),
    cssKb: transferred('Stylesheet'),
  }
}

/** The median run by performance score (then LCP), so one noisy run does not decide. */
function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp)
  return sorted[Math.floor(sorted.length / 2)] as Figures
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] }

/**
 * Gzipped bytes of the JavaScript a first visit runs: the entry and everything it
 * imports statically (from Vite's manifest), plus the lazily loaded home page chunk.
 */
function initialJsKb(dir: string): number {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const files = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || files.has(chunk.file)) return
    files.add(chunk.file)
    for (const next of chunk.imports ?? []) visit(next)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key)
  for (const [key, chunk] of Object.entries(manifest))
    if (/home\.route/.test(key) && chunk.file) visit(key)
  return (
    [...files].reduce(
      (sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length,
      0,
    ) / 1024
  )
}

const backend = await startLocalSupabase({
  projectRoot: root,
  port: 0,
  dataDir: null,
  log: () => {},
})
const siteDir = mkdtempSync(join(tmpdir(), 'club-bench-site-'))
const staticDir = mkdtempSync(join(tmpdir(), 'club-bench-static-'))
const site = await serveSite({ dir: siteDir })
const plain = await serveSite({ dir: staticDir })
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

try {
  await buildSite({
    outDir: siteDir,
    siteUrl: site.url,
    backend: { url: backend.url, anonKey: backend.anonKey },
    quiet: true,
  })

  // The comparison page: the prerendered home with every script removed (same HTML, CSS and images).
  const home = readFileSync(join(siteDir, 'index.html'), 'utf8')
  const plainHtml = home
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link[^>]+rel="modulepreload"[^>]*>/g, '')
    .replaceAll('href="/assets/', `href="${site.url}/assets/`)
    .replaceAll('src="/images/', `src="${site.url}/images/`)
  writeFileSync(join(staticDir, 'index.html'), plainHtml)

  const article = DEFAULT_CONTENT.newsPosts[0]?.slug
  const routes = [
    '/',
    '/programs',
    '/programs/big-train',
    '/teams',
    '/fields',
    '/news-and-updates',
    `/news-and-updates/${article}`,
    '/rules',
  ]
  const port = Number(chrome.port)
  console.log(
    `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile preset, simulated throttling, against ${site.url}\n`,
  )
  console.log(
    'route                                  perf  a11y  bp   seo   LCP ms  TBT ms  CLS     JS KB  CSS KB',
  )
  const results = new Map<string, Figures>()
  for (const route of routes) {
    const runs: Figures[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await measure(`${site.url}${route}`, port))
    const f = median(runs)
    results.set(route, f)
    console.log(
      `${route.padEnd(38)} ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${String(f.bestPractices).padStart(3)}  ${String(f.seo).padStart(4)}  ${f.lcp.toFixed(0).padStart(7)}  ${f.tbt.toFixed(0).padStart(6)}  ${f.cls.toFixed(3).padStart(5)}  ${f.jsKb.toFixed(1).padStart(6)}  ${f.cssKb.toFixed(1).padStart(6)}`,
    )
  }
  const plainRuns: Figures[] = []
  for (let i = 0; i < RUNS; i++) plainRuns.push(await measure(`${plain.url}/`, port))
  const plainHome = median(plainRuns)
  const homeFigures = results.get('/') as Figures
  const initialJs = initialJsKb(siteDir)

  const all = [...results.values()]
  const worst = (pick: (f: Figures) => number, max = false) =>
    max ? Math.max(...all.map(pick)) : Math.min(...all.map(pick))
  console.log(
    `\nplain static home (no JS)              ${String(plainHome.performance).padStart(4)}                    ${plainHome.lcp.toFixed(0).padStart(7)}`,
  )
  console.log(
    `\nhome initial JS (entry, its static imports and the home chunk; gzip -9): ${initialJs.toFixed(1)} KB   (target ≤ 120 KB)`,
  )
  console.log(
    `home LCP ÷ static page LCP: ${(homeFigures.lcp / plainHome.lcp).toFixed(2)}×   (target ≤ 1.3×)`,
  )
  console.log(
    `worst across routes: performance ${worst((f) => f.performance)} (≥ 95), accessibility ${worst((f) => f.accessibility)} (100), best practices ${worst((f) => f.bestPractices)} (≥ 95), SEO ${worst((f) => f.seo)} (100), LCP ${worst((f) => f.lcp, true).toFixed(0)} ms (≤ 1800), TBT ${worst((f) => f.tbt, true).toFixed(0)} ms (≤ 100), CLS ${worst((f) => f.cls, true).toFixed(3)} (≤ 0.02)\n`,
  )
} finally {
  chrome.kill()
  await site.close()
  await plain.close()
  await backend.stop()
  rmSync(siteDir, { recursive: true, force: true })
  rmSync(staticDir, { recursive: true, force: true })
}
