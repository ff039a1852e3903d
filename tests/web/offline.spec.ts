import type { BrowserContext, Page } from '@playwright/test'

import { PAGES_CACHE, pageKey } from '../../apps/web/src/service-worker/saved-copies.ts'
import { revealNavLink } from '../fixtures/site-nav.ts'
import { expect, PHONE_TAG, test } from '../fixtures/test.ts'

// A weak signal, and none (issue 30, section 2): a move whose page cannot load says, in plain
// words, that the device is offline, keeps the page being read and offers to try again; the
// service worker keeps the pages a family has visited readable offline, marked with the time
// each was fetched, and never keeps the signed-in area.

/** Waits until the page's script runs (its links then move inside the app). */
const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 15_000 })

/** Waits until the service worker controls the page and has saved `path`. */
async function savedForOffline(page: Page, path: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ cacheName, key }) => {
            if (!navigator.serviceWorker?.controller) return false
            const cache = await caches.open(cacheName)
            return Boolean(await cache.match(key))
          },
          {
            cacheName: PAGES_CACHE,
            key: pageKey(new URL(path, page.url()), new URL(page.url()).origin) ?? '',
          },
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
}

/** Goes offline, follows the menu's link `name`, and gives the notice that says it cannot open. */
async function followOffline(page: Page, context: BrowserContext, isMobile: boolean, name: string) {
  await context.setOffline(true)
  const link = await revealNavLink(page, isMobile, name)
  await link.click()
  const notice = page.getByRole('alert').filter({ hasText: 'offline' })
  await expect(notice).toHaveText(/You’re offline, so that page can’t open yet\./)
  return notice
}

const scheduleHeading = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Schedules & Season Dates' })

test.describe('offline', { tag: PHONE_TAG }, () => {
  // Blocked in the other suites (playwright.config.ts): here the site runs as a family's does.
  test.use({ serviceWorkers: 'allow' })

  test('should keep the page and say it is offline when the next page cannot load', async ({
    page,
    context,
    isMobile,
  }) => {
    await page.goto('/')
    await interactive(page)
    const home = page.getByRole('heading', { level: 1 })
    const homeTitle = await home.textContent()
    const notice = await followOffline(page, context, isMobile, 'Schedules')
    // Still on the page being read, with no technical message or file name anywhere.
    await expect(page).toHaveURL(/\/$/)
    await expect(home).toHaveText(homeTitle ?? '')
    await expect(page.locator('body')).not.toContainText(/dynamically imported|\.js\b|Details:/)

    // Back online, Try again opens the page.
    await context.setOffline(false)
    await notice.getByRole('button', { name: 'Try again' }).click()
    await expect(page).toHaveURL(/\/schedule$/)
    await expect(scheduleHeading(page)).toBeVisible()
    await expect(notice).toHaveCount(0)
  })

  test('should open the page afresh when Try again fails though the device says it is back online', async ({
    page,
    context,
    isMobile,
  }) => {
    await page.goto('/')
    await interactive(page)
    // The schedule is saved as the worker starts: what a full load shows while the signal is weak.
    await savedForOffline(page, '/schedule')
    const notice = await followOffline(page, context, isMobile, 'Schedules')

    // The phone says it is online a moment before its connection carries anything.
    await page.evaluate(() => Object.defineProperty(navigator, 'onLine', { get: () => true }))
    await notice.getByRole('button', { name: 'Try again' }).click()
    await expect(page).toHaveURL(/\/schedule$/)
    await expect(scheduleHeading(page)).toBeVisible()
    await expect(page.locator('.saved-copy')).toContainText('you’re offline')
    await expect(page.getByText('Rain delay')).toHaveCount(0)
  })

  // Pages read their own documents (issue 35 §3): a page whose code is here but whose
  // documents were never read cannot open offline either, rather than show the samples.
  test('should keep the page and say it is offline when the next page’s documents cannot be read', async ({
    page,
    context,
    isMobile,
  }) => {
    // The teams page's code is saved by the worker on a first visit; a full load of /donate
    // then starts afresh, reading only what /donate shows.
    await page.goto('/teams')
    await interactive(page)
    await savedForOffline(page, '/teams')
    const reads: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/rest/v1/website_content')) reads.push(request.url())
    })
    await page.goto('/donate')
    await interactive(page)
    // Both reads at start have gone out (a third is the live feed's catch-up after a join that
    // failed once, as one may on a busy machine).
    await expect.poll(() => reads.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    const donate = page.getByRole('heading', { level: 1 })
    const donateTitle = await donate.textContent()

    const notice = await followOffline(page, context, isMobile, 'Teams & Rosters')
    await expect(page).toHaveURL(/\/donate$/)
    await expect(donate).toHaveText(donateTitle ?? '')

    // Back online, Try again reads them and opens the page.
    await context.setOffline(false)
    await notice.getByRole('button', { name: 'Try again' }).click()
    await expect(page).toHaveURL(/\/teams$/)
    await expect(page.getByRole('heading', { level: 1, name: /Teams/ })).toBeVisible()
  })

  test('should show a visited page on an offline reload, marked with the time it was fetched', async ({
    page,
    context,
  }) => {
    await page.goto('/schedule')
    await interactive(page)
    // A team's page, reached inside the app once the worker controls the page.
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), {
        timeout: 20_000,
      })
      .toBe(true)
    const teamLink = page
      .locator('.schedule-program__teams')
      .getByRole('link', { name: 'Flash 12U' })
    const teamPath = (await teamLink.getAttribute('href')) ?? ''
    await teamLink.click()
    await expect(page).toHaveURL(new RegExp(`${teamPath}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Flash 12U' })).toBeVisible()
    await savedForOffline(page, teamPath)

    await context.setOffline(true)
    await page.reload()
    const banner = page.locator('.saved-copy')
    await expect(banner).toHaveText(/^Saved copy from \d{1,2}:\d{2}\s?[AP]M · you’re offline$/)
    await expect(banner).toHaveAttribute('role', 'status')
    await expect(page.getByRole('heading', { level: 1, name: 'Flash 12U' })).toBeVisible()
    await expect(page.getByText('Rain delay')).toHaveCount(0)
    // The saved page's own code is saved too: it starts, and its links move inside it.
    await interactive(page)

    // The schedule was saved as the worker started (and as visited).
    await page.goto('/schedule')
    await expect(banner).toContainText('you’re offline')
    await expect(scheduleHeading(page)).toBeVisible()

    // A page never opened says so, and lists what can be read, instead of the browser's error.
    const unsaved = await page.goto('/sponsors')
    expect(unsaved?.status()).toBe(503)
    await expect(page.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Flash 12U/ })).toHaveAttribute('href', teamPath)

    // The signed-in area is never served from the worker.
    await expect(page.goto('/admin-login')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
  })
})
