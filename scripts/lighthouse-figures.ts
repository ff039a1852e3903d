// Part of `pnpm bench:web`: one route's Lighthouse figures. A page load is gathered once (its
// trace and network log), then audited at any CPU multiplier (simulated throttling works from
// the same trace): the four category scores, LCP, TBT, CLS, the JS and CSS transferred, the
// scripts fetched before the page marked itself interactive, and the audits that did not pass.
//
//   BENCH_REPORT_DIR=dir     keep every full Lighthouse report there
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import lighthouse from 'lighthouse'

export type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  lcp: number
  tbt: number
  cls: number
  jsKb: number
  cssKb: number
  /** Paths of the scripts the page load fetched. */
  scripts: string[]
  /** Of those, the ones requested before the page became interactive. */
  startupScripts: string[]
  /** Audits that did not pass: `id (score): figure`. */
  failing: string[]
}

type Audit = {
  numericValue?: number
  details?: {
    items?: {
      url?: string
      resourceType?: string
      transferSize?: number
      networkRequestTime?: number
      name?: string
      startTime?: number
    }[]
  }
}

/** The User Timing mark the app makes when the first page is interactive (page-interactive.tsx). */
export const INTERACTIVE_MARK = 'club:page-interactive'

const reportDir = process.env.BENCH_REPORT_DIR
let reportCount = 0
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** Loads the page once and keeps what Lighthouse gathered (trace, network log) in `dir`. */
export async function gather(url: string, port: number, dir: string): Promise<number> {
  await lighthouse(url, { port, logLevel: 'error', onlyCategories: CATEGORIES, gatherMode: dir })
  const artifacts = JSON.parse(readFileSync(join(dir, 'artifacts.json'), 'utf8')) as {
    BenchmarkIndex?: number
  }
  return artifacts.BenchmarkIndex ?? NaN
}

/**
 * Audits gathered artifacts as if the CPU were `slowdown` times slower. Simulated
 * throttling computes the metrics from the unthrottled trace, so the multiplier is
 * only an audit setting; it is written into a copy of the artifacts' settings, which
 * Lighthouse requires to match the audit's.
 */
export async function audit(url: string, gathered: string, slowdown: number): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'club-bench-audit-'))
  try {
    cpSync(gathered, dir, { recursive: true })
    const file = join(dir, 'artifacts.json')
    const artifacts = JSON.parse(readFileSync(file, 'utf8')) as {
      settings: { throttling: { cpuSlowdownMultiplier: number } }
    }
    artifacts.settings.throttling.cpuSlowdownMultiplier = slowdown
    writeFileSync(file, JSON.stringify(artifacts))
    const result = await lighthouse(url, {
      logLevel: 'error',
      output: 'json',
      onlyCategories: CATEGORIES,
      auditMode: dir,
      throttling: { ...artifacts.settings.throttling },
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true })
      const name =
        new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'
      writeFileSync(
        join(reportDir, `${String(++reportCount).padStart(3, '0')}-${name}-cpu${slowdown}x.json`),
        result.report as string,
      )
    }
    return figures(result.lhr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

function figures({ categories, audits }: Lhr): Figures {
  const audit = (id: string) => audits[id] as Audit | undefined
  const requests = audit('network-requests')?.details?.items ?? []
  const transferred = (type: string) =>
    requests
      .filter((item) => item.resourceType === type)
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
  // Without the mark (a page that never became interactive), every script counts.
  const interactiveAt =
    audit('user-timings')?.details?.items?.find((item) => item.name === INTERACTIVE_MARK)
      ?.startTime ?? Number.POSITIVE_INFINITY
  const failing = Object.values(audits)
    .filter(
      (entry) =>
        typeof entry.score === 'number' &&
        entry.score < 0.9 &&
        ['binary', 'numeric', 'metricSavings'].includes(entry.scoreDisplayMode),
    )
    .map(
      (entry) =>
        `${entry.id} (${Math.round((entry.score ?? 0) * 100)})${entry.displayValue ? `: ${entry.displayValue}` : ''}`,
    )
  return {
    failing,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    tbt: audit('total-blocking-time')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    jsKb: transferred('Script'),
    cssKb: transferred('Stylesheet'),
    scripts: requests
      .filter((item) => item.resourceType === 'Script' && item.url)
      .map((item) => new URL(item.url as string).pathname),
    startupScripts: requests
      .filter(
        (item) =>
          item.resourceType === 'Script' &&
          item.url &&
          (item.networkRequestTime ?? 0) <= interactiveAt,
      )
      .map((item) => new URL(item.url as string).pathname),
  }
}

/**
 * Lighthouse's throttling guide ("Calibrating the CPU slowdown"): the suggested
 * multiplier from a host of this benchmarkIndex to a mid-tier phone.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1500) return 4 // high-end desktop
  if (benchmarkIndex >= 800) return 2 // low-end desktop or high-end phone
  return 1 // already mid-tier phone class
}

/** The median run by performance score (then LCP), so one noisy run does not decide. */
export function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcp - a.lcp)
  return sorted[Math.floor(sorted.length / 2)] as Figures
}
