import type { Locator, Page } from '@playwright/test'

import { openAsStaff, unique } from '../fixtures/admin-session.ts'
import {
  describeSharedContent,
  expect,
  PHONE_TAG,
  restoringContent,
  SEEDED_STAFF,
  test,
} from '../fixtures/test.ts'

// Issue 19 §8, on phones (390 px, and 320 px, the narrowest phone in use): a notice never lies
// over a control ("Welcome back!" over Publish, "Content Saved!" over "Post alert"), dialogs
// fit the screen, and the edit bar keeps to a compact height. Measured with bounding boxes.

const WIDTHS = [390, 320] as const
/** Most height the edit bar may take on a phone (it took about 170 px). */
const EDIT_BAR_BUDGET_PX = 64

type Box = { x: number; y: number; width: number; height: number }

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The shown notice (Radix Toast's list item inside the notifications region). */
const shownNotice = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ hasText: title })

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  if (!box) throw new Error('not laid out')
  return box
}

/** Every visible control on the screen (outside the notices) that lies under `notice`. */
async function controlsUnder(page: Page, notice: Locator): Promise<string[]> {
  const box = await boxOf(notice)
  return page.evaluate((noticeBox) => {
    const region = document.querySelector('.club-notices')
    const names: string[] = []
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [contenteditable="true"], [contenteditable="plaintext-only"]',
    )
    for (const control of controls) {
      if (region?.contains(control) || !control.checkVisibility({ visibilityProperty: true })) {
        continue
      }
      const r = control.getBoundingClientRect()
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight) continue
      if (
        r.left < noticeBox.x + noticeBox.width &&
        noticeBox.x < r.right &&
        r.top < noticeBox.y + noticeBox.height &&
        noticeBox.y < r.bottom
      ) {
        names.push(
          control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName,
        )
      }
    }
    return names
  }, box)
}

test.describe('phone editing overlays', { tag: PHONE_TAG }, () => {
  test.skip(({ isMobile }) => !isMobile, 'measures phone widths: runs in the phone project')

  for (const width of WIDTHS) {
    test(`should show "Welcome back!" over no control at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000)
      await page.setViewportSize({ width, height: 740 })
      await page.goto('/admin-login')
      // The login form arrives with the signed-in area's code (slow on a loaded machine).
      await expect(page.getByLabel('Email')).toBeVisible({ timeout: 30_000 })
      await page.getByLabel('Email').fill(SEEDED_STAFF.email)
      await page.getByLabel('Password').fill(SEEDED_STAFF.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(/\/admin\/home$/)
      const welcome = shownNotice(page, 'Welcome back!')
      await expect(welcome).toBeVisible()
      // Hovering holds a notice (Radix pauses its timer), so a slow machine measures it still up.
      await welcome.hover()
      // The notice moves off the controls on the frame after it appears.
      await expect.poll(() => controlsUnder(page, welcome)).toEqual([])
      // Beside Menu and Log out, the top bar shows who is signed in from the address's start,
      // not a cut "Signed in as" (whose words remain for screen readers).
      const who = page.locator('.admin-topbar__who')
      await expect(who).toHaveText(`Signed in as ${SEEDED_STAFF.email} (staff)`)
      const label = await who
        .locator('.admin-topbar__as')
        .evaluate((element) => element.getBoundingClientRect().width)
      expect(label).toBeLessThanOrEqual(1)
    })

    test(`should fit the link dialog and keep the edit bar compact at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 })
      await openAsStaff(page, '/admin/edit/')
      const bar = page.getByRole('region', { name: 'Edit bar' })
      await expect(bar).toBeVisible()
      expect((await boxOf(bar)).height).toBeLessThanOrEqual(EDIT_BAR_BUDGET_PX)
      // What does not fit its one row is one tap away.
      await bar.getByRole('button', { name: /^More/ }).click()
      await expect(bar.getByRole('link', { name: /View live page/ })).toBeVisible()
      await bar.getByRole('button', { name: /^More/ }).click()
      await expect(bar.getByRole('link', { name: /View live page/ })).toBeHidden()

      const editLink = page.getByRole('button', { name: /^Edit link:/ }).first()
      await editLink.scrollIntoViewIfNeeded()
      await editLink.click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      const box = await boxOf(dialog)
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(width)
      // Nothing inside is wider than the dialog (no sideways scrolling).
      const { scrollWidth, clientWidth } = await dialog.evaluate((element) => ({
        scrollWidth: element.scrollWidth,
        clientWidth: element.clientWidth,
      }))
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
    })
  }

  test('should keep a screen with unsaved changes within 320 px at 200% text', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 })
    await openAsStaff(page, '/admin/alerts')
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'))
    const sideways = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
    expect(await sideways()).toBe(0)
    // An edit brings the save bar, with Discard and the draft's state beside Save.
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click()
    await page.getByLabel('Title').first().fill(unique('Unsaved'))
    await expect(page.getByRole('button', { name: 'Discard changes' })).toBeVisible()
    // The state's line took the bar's whole width as its smallest: 5 px past the screen.
    expect(await sideways()).toBe(0)
  })
})

describeSharedContent('phone editing overlays after a save', { tag: PHONE_TAG }, () => {
  test.skip(({ isMobile }) => !isMobile, 'measures phone widths: runs in the phone project')

  for (const width of WIDTHS) {
    test(`should keep "Content Saved!" off the save bar at ${width} px`, async ({
      page,
      backend,
    }) => {
      await restoringContent(backend, ['newsPosts'], async () => {
        await page.setViewportSize({ width, height: 740 })
        await openAsStaff(page, '/admin/news/new')
        await page.getByRole('textbox', { name: 'Title', exact: true }).fill(unique('Overlay'))
        await page.getByRole('button', { name: 'Publish post' }).click()
        const saved = shownNotice(page, 'Content Saved!')
        await expect(saved).toBeVisible({ timeout: 15_000 })
        await saved.hover()
        const save = page.getByRole('button', { name: 'Save post' })
        await expect(save).toBeVisible()
        await expect.poll(async () => overlaps(await boxOf(saved), await boxOf(save))).toBe(false)
      })
    })

    test(`should keep "Content Saved!" off "Post alert" at ${width} px`, async ({
      page,
      backend,
    }) => {
      await restoringContent(backend, ['fieldsContent', 'alerts'], async () => {
        await page.setViewportSize({ width, height: 740 })
        await openAsStaff(page, '/admin/field-status')
        const field = page.getByRole('group', { name: /^Hollow Oak Park/ })
        await field.getByRole('radio', { name: 'Closed' }).check()
        await page
          .getByRole('textbox', { name: 'Reason for Hollow Oak Park' })
          .fill(unique('Rained out'))
        await page.getByRole('button', { name: 'Publish 1 change' }).click()
        const post = page
          .getByRole('region', { name: 'Post a matching status alert?' })
          .getByRole('button', { name: 'Post alert' })
        await expect(post).toBeVisible({ timeout: 15_000 })
        const saved = shownNotice(page, 'Content Saved!')
        await expect(saved).toBeVisible()
        await saved.hover()
        await expect.poll(async () => overlaps(await boxOf(saved), await boxOf(post))).toBe(false)
        await expect.poll(() => controlsUnder(page, saved)).toEqual([])
      })
    })
  }
})
