// `pnpm bench:photos`: figures for the browser photo library at club scale. Builds the site and
// serves it against an in-memory local backend, stores 20,000 and then 50,000 photo rows (as a
// bulk import leaves them: `tests/support/photo-library-seed.ts`), and prints, at each size:
//
// - the library screen's first page at 4× CPU (CDP throttling), at 390 px (a phone, with touch)
//   and 1280 px: from the click on "Photo library" in the admin sidebar to the first photo's
//   name in the page, both taken in the page, over several trips (the library's code loads on
//   the first), against the target of 1 s;
// - the library's queries as the screen sends them (staff's session over HTTP, through the
//   photo repository): the first page, the count, a search by file name, alt text and album,
//   "needs alt text", a date range and the last page, median of a few runs each.
//
// Figures, not a pass/fail test: it never fails on a target. The host's load average is printed
// beside them: on a shared machine the figures move with it.
//
//   BENCH_PHOTO_SIZES=20000,50000 (default)   library sizes, ascending
//   BENCH_TRIPS=5 (default)                   trips to the screen per size and width
//   BENCH_CPU_SLOWDOWN=4                      the CPU throttling rate
import { loadavg } from 'node:os'

import { devices } from '@playwright/test'
import type { Browser, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'

import { createPhotoRepository } from '@club/core/photo-repository'
import type { PhotoQuery } from '@club/core/photo-repository'

import { photoSeedSql, storeSeedFiles } from '../tests/support/photo-library-seed.ts'
import { startBenchStack } from './bench-stack.ts'

const SEEDED_STAFF = { email: 'staff@club.local', password: 'club-staff-2026' } // see supabase/seed.sql
const SIZES = (process.env.BENCH_PHOTO_SIZES ?? '20000,50000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b)
const TRIPS = Number(process.env.BENCH_TRIPS ?? 5)
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4)
const TARGET_MS = 1_000
const QUERY_RUNS = 5

const WIDTHS = [
  {
    name: '390 px (phone)',
    options: {
      ...devices['Pixel 7'],
      viewport: { width: 390, height: 844 },
    },
    menu: true,
  },
  { name: '1280 px', options: { ...devices['Desktop Chrome'] }, menu: false },
] as const

const median = (samples: readonly number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}
const ms = (x: number) => `${Math.round(x)} ms`
const hostLoad = () =>
  `load ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`

/** One trip from the admin home to the library's first photo, timed in the page. */
async function tripToLibrary(page: Page, menu: boolean): Promise<number> {
  if (menu) await page.getByRole('button', { name: 'Menu' }).click()
  await page.evaluate(() => {
    const timing = { clicked: 0, shown: 0 }
    Object.assign(window, { photoTiming: timing })
    document.addEventListener(
      'click',
      () => {
        timing.clicked = performance.now()
        const observer = new MutationObserver(() => {
          if (document.querySelector('[role=gridcell] .photo-grid__name')) {
            timing.shown = performance.now()
            observer.disconnect()
          }
        })
        observer.observe(document.body, { childList: true, subtree: true })
      },
      { capture: true, once: true },
    )
  })
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Photo library' })
    .click()
  await page.locator('[role=gridcell] .photo-grid__name').first().waitFor()
  const time = await page.evaluate(() => {
    const { clicked, shown } = (
      window as unknown as { photoTiming: { clicked: number; shown: number } }
    ).photoTiming
    return shown - clicked
  })
  // Back to the admin home for the next trip.
  if (menu) await page.getByRole('button', { name: 'Menu' }).click()
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Home', exact: true })
    .click()
  await page.getByRole('grid', { name: 'Photos' }).waitFor({ state: 'detached' })
  return time
}

async function firstPageFigures(browser: Browser, siteUrl: string, size: number) {
  for (const width of WIDTHS) {
    const context = await browser.newContext(width.options)
    const page = await context.newPage()
    page.setDefaultTimeout(120_000)
    await page.goto(`${siteUrl}/admin-login`)
    await page.getByLabel('Email').fill(SEEDED_STAFF.email)
    await page.getByLabel('Password').fill(SEEDED_STAFF.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/admin\/home$/)
    await page.waitForLoadState('networkidle')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })
    const times: number[] = []
    for (let trip = 0; trip < TRIPS; trip++) times.push(await tripToLibrary(page, width.menu))
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    // The first trip loads the library's code; the rest are a staff member's usual visit.
    const warm = times.slice(1)
    const typical = median(warm.length > 0 ? warm : times)
    console.log(
      `  first page, ${size.toLocaleString('en-US')} photos, ${width.name}, CPU ${SLOWDOWN}×: ` +
        `median ${ms(typical)} (first trip ${ms(times[0] ?? NaN)}; all ${times.map(Math.round).join(' / ')} ms)   ` +
        `target ≤ ${ms(TARGET_MS)}: ${typical <= TARGET_MS ? 'PASS' : 'OVER'}   (${hostLoad()})`,
    )
    await context.close()
  }
}

async function queryFigures(
  repository: ReturnType<typeof createPhotoRepository>,
  size: number,
  total: number,
) {
  const queries: [string, () => Promise<unknown>][] = [
    ['first page (100 rows)', () => repository.list({ limit: 100, count: false })],
    ['count of all', () => repository.count({})],
    ['last page', () => repository.list({ offset: total - 100, limit: 100, count: false })],
    ['search file name "tournament-2019"', () => both({ search: 'tournament-2019' })],
    ['search alt text "shortstop"', () => both({ search: 'shortstop' })],
    ['search album "Picture Day"', () => both({ search: 'Picture Day' })],
    ['needs alt text', () => both({ needsAltText: true })],
    ['dates 2005-01-01 … 2005-01-02', () => both({ from: '2005-01-01', to: '2005-01-02' })],
  ]
  function both(query: PhotoQuery) {
    // As the screen asks: the first page and the count side by side.
    return Promise.all([
      repository.list({ ...query, limit: 100, count: false }),
      repository.count(query),
    ])
  }
  for (const [name, run] of queries) {
    await run()
    const times: number[] = []
    for (let k = 0; k < QUERY_RUNS; k++) {
      const started = performance.now()
      await run()
      times.push(performance.now() - started)
    }
    console.log(
      `  query, ${size.toLocaleString('en-US')} photos: ${name.padEnd(36)} median ${ms(median(times)).padStart(7)}  max ${ms(Math.max(...times))}`,
    )
  }
}

const { backend, site, browser, close } = await startBenchStack('photos')

try {
  const service = createClient(backend.url, backend.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  await storeSeedFiles(service)
  const staff = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  })
  const { error } = await staff.auth.signInWithPassword(SEEDED_STAFF)
  if (error) throw error
  const repository = createPhotoRepository(staff)
  console.log(
    `\nPhoto library figures against ${site.url}, Chromium ${browser.version()}, ${TRIPS} trips per width`,
  )

  let stored = 0
  for (const size of SIZES) {
    const started = performance.now()
    await backend.db.pg.exec(photoSeedSql(stored, size - stored))
    stored = size
    const total = await repository.count({})
    console.log(
      `\n${size.toLocaleString('en-US')} photos seeded (${total.toLocaleString('en-US')} rows with the samples) in ${ms(performance.now() - started)}`,
    )
    await queryFigures(repository, size, total)
    await firstPageFigures(browser, site.url, size)
  }
  console.log('')
} finally {
  await close()
}
