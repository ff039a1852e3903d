import type { Page } from '@playwright/test'

import { expect, test } from '../fixtures/test.ts'

// A visitor on a phone taps a link while the page is still starting: before the app's
// code has arrived, while it evaluates, or while it hydrates. Every such tap must
// arrive, exactly once: either the browser follows the prerendered link, or the app
// does after hydration; never neither, never both.
//
// The CPU is throttled as on a mid-range phone (Chromium's CDP throttling), and each tap
// is made a given time after the page's first contentful paint.

const CPU_RATES = [4, 6] as const
const DELAYS_MS = [0, 100, 300, 1000] as const

type Target = { name: string; from: string; link: string; arrivesAt: RegExp }

const TARGETS: Target[] = [
  {
    name: "home's Fields quick link",
    from: '/',
    link: 'main a[href="/fields#field-status"]',
    arrivesAt: /\/fields#field-status$/,
  },
  {
    name: 'a program card',
    from: '/programs',
    link: 'main a[href="/programs/tee-ball"]',
    arrivesAt: /\/programs\/tee-ball$/,
  },
]

/**
 * Loads `path` with the CPU slowed `rate` times. As soon as the document is parsed, the
 * link is scrolled into the middle of the screen, as a visitor would scroll to it.
 * Resolves at the page's first contentful paint.
 */
async function openThrottled(page: Page, path: string, link: string, rate: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate })
  await page.addInitScript((selector) => {
    const marks = { fcp: -1 }
    Object.assign(window, { earlyTapMarks: marks })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') marks.fcp = entry.startTime
    }).observe({ type: 'paint', buffered: true })
    document.addEventListener('DOMContentLoaded', () =>
      document.querySelector(selector)?.scrollIntoView({ block: 'center' }),
    )
  }, link)
  await page.goto(path, { waitUntil: 'commit' })
  await page.waitForFunction(
    () => (window as unknown as { earlyTapMarks: { fcp: number } }).earlyTapMarks.fcp >= 0,
    undefined,
    { polling: 16 },
  )
}

/** Taps (or clicks, on the desktop project) the middle of the element where it is now. */
async function tapNow(page: Page, selector: string, hasTouch: boolean) {
  const box = await page.locator(selector).first().boundingBox()
  if (!box) throw new Error(`${selector} is not on screen`)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  if (hasTouch) await page.touchscreen.tap(x, y)
  else await page.mouse.click(x, y)
}

test.describe('a tap during start-up', () => {
  // Throttled loads are slow by design; each test makes its taps one after another.
  test.describe.configure({ timeout: 120_000 })
  // Phones are where start-up is slow enough to tap into (the CPU is throttled besides);
  // the same page code runs for a mouse, so one project keeps the suite's time in bounds.
  test.skip(
    ({ isMobile }) => !isMobile,
    'taps during start-up are a phone’s: run in the phone project',
  )

  for (const target of TARGETS) {
    for (const rate of CPU_RATES) {
      test(`should arrive for ${target.name} at ${rate}× CPU, whenever it is made`, async ({
        browser,
        baseURL,
      }, testInfo) => {
        const { viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use
        const lost: string[] = []
        for (const delay of DELAYS_MS) {
          const context = await browser.newContext({
            baseURL,
            viewport,
            isMobile,
            hasTouch,
            deviceScaleFactor,
            userAgent,
          })
          const page = await context.newPage()
          const documents: string[] = []
          page.on('request', (request) => {
            if (request.resourceType() === 'document') documents.push(request.url())
          })
          await openThrottled(page, target.from, target.link, rate)
          const entriesBefore = await page.evaluate(() => history.length)
          await page.waitForTimeout(delay)
          await tapNow(page, target.link, Boolean(hasTouch))
          try {
            await expect(page).toHaveURL(target.arrivesAt, { timeout: 15_000 })
            // It arrived once: one new history entry, and the next page's document was
            // fetched at most once (a plain-link navigation) or not at all (the app's).
            await expect
              .poll(() => page.evaluate(() => history.length), { timeout: 5_000 })
              .toBe(entriesBefore + 1)
            await expect(page.locator('main h1')).toBeVisible()
            expect(documents.length).toBeLessThanOrEqual(2)
          } catch (error) {
            const entries = await page.evaluate(() => history.length).catch(() => NaN)
            lost.push(
              `${delay} ms: ${(error as Error).message.split('\n')[0]} (at ${page.url()}, history ${entriesBefore} → ${entries}, documents: ${documents.join(' ')})`,
            )
          }
          await context.close()
        }
        expect(lost, 'taps that did not arrive exactly once').toEqual([])
      })
    }
  }
})
