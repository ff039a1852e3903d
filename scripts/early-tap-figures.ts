// Part of `pnpm bench:web`: INP-style figures for a tap made while a page is starting.
// On a phone-sized screen with the CPU slowed 4× (Chromium's CDP throttling), the home
// page's Fields quick link is tapped a given time after the first contentful paint, and
// the time from the tap to the first paint of /fields is measured: the new document's
// first contentful paint when the browser followed the link itself, or the first frame
// after the app rendered the page when it was the app's navigation.
import { chromium } from '@playwright/test'

const LINK = 'main a[href="/fields#field-status"]'

type Sample = { ms: number; how: 'browser' | 'app' }

declare global {
  interface Window {
    earlyTap?: { fcp: number; paintAt?: number; how?: 'browser' | 'app' }
  }
}

/** Measures `runs` taps at each delay; returns the printed table's lines. */
export async function earlyTapFigures({
  siteUrl,
  chromePath,
  delaysMs = [0, 100, 300, 1000],
  runs = 5,
  cpuSlowdown = 4,
}: {
  siteUrl: string
  chromePath: string
  delaysMs?: readonly number[]
  runs?: number
  cpuSlowdown?: number
}): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] })
  const lines = [
    `\nEarly taps: home's Fields quick link tapped after first paint, CPU ${cpuSlowdown}×, 390 × 844 touch screen, ${runs} taps per delay`,
    'tap after FCP   tap → /fields first paint: median   worst    lost   followed by',
  ]
  try {
    for (const delay of delaysMs) {
      const samples: Sample[] = []
      let lost = 0
      for (let run = 0; run < runs; run++) {
        const sample = await tapOnce(browser, siteUrl, delay, cpuSlowdown)
        if (sample) samples.push(sample)
        else lost++
      }
      const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b)
      const median = sorted[Math.floor(sorted.length / 2)]
      const worst = sorted.at(-1)
      const how = [...new Set(samples.map((sample) => sample.how))].join(', ')
      lines.push(
        `${`${delay} ms`.padEnd(15)} ${(median === undefined ? '–' : median.toFixed(0)).padStart(27)} ${(worst === undefined ? '–' : worst.toFixed(0)).padStart(8)} ${String(lost).padStart(7)}   ${how || '–'}`,
      )
    }
  } finally {
    await browser.close()
  }
  return lines
}

async function tapOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  siteUrl: string,
  delay: number,
  cpuSlowdown: number,
): Promise<Sample | undefined> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown })
    await page.addInitScript((selector) => {
      const now = () => performance.timeOrigin + performance.now()
      const marks: NonNullable<Window['earlyTap']> = { fcp: -1 }
      window.earlyTap = marks
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (entry.name === 'first-contentful-paint') {
            marks.fcp = entry.startTime
            if (location.pathname === '/fields') {
              marks.paintAt = performance.timeOrigin + entry.startTime
              marks.how = 'browser'
            }
          }
      }).observe({ type: 'paint', buffered: true })
      // The app's navigation: the first frame once /fields is on screen.
      const watch = new MutationObserver(() => {
        if (location.pathname !== '/fields' || marks.paintAt !== undefined) return
        if (!document.querySelector('#field-status')) return
        watch.disconnect()
        requestAnimationFrame(() => {
          marks.paintAt ??= now()
          marks.how ??= 'app'
        })
      })
      document.addEventListener('DOMContentLoaded', () => {
        document.querySelector(selector)?.scrollIntoView({ block: 'center' })
        if (location.pathname === '/')
          watch.observe(document.body, { childList: true, subtree: true })
      })
    }, LINK)
    await page.goto(`${siteUrl}/`, { waitUntil: 'commit' })
    await page.waitForFunction(() => (window.earlyTap?.fcp ?? -1) >= 0, undefined, { polling: 16 })
    await page.waitForTimeout(delay)
    const box = await page.locator(LINK).first().boundingBox()
    if (!box) return undefined
    // The tap's time is read from the document it was made in, before it may be left.
    const tapAt = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          addEventListener(
            'pointerdown',
            (event) => resolve(performance.timeOrigin + event.timeStamp),
            {
              capture: true,
              once: true,
            },
          )
        }),
    )
    const sentAt = Date.now()
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
    // Should the document be gone before its answer came back, the time the tap was sent
    // (the same wall clock, a few ms earlier) stands in.
    const tappedAt = await tapAt.catch(() => sentAt)
    await page.waitForURL(/\/fields#field-status$/, { timeout: 15_000 }).catch(() => undefined)
    if (!page.url().includes('/fields')) return undefined
    const arrived = await page
      .waitForFunction(() => window.earlyTap?.paintAt !== undefined, undefined, { timeout: 15_000 })
      .then(() => page.evaluate(() => window.earlyTap))
      .catch(() => undefined)
    if (!arrived?.paintAt) return undefined
    return { ms: arrived.paintAt - tappedAt, how: arrived.how ?? 'app' }
  } finally {
    await context.close()
  }
}
