import type { Locator, Page } from '@playwright/test'

import { DISMISSED_ALERTS_KEY, EARLY_DISMISSALS_SCRIPT } from '@club/core/alerts'

import { e2eAlerts, E2E_FIELDS_TITLES } from '../fixtures/alerts.ts'
import { describeSharedContent, expect, PHONE_TAG, storeContent, test } from '../fixtures/test.ts'
import { axeViolations } from '../fixtures/axe.ts'

/** The main navigation of spec §2. */
const SPEC_PATHS = [
  '/',
  '/about',
  '/programs',
  '/teams',
  '/dmv',
  '/camps-events',
  '/alumni',
  '/fields',
  '/rules',
  '/weather-policy',
  '/news-and-updates',
  '/contact',
  '/donate',
  '/sponsors',
]

const bar = (page: Page) => page.getByRole('region', { name: 'Alerts' })
const toggle = (page: Page) => page.locator('.alerts-bar__toggle')

/** Waits until the app runs (the startup loader is gone once it has started). */
async function appStarted(page: Page) {
  await expect(page.locator('#startup-loader')).toHaveCount(0, { timeout: 15_000 })
}

/** Waits until the stored alerts show (the bar holds the page's own until then). */
async function alertsSettled(page: Page) {
  // The app starts, then reads: on a busy machine that can take a while.
  await expect(bar(page)).not.toHaveAttribute('data-held', { timeout: 15_000 })
}

/** On a phone, opens the alerts the bar keeps to one line. */
async function expandAlerts(page: Page, isMobile: boolean) {
  if (!isMobile) return
  await toggle(page).click()
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
}

/** WCAG relative luminance contrast of two sRGB colours given as [r, g, b] (0–255). */
function contrast(a: number[], b: number[]): number {
  const luminance = ([r = 0, g = 0, bl = 0]: number[]) => {
    const [R, G, B] = [r, g, bl].map((v) => {
      const c = v / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * (R ?? 0) + 0.7152 * (G ?? 0) + 0.0722 * (B ?? 0)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

/**
 * The focus ring of `target` once focused from the keyboard: its outline colour and width,
 * and the first opaque background behind the element.
 */
async function focusRing(page: Page, target: Locator) {
  await target.focus()
  return target.evaluate((el) => {
    const rgba = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number)
    let background = [255, 255, 255]
    for (let node = el.parentElement; node; node = node.parentElement) {
      const colour = rgba(getComputedStyle(node).backgroundColor)
      if (colour.length === 3 || (colour[3] ?? 0) === 1) {
        background = colour.slice(0, 3)
        break
      }
    }
    const style = getComputedStyle(el)
    return {
      focusVisible: el.matches(':focus-visible'),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      outline: rgba(style.outlineColor).slice(0, 3),
      background,
    }
  })
}

test.describe('the wide header', () => {
  test('should keep one row and the whole club name from 1024 to 1920 px', async ({ page }) => {
    for (const width of [1024, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      const header = page.locator('header.site-header')
      expect((await header.boundingBox())?.height).toBeLessThanOrEqual(65)
      const name = await page
        .locator('.site-header__name')
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
      expect(name.scroll, `club name cut off at ${width} px`).toBeLessThanOrEqual(name.client)
      await expect(page.locator('.site-header__name')).toHaveText(/^Youth Baseball & Softball/)
      const items = await page
        .locator('.site-nav__list > li, .site-header__actions > a')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect()))
      const tops = items.map((box) => box.top)
      expect(Math.max(...tops) - Math.min(...tops), `entries wrap at ${width} px`).toBeLessThan(2)
      expect(Math.max(...items.map((box) => box.right))).toBeLessThanOrEqual(width)
      // No Register action: no sample program has a registration link (registration-truth.spec.ts).
      await expect(page.getByRole('link', { name: 'Schedule', exact: true })).toBeVisible()
      if (width !== 1440)
        await header.screenshot({ path: test.info().outputPath(`header-${width}.png`) })
    }
  })

  test('should open a menu from the keyboard, move through it and close it with Escape', async ({
    page,
  }) => {
    await page.goto('/fields')
    await appStarted(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const programs = nav.getByRole('button', { name: 'Programs' })
    const panel = page.locator(`[id="${await programs.getAttribute('aria-controls')}"]`)
    await expect(panel).toBeHidden()

    await programs.focus()
    await page.keyboard.press('Enter')
    await expect(programs).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    await expect(panel.getByRole('link', { name: 'Programs' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(panel.getByRole('link', { name: 'Teams & Rosters' })).toBeFocused()
    await page.keyboard.press('End')
    await expect(panel.getByRole('link', { name: 'Events' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(programs).toBeFocused()
    await expect(programs).toHaveAttribute('aria-expanded', 'false')
    await expect(panel).toBeHidden()

    await page.keyboard.press('Space')
    await expect(panel).toBeVisible()
    await page.keyboard.press('Space')
    await expect(panel).toBeHidden()

    await page.keyboard.press('ArrowDown')
    await expect(panel.getByRole('link', { name: 'Programs' })).toBeFocused()
    await page.screenshot({ path: test.info().outputPath('menu-open.png') })
    // Tabbing past the last entry leaves the menu, which closes.
    await page.keyboard.press('End')
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('button', { name: 'Game Day' })).toBeFocused()
    await expect(panel).toBeHidden()
  })

  test('should reach every main navigation entry with the Tab and Enter keys', async ({ page }) => {
    await page.goto('/')
    await appStarted(page)
    const reached = new Set<string>()
    await page.locator('.skip-link').focus()
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const el = document.activeElement
        return {
          inHeader: Boolean(el?.closest('header')),
          href: el?.getAttribute('href') ?? null,
          closedMenu: el?.getAttribute('aria-expanded') === 'false',
        }
      })
      if (!focused.inHeader) break
      if (focused.href) reached.add(focused.href)
      if (focused.closedMenu) await page.keyboard.press('Enter')
    }
    expect([...reached]).toEqual(expect.arrayContaining(SPEC_PATHS))
    expect(reached).toContain('/schedule')
  })

  test('should keep one menu open at a time, close it on a click elsewhere and mark the page', async ({
    page,
  }) => {
    await page.goto('/weather-policy')
    await appStarted(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const gameDay = nav.getByRole('button', { name: 'Game Day' })
    await expect(gameDay).toHaveClass(/is-section/)
    await gameDay.click()
    const current = nav.locator('[aria-current="page"]')
    await expect(current).toHaveCount(1)
    await expect(current).toHaveText('Weather Policy')
    await expect(current).toBeVisible()

    await nav.getByRole('button', { name: 'About' }).click()
    await expect(gameDay).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Alumni' })).toBeVisible()
    await page.getByRole('heading', { level: 1 }).click()
    await expect(nav.getByRole('button', { name: 'About' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect(nav.getByRole('link', { name: 'Alumni' })).toBeHidden()
  })

  test('should pass axe with a menu open', async ({ page }) => {
    await page.goto('/programs/big-train')
    await appStarted(page)
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Programs' })
      .click()
    expect(await axeViolations(page, 'header')).toEqual([])
  })
})

test.describe('the phone menu', { tag: PHONE_TAG }, () => {
  test.skip(({ isMobile }) => !isMobile, 'the menu button shows below 1024 px')

  const button = (page: Page) => page.locator('summary.site-menu__button')
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Main (menu)' })

  test('should mark the page, hold the page behind still, and close on Escape with focus back', async ({
    page,
  }) => {
    await page.goto('/rules')
    await appStarted(page)
    await expect(button(page)).toHaveAccessibleName('Menu')
    await button(page).click()
    await expect(menu(page)).toBeVisible()
    await expect(button(page)).toHaveAccessibleName('Close')
    const current = menu(page).locator('[aria-current="page"]')
    await expect(current).toHaveCount(1)
    await expect(current).toHaveText('Rules & FAQ')
    await page.screenshot({ path: test.info().outputPath('phone-menu-open.png') })

    // The page behind does not scroll while the menu is open…
    await page.mouse.move(200, 800)
    await page.mouse.wheel(0, 600)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await page.keyboard.press('Escape')
    await expect(menu(page)).toBeHidden()
    await expect(button(page)).toBeFocused()
    await expect(button(page)).toHaveAccessibleName('Menu')
    // …and does again once it is closed.
    await page.mouse.wheel(0, 600)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  test('should close on a tap outside it, going no further, with focus back on the button', async ({
    page,
  }) => {
    await page.goto('/fields')
    await appStarted(page)
    await button(page).click()
    await expect(menu(page)).toBeVisible()
    const viewport = page.viewportSize() ?? { width: 390, height: 844 }
    await page.touchscreen.tap(viewport.width / 2, viewport.height - 20)
    await expect(menu(page)).toBeHidden()
    await expect(button(page)).toBeFocused()
    await expect(page).toHaveURL(/\/fields$/)
  })

  test('should close when one of its links is followed', async ({ page }) => {
    await page.goto('/')
    await appStarted(page)
    await button(page).click()
    await menu(page).getByRole('link', { name: 'Fields & Status' }).click()
    await expect(page).toHaveURL(/\/fields$/)
    await expect(menu(page)).toBeHidden()
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).overflowY),
    ).not.toBe('hidden')
  })

  test('should pass axe with the menu open', async ({ page }) => {
    await page.goto('/teams')
    await appStarted(page)
    await button(page).click()
    await expect(menu(page)).toBeVisible()
    expect(await axeViolations(page, 'header')).toEqual([])
  })
})

describeSharedContent('the alerts bar', () => {
  // The alerts these tests read, stored in the worker's own backend (the `stack` fixture):
  // no other test can replace them midway.
  // Its status is today's: the page runs on the test's clock, which keeps clear of midnight.
  test.beforeEach(async ({ backend, page, clubClock }) => {
    await clubClock.install(page)
    await storeContent(await backend.staff(), 'alerts', e2eAlerts(clubClock.now()))
  })
  test('should take one line on a phone, with the rest behind a count @phone', async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, 'phones only: wide screens list every alert')
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 320, height: 568 },
    ]) {
      await page.setViewportSize(viewport)
      await page.goto('/fields')
      await alertsSettled(page)
      await expect(bar(page).locator('li strong')).toHaveText(E2E_FIELDS_TITLES)
      await expect(bar(page).getByRole('listitem')).toHaveCount(1)
      const height = (await bar(page).boundingBox())?.height ?? Infinity
      expect(height).toBeLessThanOrEqual(viewport.height * 0.2)
      const h1 = await page.getByRole('heading', { level: 1 }).boundingBox()
      expect((h1?.y ?? Infinity) + (h1?.height ?? 0)).toBeLessThanOrEqual(viewport.height)
      await expect(toggle(page)).toHaveAccessibleName('+3 more alerts')
      await page.screenshot({
        path: test.info().outputPath(`alerts-${viewport.width}-collapsed.png`),
      })

      await toggle(page).click()
      await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true')
      await expect(bar(page).getByRole('listitem')).toHaveCount(E2E_FIELDS_TITLES.length)
      await expect(bar(page).getByRole('link', { name: 'Check the fields' })).toBeVisible()
      await expect(bar(page).getByRole('button', { name: 'Dismiss all alerts' })).toBeVisible()
      await page.screenshot({
        path: test.info().outputPath(`alerts-${viewport.width}-expanded.png`),
      })
      expect(await axeViolations(page, '.alerts-bar')).toEqual([])
      await toggle(page).click()
      await expect(bar(page).getByRole('listitem')).toHaveCount(1)
    }
  })

  test('should move focus to the next alert after a dismissal, and to the page after the last @phone', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/fields')
    await alertsSettled(page)
    const item = (id: string) => bar(page).locator(`[data-alert-id="${id}"]`)
    // The status shows first (E2E_FIELDS_TITLES); the general alerts follow it.
    await expandAlerts(page, isMobile)
    await bar(page).getByRole('button', { name: 'Dismiss alert: Pinned alert' }).focus()
    await page.keyboard.press('Enter')
    await expect(item('e2e-plain')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(
      bar(page).getByRole('button', { name: 'Dismiss alert: Plain active alert' }),
    ).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(item('e2e-fields')).toBeFocused()
    // The last in the list: focus goes back to the one before it.
    await bar(page).getByRole('button', { name: 'Dismiss alert: Fields-only alert' }).focus()
    await page.keyboard.press('Enter')
    await expect(item('e2e-status')).toBeFocused()
    await bar(page).getByRole('button', { name: 'Dismiss alert: Games are on tonight' }).focus()
    await page.keyboard.press('Enter')
    await expect(bar(page)).toHaveCount(0)
    await expect(page.locator('main#main')).toBeFocused()
  })

  test('should move focus to the page after dismiss all @phone', async ({ page, isMobile }) => {
    await page.goto('/fields')
    await alertsSettled(page)
    await expandAlerts(page, isMobile)
    await bar(page).getByRole('button', { name: 'Dismiss all alerts' }).focus()
    await page.keyboard.press('Enter')
    await expect(bar(page)).toHaveCount(0)
    await expect(page.locator('main#main')).toBeFocused()
  })

  test('should hold the alerts in their place until the vital read answers @phone', async ({
    page,
    isMobile,
  }) => {
    // Every frame, from the first, records whether the bar is held and whether anything in it
    // can be seen while it is: the hold lasts only until the read answers or passes its
    // deadline (2.5 s), which a loaded machine may reach before a test step could look.
    await page.addInitScript(() => {
      const frames = { held: 0, heldShowing: 0, heldHeight: 0, heldHeadingY: -1 }
      Object.assign(window, { alertFrames: frames })
      const look = () => {
        const region = document.querySelector('.alerts-bar')
        if (region?.hasAttribute('data-held')) {
          frames.held += 1
          const parts = region.querySelectorAll('li, a, button')
          if ([...parts].some((part) => part.checkVisibility({ visibilityProperty: true })))
            frames.heldShowing += 1
          frames.heldHeight = region.getBoundingClientRect().height
          frames.heldHeadingY = document.querySelector('h1')?.getBoundingClientRect().y ?? -1
        }
        requestAnimationFrame(look)
      }
      requestAnimationFrame(look)
    })
    let asked = false
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/website_content') && url.search.includes('alerts'),
      async (route) => {
        asked = true
        // Held for a moment well inside the read's deadline, then answered.
        await new Promise((resolve) => setTimeout(resolve, 600))
        await route.continue()
      },
    )
    await page.goto('/fields')
    await appStarted(page)
    await alertsSettled(page)
    expect(asked).toBe(true)
    await expect(bar(page).locator('li strong')).toHaveText(E2E_FIELDS_TITLES)
    await expect(page.locator('.alerts-bar__inner')).toHaveCSS('visibility', 'visible')
    const frames = await page.evaluate(
      () =>
        (
          window as unknown as {
            alertFrames: {
              held: number
              heldShowing: number
              heldHeight: number
              heldHeadingY: number
            }
          }
        ).alertFrames,
    )
    // Held for some frames, in its place (it had a height), with nothing in it seen.
    expect(frames.held).toBeGreaterThan(0)
    expect(frames.heldShowing).toBe(0)
    expect(frames.heldHeight).toBeGreaterThan(0)
    if (isMobile) {
      // The bar kept its place while held: the page below moves by no more than the first
      // alert's text wrapping to one line more or less (a phone shows it whole, so its height
      // follows what it says), never by the whole bar appearing.
      const after = await page.getByRole('heading', { level: 1 }).boundingBox()
      const moved = Math.abs((after?.y ?? 0) - frames.heldHeadingY)
      expect(moved).toBeLessThan(frames.heldHeight)
      expect(moved).toBeLessThanOrEqual(24)
    }
  })

  test('should show the page’s own alerts when the vital read fails', async ({ page }) => {
    await page.route(
      (url) => url.pathname.endsWith('/rest/v1/website_content') && url.search.includes('alerts'),
      (route) => route.abort('connectionrefused'),
    )
    await page.goto('/fields')
    await expect(bar(page)).not.toHaveAttribute('data-held', '', { timeout: 20_000 })
    await expect(bar(page).getByRole('listitem').first()).toBeVisible()
  })

  test('should hide this session’s dismissals before the app starts @phone', async ({
    page,
    request,
    isMobile,
  }) => {
    const html = await (await request.get('/fields')).text()
    expect(html).toContain(`<script>${EARLY_DISMISSALS_SCRIPT}</script>`)
    const body = html.slice(html.indexOf('<body'))
    const prerendered = [...body.matchAll(/data-alert-dismissal="([^"]+)"/g)].map((m) => m[1] ?? '')
    expect(prerendered.length).toBeGreaterThanOrEqual(2)

    // A dismissal made through the bar is what the head script reads.
    await page.goto('/fields')
    await alertsSettled(page)
    await expandAlerts(page, isMobile)
    await bar(page).getByRole('button', { name: 'Dismiss alert: Plain active alert' }).click()
    // So is one of an alert this page was built with (dismissed while it was shown).
    const dismissed = prerendered[0] ?? ''
    await page.evaluate(
      ({ key, id }) => {
        const ids = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]
        sessionStorage.setItem(key, JSON.stringify([...ids, id]))
      },
      { key: DISMISSED_ALERTS_KEY, id: dismissed },
    )

    // The next page load, with the app's code blocked: only the HTML and its head run.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto('/fields')
    const early = page.locator('style#early-dismissals')
    await expect(early).toHaveCount(1)
    expect(await early.textContent()).toContain('[data-alert-dismissal="e2e-plain\\~')
    await expect(page.locator(`[data-alert-dismissal="${dismissed}"]`)).toHaveCSS('display', 'none')
    // (A phone's one line shows only the first alert anyway.)
    if (!isMobile) {
      await expect(page.locator(`[data-alert-dismissal="${prerendered[1]}"]`)).not.toHaveCSS(
        'display',
        'none',
      )
    }
    // The rest are held, in their place, until stored alerts could be read.
    await expect(page.locator('.alerts-bar__inner')).toHaveCSS('visibility', 'hidden')
    expect((await page.locator('.alerts-bar').boundingBox())?.height).toBeGreaterThan(0)

    // With every one of them dismissed, they take no space at all; the bar stays for the
    // status line (no status is posted for today on the page as built), which is no alert
    // and cannot be dismissed.
    await page.evaluate(({ key, ids }) => sessionStorage.setItem(key, JSON.stringify(ids)), {
      key: DISMISSED_ALERTS_KEY,
      ids: prerendered,
    })
    await page.goto('/fields')
    await expect(page.locator('style#early-dismissals')).toHaveCount(1)
    for (const key of prerendered)
      await expect(page.locator(`[data-alert-dismissal="${key}"]`)).toHaveCSS('display', 'none')
    await expect(page.locator('.alerts-bar .alerts-bar__status-line')).toHaveCount(1)
    await expect(page.locator('.alerts-bar')).not.toHaveCSS('display', 'none')
  })
})

test.describe('keyboard focus', () => {
  test('should move focus to the new page’s heading after a move, not on the first load', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-page-interactive', '', {
      timeout: 15_000,
    })
    // The page the browser opened keeps the browser's focus.
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
    const schedule = page.getByRole('banner').getByRole('link', { name: 'Schedule', exact: true })
    await schedule.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/schedule$/)
    const heading = page.getByRole('heading', { level: 1, name: 'Schedules & Season Dates' })
    await expect(heading).toBeFocused()
    await expect(page).toHaveTitle(/^Schedules & Season Dates/)
    // The next Tab goes on from the top of the new page, not through the header again.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true)

    // A link with a target: the target gets the focus, not the heading.
    await page.locator('.schedule-lead').getByRole('link', { name: 'field status' }).click()
    await expect(page).toHaveURL(/\/fields#field-status$/)
    await expect(page.locator('#field-status')).toBeFocused()
  })

  test('should show the skip link as a labelled pill that leads to the content @phone', async ({
    page,
  }) => {
    await page.goto('/fields')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    const colours = await skip.evaluate((el) => {
      const style = getComputedStyle(el)
      return [style.color, style.backgroundColor]
    })
    const [text, pill] = colours.map((c) => (c.match(/[\d.]+/g) ?? []).map(Number).slice(0, 3))
    expect(contrast(text ?? [], pill ?? [])).toBeGreaterThanOrEqual(4.5)
    await page.keyboard.press('Enter')
    await expect(page.locator('main#main')).toBeFocused()
  })

  test('should draw a focus ring of at least 3:1 against what is behind it @phone', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/fields')
    await appStarted(page)
    await alertsSettled(page)
    // A key press first, as a keyboard user would: focus then shows as :focus-visible.
    await page.keyboard.press('Tab')
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Alumni' })
    await expect(footerLink).toBeAttached()
    const targets: [string, Locator][] = [
      ['skip link', page.locator('.skip-link')],
      [
        'header link',
        isMobile
          ? page.locator('.site-header__brand')
          : page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }),
      ],
      [
        'header menu button',
        isMobile
          ? page.locator('summary.site-menu__button')
          : page.getByRole('button', { name: 'Programs' }),
      ],
      ['hero button', page.locator('.page-hero .btn').first()],
      ['footer link', footerLink],
      ['alert dismiss button', bar(page).getByRole('button').first()],
    ]
    for (const [name, target] of targets) {
      const ring = await focusRing(page, target)
      expect(ring.focusVisible, `${name} shows :focus-visible`).toBe(true)
      expect(ring.style, name).toBe('solid')
      expect(ring.width, name).toBeGreaterThanOrEqual(2)
      expect(
        contrast(ring.outline, ring.background),
        `${name} ring contrast`,
      ).toBeGreaterThanOrEqual(3)
    }
    await page.goto('/')
    await page.keyboard.press('Tab')
    const heroButton = page.locator('main .btn').first()
    const ring = await focusRing(page, heroButton)
    expect(contrast(ring.outline, ring.background), 'home hero button').toBeGreaterThanOrEqual(3)
  })
})

test.describe('the layout container', { tag: PHONE_TAG }, () => {
  test.skip(({ isMobile }) => !isMobile, 'the side margin at risk is the phone’s')

  const PAGES = [
    '/news-and-updates/spring-registration-is-open',
    '/camps-events/summer-baseball-camp',
    '/weather-policy',
    '/contact',
    '/live-updates',
    '/no-such-page',
  ]

  for (const path of PAGES) {
    test(`should keep at least 16 px each side of the text on ${path}`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      const outside = await page.locator('main').evaluate((main) => {
        const width = document.documentElement.clientWidth
        const found: string[] = []
        for (const el of main.querySelectorAll('h1, h2, h3, p, li, dt, dd, label, figcaption')) {
          const box = el.getBoundingClientRect()
          if (box.width === 0 || box.height === 0) continue
          if (box.left < 15.5 || box.right > width - 15.5) {
            const text = (el.textContent ?? '').trim().slice(0, 40)
            found.push(`${el.tagName} "${text}" ${Math.round(box.left)}–${Math.round(box.right)}`)
          }
        }
        return found
      })
      expect(outside).toEqual([])
    })
  }
})
