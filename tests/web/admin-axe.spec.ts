import type { Page } from '@playwright/test'

import { signIn } from '../fixtures/admin-session.ts'
import { axeViolations, settled } from '../fixtures/axe.ts'
import { expect, PHONE_TAG, test } from '../fixtures/test.ts'

// axe-core (WCAG 2.2 A and AA) on public pages in edit mode and on screens with a form, a
// dialog or the sidebar open, signed in as staff, in both projects: 1280 px (desktop) and 390 px
// (phone). Every admin screen as it opens is judged in every-page.spec.ts.

/** Public pages in edit mode: home, About, Facilities, a program page and a team page. */
const EDIT_MODE = [
  '/admin/edit',
  '/admin/edit/about',
  '/admin/edit/fields',
  '/admin/edit/programs/big-train',
  '/admin/edit/programs/big-train/12u',
]

/** Opens `path` signed in, and waits until it settles (see below). */
async function open(page: Page, path: string) {
  await signIn(page, undefined, path)
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached({ timeout: 20_000 })
  // Judge the screen as it settles: the background read answered (its documents rendered),
  // time-sensitive parts released, no transition running.
  await page.waitForLoadState('networkidle')
  await settled(page)
}

test.describe('admin accessibility (axe-core, WCAG 2.2 A and AA)', { tag: PHONE_TAG }, () => {
  // Each admin screen as it opens: every-page.spec.ts (axe at 1280 and 390 px).

  // Public pages in edit mode, in the worker's warm browser context signed in once (see
  // warmPage): they save nothing. The tests that open forms below get a context of their own.
  for (const path of EDIT_MODE) {
    test(`should find no violations in edit mode on ${path}`, async ({ warmPage: page }) => {
      await open(page, path)
      await expect(page.getByRole('region', { name: 'Edit bar' })).toBeVisible()
      await expect(page.locator('[contenteditable]').first()).toBeAttached()
      expect(await axeViolations(page)).toEqual([])
    })
  }

  test('should find no violations with the image picker open in edit mode', async ({ page }) => {
    await open(page, '/admin/edit/programs/big-train')
    await page.getByRole('button', { name: /^Change image: big-train hero image/ }).click()
    await expect(page.getByRole('dialog', { name: 'Choose an image' })).toBeVisible()
    await settled(page)
    expect(await axeViolations(page)).toEqual([])
  })

  test('should find no violations with a new alert’s form open', async ({ page }) => {
    await open(page, '/admin/alerts')
    await page.getByRole('button', { name: 'Add general alert' }).click()
    await expect(page.getByRole('group', { name: 'Edit Untitled alert' })).toBeVisible()
    // Saving with no title marks the field invalid: the error state is judged too.
    await page.getByRole('button', { name: 'Save alerts' }).click()
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible()
    // From the top of the screen: axe's target-size counts a button that the sticky top bar
    // happens to cover at the current scroll position as too small (on a phone, after the
    // save scrolled to the invalid field, an alert's Edit button sat half under it).
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(await axeViolations(page)).toEqual([])
  })
})

// At a width of its own, so once: at the phone size it sets the same 1023 px, and the admin's
// layout depends on the width alone (no pointer or hover media queries, no script that asks
// for touch), so a second run there judged the same screen.
test.describe('admin accessibility below 1024 px (axe-core, WCAG 2.2 A and AA)', () => {
  test('should find no violations with the sidebar open over the screen below 1024 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1023, height: 800 })
    await open(page, '/admin/home')
    await page.getByRole('button', { name: 'Menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible()
    await settled(page)
    expect(await axeViolations(page)).toEqual([])
  })
})
