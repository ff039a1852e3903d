import type { Page } from '@playwright/test'
import { DEFAULT_CONTENT } from '@club/core/defaults'
import { isPlaceholderLink } from '@club/core/entities'

import { openAsStaff } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

// Sample registration, giving and sponsor links are placeholders (a domain reserved for
// examples): the public site never presents one as a working button, but says the link is
// coming and how to ask the club, at 320 px and by keyboard; edit mode marks each one
// "Sample — replace me". The rule reads the stored value: a real link stored instead works.

/** Waits until the page's script runs. */
const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 20_000 })

/** Every link on the page whose address is a placeholder. */
async function placeholderHrefs(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  return hrefs.filter((href) => isPlaceholderLink(href))
}

const PAGES = [
  '/',
  '/programs',
  '/programs/tee-ball',
  '/programs/big-train',
  '/camps-events',
  '/camps-events/pitching-and-catching-clinic',
  '/donate',
  '/sponsors',
]

test.describe('placeholder links', () => {
  test('should hold placeholder addresses in the sample content', () => {
    const programs = DEFAULT_CONTENT.programsContent
    expect(isPlaceholderLink(programs['tee-ball'].registration?.link ?? '')).toBe(true)
    expect(isPlaceholderLink(DEFAULT_CONTENT.content.support.donationLink ?? '')).toBe(true)
  })

  test('should present no placeholder address as a link on any page that shows one', async ({
    page,
  }) => {
    for (const path of PAGES) {
      await page.goto(path)
      await interactive(page)
      expect(await placeholderHrefs(page), path).toEqual([])
    }
    await page.goto('/programs/tee-ball')
    await expect(
      page.locator('.program-hero').getByText('Registration link coming soon'),
    ).toBeVisible()
    // No giving link is set: no word of giving online, but how to give now.
    await page.goto('/donate')
    await expect(
      page.locator('.page-hero').getByRole('link', { name: /^Contact us to give/ }),
    ).toBeVisible()
    await expect(page.getByRole('main')).not.toContainText(/give online|online giving/i)
  })

  test('should offer how to ask instead, at 320 px and by keyboard @phone', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/programs/tee-ball')
    await interactive(page)
    const hero = page.locator('.program-hero')
    const soon = hero.getByText('Registration link coming soon')
    await expect(soon).toBeInViewport()
    const ask = hero.getByRole('link', { name: /^Contact the club/ })
    await expect(ask).toBeInViewport()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
    await page.screenshot({ path: test.info().outputPath('tee-ball-320.png') })

    // Tab reaches the link (the placeholder itself is no stop), and Enter follows it.
    let reached = false
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await ask.evaluate((link) => link === document.activeElement)
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'))
      expect(isPlaceholderLink(focused ?? '')).toBe(false)
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/contact\?program=tee-ball#registration-interest$/)

    await page.goto('/donate')
    await expect(
      page.locator('.page-hero').getByRole('link', { name: /^Contact us to give/ }),
    ).toBeInViewport()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  })

  test('should mark each placeholder “Sample — replace me” in edit mode', async ({ page }) => {
    await openAsStaff(page, '/admin/edit/programs/tee-ball')
    const hero = page.locator('.program-hero')
    await expect(hero.getByText('Sample — replace me')).toBeVisible({ timeout: 20_000 })
    await page.goto('/admin/edit/donate')
    await expect(page.locator('.page-hero').getByText('Sample — replace me')).toBeVisible({
      timeout: 20_000,
    })
    await page.goto('/admin/edit/sponsors')
    const sponsors = page.getByRole('region', { name: 'Our sponsors' })
    await expect(sponsors.getByText('Sample — replace me')).toHaveCount(
      (DEFAULT_CONTENT.content.support.sponsors ?? []).length,
      { timeout: 20_000 },
    )
  })
})

describeSharedContent('a real link replaces the placeholder', () => {
  test('should make a stored real registration link a working Register button', async ({
    page,
    backend,
  }) => {
    const link = 'https://signup.club-baseball.test/tee-ball'
    await restoringContent(backend, ['programsContent'], async ({ programsContent }) => {
      const stored = structuredClone(programsContent)
      stored['tee-ball'].registration = { link, opensText: '' }
      await storeContent(await backend.staff(), 'programsContent', stored)
      await page.goto('/programs/tee-ball')
      const register = page
        .locator('.program-hero')
        .getByRole('link', { name: 'Register for Tee Ball (opens another site)' })
      await expect(register).toHaveAttribute('href', link, { timeout: 20_000 })
      await expect(
        page.locator('.program-hero').getByText('Registration link coming soon'),
      ).toHaveCount(0)
    })
  })
})
