import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'

import { expect, test } from '../fixtures/test.ts'

// What a link preview gets, fetched raw as a messaging app fetches it (no browser, no script):
// /dmv, a redirect, names the page it leads to in its own head (the static site cannot answer
// a 3xx; the production server does: production-server.spec.ts), and each page's share image
// carries the page's title and the club's name, read back from its pixels.

/** The content of `<meta property="…">` in `html`. */
function meta(html: string, property: string): string | undefined {
  const match = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)
  return match?.[1]?.replace(/&amp;/g, '&')
}

async function raw(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 })
  return { status: response.status(), html: await response.text() }
}

/** The share image's pixels, as greyscale rows of 1200 × 630. */
async function pixels(request: APIRequestContext, url: string) {
  const response = await request.get(new URL(url).pathname)
  expect(response.status(), url).toBe(200)
  const { data, info } = await sharp(await response.body())
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  expect([info.width, info.height]).toEqual([1200, 630])
  return data
}

/** How many pixels differ by more than 60 grey levels inside rows [top, bottom). */
function differing(a: Buffer, b: Buffer, top: number, bottom: number): number {
  let count = 0
  for (let i = top * 1200; i < bottom * 1200; i++)
    if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 60) count++
  return count
}

test.describe('link previews', () => {
  // Playwright requires the object pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => {
    test.skip(
      testInfo.project.name !== 'desktop',
      'raw HTML and images are the same at every size: checked once',
    )
  })

  test('should give /dmv, fetched raw, the tags of the page it leads to, or redirect', async ({
    request,
  }) => {
    const dmv = await raw(request, '/dmv')
    const target = await raw(request, '/programs/dmv-prospects')
    expect(target.status).toBe(200)
    if (dmv.status >= 300 && dmv.status < 400) return
    expect(dmv.status).toBe(200)
    expect(dmv.html).not.toContain('Redirecting…')
    for (const property of ['og:title', 'og:description', 'og:image', 'og:url'])
      expect(meta(dmv.html, property), property).toBe(meta(target.html, property))
    expect(meta(dmv.html, 'og:title')).toMatch(/^DMV Prospects/)
    expect(meta(dmv.html, 'og:url')).toMatch(/\/programs\/dmv-prospects$/)
    // Its share image answers, as the target's does.
    await pixels(request, meta(dmv.html, 'og:image') ?? '')
  })

  test('should draw the page’s title on its share image', async ({ request }) => {
    // Two pages without an image of their own share the default picture: only the title differs.
    const rules = await raw(request, '/rules')
    const policy = await raw(request, '/weather-policy')
    const rulesImage = meta(rules.html, 'og:image') ?? ''
    const policyImage = meta(policy.html, 'og:image') ?? ''
    expect(rulesImage).toMatch(/\/share\/[0-9a-f]{14}\.jpg$/)
    expect(policyImage).not.toBe(rulesImage)
    const a = await pixels(request, rulesImage)
    const b = await pixels(request, policyImage)
    // The photo's upper part is the same picture; the title's band below differs in many
    // pixels (white letters on the navy shade), which it cannot without text drawn there.
    expect(differing(a, b, 0, 150)).toBeLessThan(1200)
    expect(differing(a, b, 330, 480)).toBeGreaterThan(3000)
    // The club's name is drawn on both, in the same place: that row hardly differs.
    expect(differing(a, b, 500, 566)).toBeLessThan(400)
  })
})
