import { NOT_FOUND_HEADING, PUBLIC_ROUTES } from '../fixtures/routes.ts'
import { revealNavLink } from '../fixtures/site-nav.ts'
import { expect, test } from '../fixtures/test.ts'

// Each public route shown, judged by axe and laid out at every size: every-page.spec.ts.

test.describe('staff addresses', () => {
  test('should show the same pages under /admin/edit for staff', async ({ page }) => {
    await page.goto('/admin-login')
    await page.getByLabel('Email').fill('staff@club.local')
    await page.getByLabel('Password').fill('club-staff-2026')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin\/home$/)
    await page.goto('/admin/edit/programs/big-train')
    // The page in edit mode waits for the editor's code as well (as in signIn, the margin of
    // a loaded two-core machine: a run once saw its main region still loading after 7 s).
    await expect(page.getByRole('heading', { level: 1, name: 'Big Train' })).toBeVisible({
      timeout: 20_000,
    })
    await page.goto('/admin/edit/dmv')
    await expect(page).toHaveURL(/\/admin\/edit\/programs\/dmv-prospects$/)
  })
})

/** The main navigation of spec §2, in its order, with the game-day pages beside the fields. */
const SPEC_NAVIGATION = [
  'Home',
  'About',
  'Programs',
  'Teams & Rosters',
  'DMV Prospects',
  'Events',
  'Alumni',
  'Fields & Status',
  'Schedules',
  'Live Updates',
  'Rules & FAQ',
  'Weather Policy',
  'News',
  'Contact',
  'Donate',
  'Sponsors',
]

test.describe('navigation', () => {
  test('should reach every main navigation entry in order @phone', async ({ page, isMobile }) => {
    await page.goto('/')
    if (isMobile) {
      await page.getByText('Menu', { exact: true }).click()
      const menu = page.getByRole('navigation', { name: 'Main (menu)' })
      await expect(menu.getByRole('link')).toHaveText(SPEC_NAVIGATION)
      await menu.getByRole('link', { name: 'Fields & Status' }).click()
    } else {
      // The wide header groups the entries in menus; the logo is the home link.
      const nav = page.getByRole('navigation', { name: 'Main' })
      const names = await nav.getByRole('link', { includeHidden: true }).allTextContents()
      expect(names).toEqual(expect.arrayContaining(SPEC_NAVIGATION.slice(1)))
      await expect(page.getByRole('banner').getByRole('link', { name: /, home$/ })).toHaveAttribute(
        'href',
        '/',
      )
      await (await revealNavLink(page, isMobile, 'Fields & Status')).click()
    }
    await expect(page).toHaveURL(/\/fields$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Fields & Status' })).toBeVisible()
  })

  test('should scroll to the top on every route change', async ({ page }) => {
    await page.goto('/teams')
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Alumni' })
    await expect(footerLink).toBeAttached()
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
        return page.evaluate(() => window.scrollY)
      })
      .toBeGreaterThan(200)
    await footerLink.click()
    await expect(page).toHaveURL(/\/alumni$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Alumni' })).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('should redirect /dmv to the DMV Prospects program', async ({ page }) => {
    await page.goto('/dmv')
    await expect(page).toHaveURL(/\/programs\/dmv-prospects$/)
    await expect(page.getByRole('heading', { level: 1, name: 'DMV Prospects' })).toBeVisible()
  })

  test('should send /rules-faq to the rules with its hash kept, and scroll to it', async ({
    page,
  }) => {
    await page.goto('/rules-faq#weather-policy')
    await expect(page).toHaveURL(/\/rules#weather-policy$/)
    const section = page.locator('#weather-policy')
    await expect(section).toBeInViewport()
  })

  test('should scroll smoothly to a hash after a client-side navigation', async ({ page }) => {
    await page.goto('/')
    await page
      .getByRole('link', { name: /^Fields/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/fields#field-status$/)
    await expect(page.locator('#field-status')).toBeInViewport()
  })

  for (const path of [
    '/no-such-page',
    '/news-and-updates/no-such-post',
    '/team/no-such-team',
    '/programs/curling',
    '/camps-events/nope',
    '/programs/big-train/99u',
  ]) {
    test(`should show the branded not-found page for ${path}`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: NOT_FOUND_HEADING })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible()
      await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
    })
  }
})

test.describe('findable', () => {
  test('should give each route its own title, description, canonical URL and Open Graph tags', async ({
    page,
  }) => {
    const titles = new Set<string>()
    for (const path of [
      '/',
      '/programs/big-train',
      '/fields',
      '/news-and-updates/spring-registration-is-open',
    ]) {
      await page.goto(path)
      const title = await page.title()
      titles.add(title)
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '/' : path}$`),
      )
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title)
    }
    expect(titles.size).toBe(4)
  })

  test('should publish structured data for the club, an event and an article', async ({ page }) => {
    const types: string[] = []
    for (const path of [
      '/',
      '/camps-events/summer-baseball-camp',
      '/news-and-updates/spring-registration-is-open',
    ]) {
      await page.goto(path)
      const json = await page.locator('script[type="application/ld+json"]').textContent()
      types.push((JSON.parse(json ?? '{}') as { '@type'?: string })['@type'] ?? '')
    }
    expect(types).toEqual(['SportsOrganization', 'Event', 'NewsArticle'])
  })

  test('should serve sitemap.xml and robots.txt', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const { path } of PUBLIC_ROUTES)
      expect(sitemap).toContain(`${path === '/' ? '/' : path}</loc>`)
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toContain('Sitemap:')
    expect(robots).toContain('Disallow: /admin')
  })
})
