import { expect, test } from '../fixtures/test.ts'

// A public page's start-up asks nothing of Intl. The first Intl call of a page (a date, a
// number, a collation) loads ICU's locale data: 20–30 ms of the main thread on the 2-core test
// host, about 100 ms at Lighthouse's 4× CPU, in the middle of hydration. The pages write dates
// and counts themselves (club/club-time.ts, entities/counts.ts) and sort schedules as text.

/** Pages that show dates, times, counts and sorted schedules. */
const ROUTES = [
  '/',
  '/fields',
  '/schedule',
  '/programs/big-train/12u',
  '/news-and-updates',
  '/teams',
]

/** Records every call into Intl, and into the methods that call it, with where it came from. */
function recordIntl() {
  const calls: string[] = []
  Object.assign(window, { intlCalls: calls })
  const record = (name: string) => {
    const from = (new Error().stack ?? '').split('\n').slice(2, 5).join(' ← ')
    calls.push(`${name} ${from}`)
  }
  const intl = Intl as unknown as Record<string, unknown>
  for (const name of Object.getOwnPropertyNames(Intl)) {
    const original = intl[name]
    if (typeof original !== 'function') continue
    intl[name] = new Proxy(original, {
      construct(target, args, newTarget) {
        record(`new Intl.${name}`)
        return Reflect.construct(target, args, newTarget) as object
      },
      apply(target, self, args) {
        record(`Intl.${name}`)
        return Reflect.apply(target, self, args) as unknown
      },
    })
  }
  // Not toLocaleLowerCase, which the Realtime client calls: without a locale it loads nothing
  // (measured 0.0–0.1 ms as a page's first call, against 21–27 ms for a number's toLocaleString).
  const methods: [object, string][] = [
    [String.prototype, 'localeCompare'],
    [Number.prototype, 'toLocaleString'],
    [Array.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
  ]
  for (const [owner, name] of methods) {
    const holder = owner as Record<string, (...args: unknown[]) => unknown>
    const original = holder[name]!
    holder[name] = function (this: unknown, ...args: unknown[]) {
      record(name)
      return original.apply(this, args)
    }
  }
}

for (const route of ROUTES) {
  test(`should start ${route} without asking Intl for anything`, async ({ page }) => {
    await page.addInitScript(recordIntl)
    let answered = 0
    page.on('requestfinished', (request) => {
      if (request.url().includes('/rest/v1/website_content') && request.method() === 'GET')
        answered += 1
    })
    await page.goto(route)
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    // The witness that start-up is over: both reads at start answered, and taken in.
    await expect.poll(() => answered, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 2000 })))
    const calls = await page.evaluate(
      () => (window as unknown as { intlCalls: string[] }).intlCalls,
    )
    expect(calls).toEqual([])
  })
}
