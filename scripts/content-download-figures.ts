// Part of `pnpm bench:web`: the content JSON a visitor downloads on each route, and whether
// any of it is staff-only. Two sources, per route:
//
// - the documents the prerendered page carries in its HTML (`#content-baseline`, written by
//   apps/web/scripts/build.ts), which hydration renders from;
// - the content reads the page makes (`/rest/v1/website_content`): the vital read at start,
//   the background read a second later, and any other, recorded in a real browser (a fresh
//   one per route, so nothing is cached) until the page has been quiet for a while.
//
// For each, the keys asked for and the keys answered: a key may be asked for and answered
// with nothing when row-level security keeps it from visitors.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

import { STAFF_ONLY_KEYS, isStaffOnlyKey } from '@club/core/entities'
import { contentReadKeys } from '@club/core/public-read'
import { chromium } from '@playwright/test'

type Read = { asked: string[]; answered: string[]; bytes: number }

type RouteFigures = {
  route: string
  baselineBytes: number
  baselineKeys: string[]
  reads: Read[]
}

/** The keys a content read's URL asks for, whichever filter it wrote. */
const askedKeys = (url: string) => contentReadKeys(new URL(url).searchParams)

/** The documents a prerendered page carries, from the built file. */
function baselineOf(siteDir: string, route: string) {
  const file = route === '/' ? 'index.html' : join(route, 'index.html')
  const html = readFileSync(join(siteDir, file), 'utf8')
  const json =
    /<script type="application\/json" id="content-baseline"[^>]*>([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1]
  if (!json) return { bytes: 0, keys: [] }
  return {
    bytes: Buffer.byteLength(json),
    keys: Object.keys(JSON.parse(json) as Record<string, unknown>),
  }
}

/** Loads each route once in a fresh browser context and records its content reads. */
async function readsOf(siteUrl: string, routes: readonly string[], chromePath: string) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] })
  const result = new Map<string, Read[]>()
  try {
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
      const page = await context.newPage()
      const reads: Promise<Read>[] = []
      let lastActivity = Date.now()
      page.on('response', (response) => {
        // The documents' reads, and the news archive's (a page of the list, an older article).
        const url = response.url()
        if (!url.includes('/rest/v1/website_content') && !url.includes('/rest/v1/rpc/news_')) return
        lastActivity = Date.now()
        reads.push(
          response.body().then(
            (body) => {
              let answered: string[]
              try {
                answered = (JSON.parse(body.toString()) as { key?: string }[]).map((row) =>
                  String(row.key),
                )
              } catch {
                answered = []
              }
              return { asked: askedKeys(response.url()), answered, bytes: body.length }
            },
            () => ({ asked: askedKeys(response.url()), answered: [], bytes: 0 }),
          ),
        )
      })
      await page.goto(`${siteUrl}${route}`, { waitUntil: 'load' })
      // The background read comes a second after start; wait for it (or 20 s), then until
      // no read has come for 3 s.
      const started = Date.now()
      while (reads.length < 2 && Date.now() - started < 20_000) await page.waitForTimeout(100)
      while (Date.now() - lastActivity < 3_000) await page.waitForTimeout(250)
      result.set(route, await Promise.all(reads))
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return result
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** One build's figures: every route's, and the HTML's gzipped size per page. */
export type ContentDownloads = {
  routes: RouteFigures[]
  htmlGzip: { min: number; max: number }
}

/** The group a route stands for (its first segment and depth): `/programs/…/…`, an article. */
const groupOf = (route: string) => {
  const segments = route.split('/').filter(Boolean)
  return `${segments[0] ?? ''}/${segments.length}`
}

const totalOf = (f: RouteFigures) =>
  f.baselineBytes + f.reads.reduce((sum, read) => sum + read.bytes, 0)

/** The staff-only keys a route downloaded, and those it asked for and was refused. */
function staffOnlyOf(f: RouteFigures) {
  const downloaded = new Set<string>()
  for (const key of f.baselineKeys) if (isStaffOnlyKey(key)) downloaded.add(key)
  for (const read of f.reads)
    for (const key of read.answered) if (isStaffOnlyKey(key)) downloaded.add(key)
  const asked = new Set(f.reads.flatMap((read) => read.asked).filter((key) => isStaffOnlyKey(key)))
  return { downloaded, asked }
}

/** Measures every route of one build (the site at `siteUrl`, built into `siteDir`). */
export async function measureContentDownloads({
  siteUrl,
  siteDir,
  routes,
  chromePath,
}: {
  siteUrl: string
  siteDir: string
  routes: readonly string[]
  chromePath: string
}): Promise<ContentDownloads> {
  const reads = await readsOf(siteUrl, routes, chromePath)
  const figures: RouteFigures[] = routes.map((route) => {
    const baseline = baselineOf(siteDir, route)
    return {
      route,
      baselineBytes: baseline.bytes,
      baselineKeys: baseline.keys,
      reads: reads.get(route) ?? [],
    }
  })
  const gz = figures.map((f) => {
    const file = f.route === '/' ? 'index.html' : join(f.route, 'index.html')
    return gzipSync(readFileSync(join(siteDir, file))).length
  })
  return { routes: figures, htmlGzip: { min: Math.min(...gz), max: Math.max(...gz) } }
}

/** The staff-only line under a table: PASS when no visitor downloaded any. */
function staffOnlyLine(builds: readonly ContentDownloads[]) {
  const leaks = new Set<string>()
  for (const build of builds)
    for (const f of build.routes)
      staffOnlyOf(f).downloaded.forEach((key) => leaks.add(`${key} (${f.route})`))
  const gz = builds.map((build) => build.htmlGzip)
  return `HTML per page, gzip: ${kb(Math.min(...gz.map((g) => g.min)))}–${kb(Math.max(...gz.map((g) => g.max)))} KB. Staff-only content downloaded by a visitor (${STAFF_ONLY_KEYS.join(', ')}): ${leaks.size ? `${[...leaks].join('; ')}: FAIL` : 'none: PASS'}`
}

/** One build's table, read by read; returns its lines. */
export function formatContentDownloads(build: ContentDownloads): string[] {
  const lines = [
    '\nContent JSON a visitor downloads per route (KB uncompressed; the reads in the order made)',
    'route                                        in HTML   reads: KB (keys answered of asked) …                  staff-only',
  ]
  for (const f of build.routes) {
    const { downloaded, asked } = staffOnlyOf(f)
    const readText = f.reads
      .map((read) => `${kb(read.bytes)} (${read.answered.length}/${read.asked.length})`)
      .join(', ')
    const flag = downloaded.size
      ? `DOWNLOADED ${[...downloaded].join(', ')}`
      : asked.size
        ? `asked, none answered (${[...asked].join(', ')})`
        : 'none'
    lines.push(
      `${f.route.slice(0, 44).padEnd(44)} ${kb(f.baselineBytes).padStart(7)}   ${`${readText} = ${kb(totalOf(f))} in all`.padEnd(54)} ${flag}`,
    )
  }
  lines.push(staffOnlyLine([build]))
  return lines
}

/**
 * Builds of the same content with different archives side by side (issue 35 §3: "print the
 * figure at 60 and at 2,000 posts"): per kind of route (the first path of each group, as the
 * first build has it), its content JSON in the HTML and in all with the reads at start.
 */
export function formatContentColumns(
  columns: readonly { label: string; build: ContentDownloads }[],
): string[] {
  const head = columns
    .map((column) => `  ${`${column.label}: HTML / in all`.padStart(26)}`)
    .join('')
  const lines = [
    '\nContent JSON a visitor downloads per route (KB uncompressed: in the HTML, and in all with the reads at start)',
    `${'route'.padEnd(44)}${head}`,
  ]
  const first = columns[0]?.build.routes ?? []
  for (const f of first) {
    const cells = columns.map((column) => {
      const same = column.build.routes.find((g) => groupOf(g.route) === groupOf(f.route))
      return `  ${(same ? `${kb(same.baselineBytes)} / ${kb(totalOf(same))}` : 'n/a').padStart(26)}`
    })
    lines.push(`${f.route.slice(0, 44).padEnd(44)}${cells.join('')}`)
  }
  lines.push(staffOnlyLine(columns.map((column) => column.build)))
  return lines
}

/** Measures every route; returns the printed table's lines. */
export async function contentDownloadFigures(options: {
  siteUrl: string
  siteDir: string
  routes: readonly string[]
  chromePath: string
}): Promise<string[]> {
  return formatContentDownloads(await measureContentDownloads(options))
}
