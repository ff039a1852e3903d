import type { Page } from '@playwright/test'
import { DEFAULT_CONTENT } from '@club/core/defaults'

import { expect, test } from '../fixtures/test.ts'

// Sharing (issue 18, section 4, item 10): link previews get a JPEG share image of the page's
// own picture with its size, and news posts, events and team pages have a share or copy-link
// action that says what it did.

const post = DEFAULT_CONTENT.newsPosts[0]!
const clinic = DEFAULT_CONTENT.clinics[0]!

const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1]

const interactive = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', { timeout: 15_000 })

test.describe('sharing', () => {
  test('should give link previews a JPEG of the page’s own image', async ({ request }) => {
    const images = new Set<string>()
    for (const path of [
      '/',
      `/news-and-updates/${post.slug}`,
      `/camps-events/${clinic.slug}`,
      '/team/recreation-10u',
    ]) {
      const html = await (await request.get(path)).text()
      const image = meta(html, 'og:image') ?? ''
      expect(image, path).toMatch(/\/share\/[0-9a-f]{14}\.jpg$/)
      expect(meta(html, 'twitter:image')).toBe(image)
      expect(meta(html, 'og:image:width')).toBe('1200')
      expect(meta(html, 'og:image:height')).toBe('630')
      expect(meta(html, 'og:image:type')).toBe('image/jpeg')
      const file = await request.get(new URL(image).pathname)
      expect(file.status(), image).toBe(200)
      expect(file.headers()['content-type']).toBe('image/jpeg')
      const bytes = await file.body()
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
      images.add(image)
    }
    // The article and the event have pictures of their own, so their images differ from home's.
    expect(images.size).toBeGreaterThanOrEqual(3)
  })

  test('should copy a news post’s address and say so @phone', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(baseURL ?? '').origin,
    })
    await page.goto(`/news-and-updates/${post.slug}`)
    await interactive(page)
    const canShare = await page.evaluate(() => 'share' in navigator)
    test.skip(canShare, 'this browser has a share sheet, which a test cannot drive')
    const copy = page.getByRole('button', { name: new RegExp(`^Copy link\\s?: ${post.title}$`) })
    await copy.click()
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${new URL(baseURL ?? '').origin}/news-and-updates/${post.slug}`,
    )
  })

  test('should offer the action on event and team pages @phone', async ({ page }) => {
    await page.goto(`/camps-events/${clinic.slug}`)
    await expect(
      page.getByRole('button', { name: new RegExp(`\\s?: ${clinic.title}$`) }),
    ).toBeVisible()
    await page.goto('/team/recreation-10u')
    await expect(
      page.getByRole('button', { name: /^(Copy link|Share)\s?: Recreation Baseball 10U$/ }),
    ).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
  })
})
