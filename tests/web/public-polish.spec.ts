import { randomUUID } from 'node:crypto'

import type { Locator, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { DEFAULT_CONTENT } from '@club/core/defaults'

import { waitForEmailTo } from '../fixtures/mail.ts'
import { expect, test } from '../fixtures/test.ts'

/** Phones get the card roster; the breakpoint is the roster's own width (46rem). */
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) < 700

/** Saves a screenshot next to the test's other output, for a person to look at. */
async function keep(target: Page | Locator, name: string) {
  await target.screenshot({ path: test.info().outputPath(`${name}.png`) })
}

/** Waits until React has hydrated `locator`'s element (its event handlers are attached). */
async function hydrated(locator: Locator) {
  await expect
    .poll(
      () =>
        locator.evaluate((element) =>
          Object.keys(element).some((key) => key.startsWith('__reactProps')),
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
}

test.describe('rosters', () => {
  test('should show every player field: cards on a phone, a table on a desktop @phone', async ({
    page,
  }) => {
    // A 14U team: from 13U every field shows (younger teams keep heights and weights private).
    await page.goto('/programs/big-train/14u')
    const table = page.getByRole('table', { name: 'Big Train 14U roster' })
    await table.scrollIntoViewIfNeeded()
    const first = table.locator('tbody tr').first()
    await first.scrollIntoViewIfNeeded()
    const cells = first.locator('td, th')
    await expect(cells).toHaveCount(9)
    for (const cell of await cells.all()) {
      if (await cell.locator('img').count()) await expect(cell.locator('img')).toBeVisible()
      else await expect(cell).toBeVisible()
    }
    const display = await first.evaluate((row) => getComputedStyle(row).display)
    const labels = await first
      .locator('td[data-label]')
      .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, '::before').content))
    const viewport = page.viewportSize()?.width ?? 0
    const box = await first.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport)

    if (isNarrow(page)) {
      expect(display).toBe('grid')
      // Each value carries its label on the card (the column headings are for screen readers).
      expect(labels.map((label) => label.replace(/^"|"(\s*\/.*)?$/g, ''))).toEqual([
        'Position',
        'Bats/Throws',
        'Grad year',
        'High school',
        'Height',
        'Weight',
      ])
      expect((await table.locator('thead').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1)
    } else {
      expect(display).toBe('table-row')
      expect(labels.every((label) => label === 'none' || label === 'normal')).toBe(true)
      await expect(table.getByRole('columnheader', { name: 'Bats/Throws' })).toBeVisible()
    }
    // Nothing scrolls sideways: no columns hidden behind a scroll box.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
    await page.evaluate(() => window.scrollBy(0, -160))
    await keep(page, 'roster')
  })

  test("should keep a 10U player's height and weight private, and list a DMV prospect at 150–189 lbs", async ({
    page,
  }) => {
    await page.goto('/programs/big-train/10u')
    const tenU = page.getByRole('table', { name: 'Big Train 10U roster' })
    await expect(tenU.locator('tbody tr')).toHaveCount(15)
    // Under 13U the club's default hides heights and weights.
    await expect(tenU.getByRole('columnheader', { name: 'Weight' })).toHaveCount(0)
    await expect(tenU.locator('td[data-label="Weight"], td[data-label="Height"]')).toHaveCount(0)
    await page.goto('/dmv/2027')
    const prospects = page.getByRole('table', { name: 'DMV Prospects Class of 2027 roster' })
    const prospectWeights = await prospects.locator('td[data-label="Weight"]').allTextContents()
    expect(prospectWeights).toHaveLength(15)
    for (const weight of prospectWeights) {
      expect(parseInt(weight, 10)).toBeGreaterThanOrEqual(150)
      expect(parseInt(weight, 10)).toBeLessThanOrEqual(189)
    }
  })
})

test.describe('image sliders', () => {
  const fieldSlides = DEFAULT_CONTENT.fieldsContent.sliderImages

  /** Drags one finger sideways across `target` through the browser's touch input. */
  async function swipe(page: Page, target: Locator, dx: number) {
    const box = await target.boundingBox()
    if (!box) throw new Error('nothing to swipe')
    const y = box.y + box.height / 2
    const x = box.x + box.width / 2 - dx / 2
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] })
    for (let step = 1; step <= 8; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + (dx * step) / 8, y }],
      })
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await cdp.detach()
  }

  test('should change the slide on a swipe and keep its buttons working @phone', async ({
    page,
  }) => {
    await page.goto('/fields')
    const slider = page.getByRole('region', { name: 'Field photos' })
    const slides = slider.locator('.image-slider__slides')
    const caption = slider.locator('.image-slider__slide:not([hidden]) figcaption')
    // Hydrated first: until then the server's copy of the slider may still be replaced.
    await hydrated(slides)
    await slides.scrollIntoViewIfNeeded()
    await expect(caption).toHaveText(fieldSlides[0]?.caption ?? '')

    await swipe(page, slides, -160)
    await expect(caption).toHaveText(fieldSlides[1]?.caption ?? '')
    await expect(slider.getByText(`Slide 2 of ${fieldSlides.length}`)).toBeAttached()
    // A short drag is not a swipe.
    await swipe(page, slides, -30)
    await expect(caption).toHaveText(fieldSlides[1]?.caption ?? '')
    await swipe(page, slides, 160)
    await expect(caption).toHaveText(fieldSlides[0]?.caption ?? '')

    await slider.getByRole('button', { name: 'Next slide' }).click()
    await expect(caption).toHaveText(fieldSlides[1]?.caption ?? '')
    await slider.getByRole('button', { name: 'Previous slide' }).focus()
    await page.keyboard.press('Enter')
    await expect(caption).toHaveText(fieldSlides[0]?.caption ?? '')
    await keep(slider, 'fields-slider')
  })

  test('should slide the new image in, unless the visitor asks for reduced motion', async ({
    page,
  }) => {
    const animationOfShownSlide = async (slider: Locator) => {
      await slider.getByRole('button', { name: 'Next slide' }).click()
      return slider
        .locator('.image-slider__slide:not([hidden])')
        .evaluate((slide) => getComputedStyle(slide).animationName)
    }
    await page.goto('/fields')
    const slider = page.getByRole('region', { name: 'Field photos' })
    await hydrated(slider.getByRole('button', { name: 'Next slide' }))
    expect(await animationOfShownSlide(slider)).toBe('slide-in-from-right')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await animationOfShownSlide(slider)).toBe('none')
  })

  test('should caption the About slides from content, each with its own image', async ({
    page,
  }) => {
    const about = DEFAULT_CONTENT.aboutContent.slider.images
    await page.goto('/about')
    const slider = page.getByRole('region', { name: 'Club photos' })
    const slide = slider.locator('.image-slider__slide:not([hidden])')
    await hydrated(slider.getByRole('button', { name: 'Next slide' }))
    await slider.scrollIntoViewIfNeeded()
    const seen: string[] = []
    for (const image of about) {
      await expect(slide.locator('figcaption')).toHaveText(image.caption ?? '')
      await expect(slide.getByRole('img', { name: image.alt })).toBeVisible()
      seen.push((await slide.locator('img').getAttribute('src')) ?? '')
      await slider.getByRole('button', { name: 'Next slide' }).click()
    }
    expect(new Set(seen).size).toBe(about.length)
    await keep(slider, 'about-slider')
  })
})

test.describe('live updates', () => {
  // The prerendered page, as it first paints (other suites store their own alerts).
  test.use({ javaScriptEnabled: false })

  test('should show when each update was posted, newest first', async ({ page }) => {
    await page.goto('/live-updates')
    const latest = page.getByRole('region', { name: 'Latest updates' })
    await expect(latest).toBeVisible()
    // The sample game-day status was November 20, 2026's: a status is about its day, so it
    // is not shown as today's.
    await expect(page.getByRole('region', { name: 'Game-day status' })).toHaveCount(0)
    await expect(page.getByText('Games are on as scheduled')).toHaveCount(0)
    const items = latest.getByRole('listitem')
    await expect(items).toHaveCount(4)
    await expect(latest.locator('.live-update__posted')).toHaveCount(4)
    const times = await latest
      .locator('.live-update__posted time')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('datetime') ?? ''))
    expect(times.length).toBe(4)
    expect(times.map(Date.parse)).toEqual([...times.map(Date.parse)].sort((a, b) => b - a))
    await expect(items.first()).toContainText('Larkspur Field: check back')
    await page.screenshot({ path: test.info().outputPath('live-updates.png'), fullPage: true })
  })
})

test.describe('staff sign-in screen', () => {
  test('should have its own title and a way back to the site @phone', async ({ page }) => {
    await page.goto('/admin-login')
    // The signed-in area's code loads on demand: slow on a busy machine.
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page).toHaveTitle(/^Staff sign in \| /)
    await keep(page, 'login')
    await page.getByRole('link', { name: 'Back to the website' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  })

  test('should reset a forgotten password through the emailed link, once', async ({
    page,
    backend,
    stack,
  }) => {
    // A fresh account: the seeded staff login stays as other suites expect it.
    const email = `reset-${randomUUID()}@example.test`
    const signUp = await createClient(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    }).auth.signUp({ email, password: `old-${randomUUID()}` })
    expect(signUp.error).toBeNull()

    await page.goto('/admin-login')
    await page.getByRole('button', { name: 'Forgot your password?' }).click({ timeout: 20_000 })
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeFocused()
    await page.getByLabel('Email').fill(email)
    await keep(page, 'forgot')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await expect(page.getByText(`If ${email} belongs to an account`)).toBeVisible()
    await keep(page, 'forgot-sent')

    // The email itself, as the stack's mail catcher received it over SMTP.
    const link = await mailedLink(stack, email)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
    await expect(page).toHaveTitle(/^Set a new password \| /)
    await expect(page).toHaveURL(/\/admin-login#?$/) // the tokens are gone from the address
    await page.getByLabel('New password', { exact: true }).fill('short')
    await page.getByLabel('Confirm new password').fill('short')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'at least 8' })).toBeVisible()
    const password = `new-${randomUUID()}`
    await page.getByLabel('New password', { exact: true }).fill(password)
    await page.getByLabel('Confirm new password').fill(password)
    await keep(page, 'reset')
    await page.getByRole('button', { name: 'Save new password' }).click()
    await expect(page).toHaveURL(/\/admin\/home$/)
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()

    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/admin-login$/)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin\/home$/)

    // The link worked once; opened again, it says so and offers a new one.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/admin-login$/)
    await page.goto(link)
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('expired or was already used')
    await expect(page).toHaveURL(/\/admin-login$/)
    await keep(page, 'reset-expired')
  })
})

/** The link of the password reset email the stack's mail catcher received for `email`. */
async function mailedLink(
  stack: { mailUrl: string; siteUrl: string },
  email: string,
): Promise<string> {
  const [message] = await waitForEmailTo(stack.mailUrl, email)
  expect(message?.subject).toBe('Reset your password')
  const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(message?.text ?? '')?.[1]
  if (!link) throw new Error(`no reset link in the email to ${email}`)
  // The link lands back on this site's sign-in page.
  expect(new URL(link).searchParams.get('redirect_to')).toBe(
    new URL('/admin-login', stack.siteUrl).href,
  )
  return link
}
