import type { Page } from '@playwright/test'
import { fileURLToPath } from 'node:url'

import { openAsStaff } from '../fixtures/admin-session.ts'
import { expect, test } from '../fixtures/test.ts'

// The screenshots of docs/screenshots/README.md, taken again by `pnpm screenshots` (not part of
// the e2e run: playwright.screenshots.config.ts matches *.shot.ts only). Each page is checked
// for sideways overflow before it is taken; the pictures are for people to look at.

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))
const HEIGHT = 844
/** The most of a long page a picture keeps (its top), so that each stays small. */
const CLIP = 1600

/** Loads `path` at `width`, waits for the page's own content, and says if anything overflows. */
async function open(page: Page, path: string, width: number, textSize = '100%') {
  await page.setViewportSize({ width, height: HEIGHT })
  await page.goto(path)
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
    timeout: 20_000,
  })
  // The alerts as stored, not as built (held until the content read answers).
  await expect(page.locator('[data-held]')).toHaveCount(0, { timeout: 15_000 })
  await page.evaluate((size) => {
    document.documentElement.style.fontSize = size
  }, textSize)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth, `${path} at ${width} px, ${textSize} text`).toBeLessThanOrEqual(width)
}

/** The top of the page, at most CLIP tall. */
async function top(page: Page, name: string) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const width = page.viewportSize()?.width ?? 390
  await page.screenshot({
    path: `${OUT}${name}.png`,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(height, CLIP) },
  })
}

test.describe('docs screenshots', () => {
  test.describe.configure({ timeout: 120_000 })

  for (const width of [320, 390]) {
    test(`home, /fields with parking notes and /schedule at ${width} px`, async ({ page }) => {
      await open(page, '/', width)
      await top(page, `home-${width}`)

      // The first field card with parking notes, in view.
      await open(page, '/fields', width)
      const card = page.locator('#field-hollow-oak')
      await expect(card.getByText('Parking', { exact: true })).toBeVisible()
      await card.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      await page.screenshot({ path: `${OUT}fields-parking-${width}.png` })

      await open(page, '/schedule', width)
      await top(page, `schedule-${width}`)
    })
  }

  test('home, a team page and /schedule at 390 px with 200% text', async ({ page }) => {
    for (const [name, path] of [
      ['home', '/'],
      ['team', '/programs/big-train/12u'],
      ['schedule', '/schedule'],
    ] as const) {
      await open(page, path, 390, '200%')
      await top(page, `text-200-${name}`)
    }
  })

  for (const width of [390, 1280]) {
    test(`the alert editor's "Show on" at ${width} px`, async ({ page }) => {
      // A new status alert limited to one team (a draft on this device: nothing is saved).
      await page.setViewportSize({ width, height: HEIGHT })
      await openAsStaff(page, '/admin/alerts')
      await page.getByRole('button', { name: 'Add status alert' }).click()
      const form = page.getByRole('group', { name: 'Edit Untitled alert' })
      await form.getByRole('textbox', { name: 'Title' }).fill('Big Train 12U: tonight is off')
      const showOn = page.getByRole('group', { name: 'Show on' })
      await showOn.getByRole('radio', { name: 'Only on chosen pages' }).check()
      await showOn.getByRole('searchbox', { name: 'Find a page' }).fill('12U')
      await showOn
        .getByRole('group', { name: 'Teams' })
        .getByRole('checkbox', { name: /^Big Train 12U/ })
        .check()
      await expect(showOn.getByRole('status')).toHaveText('Shows on 1 page: Big Train 12U.')
      await showOn.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => resolve(null))),
      )
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(scrollWidth, `/admin/alerts at ${width} px`).toBeLessThanOrEqual(width)
      await page.screenshot({ path: `${OUT}alerts-show-on-${width}.png` })
    })
  }
})
