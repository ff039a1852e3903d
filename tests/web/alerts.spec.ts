import type { Page } from '@playwright/test'

import type { Alert } from '@club/core/entities'

import { anonymousPage, openAsStaff, unique } from '../fixtures/admin-session.ts'
import { e2eAlerts } from '../fixtures/alerts.ts'
import { earlierToday } from '../fixtures/club-time.ts'
import { axeViolations, settled } from '../fixtures/axe.ts'
import {
  describeSharedContent,
  expect,
  PHONE_TAG,
  readContent,
  restoringContent,
  storeContent,
  test,
} from '../fixtures/test.ts'

const bar = (page: Page) => page.getByRole('region', { name: 'Alerts' })

/** Waits for the stored alerts; on a phone, then opens the list the bar keeps to one line. */
async function showAllAlerts(page: Page) {
  await expect(bar(page)).not.toHaveAttribute('data-held', { timeout: 15_000 })
  const toggle = bar(page).getByRole('button', { name: /more alerts?$|about this alert$/ })
  if (await toggle.isVisible()) await toggle.click()
}

describeSharedContent('alerts', { tag: PHONE_TAG }, () => {
  // Stored in the worker's own backend (see site-chrome.spec.ts), dated by the test's clock,
  // which the page runs on.
  test.beforeEach(async ({ backend, page, clubClock }) => {
    await clubClock.install(page)
    await storeContent(await backend.staff(), 'alerts', e2eAlerts(clubClock.now()))
  })

  test('should show only active alerts inside their window, today’s status first, then pinned', async ({
    page,
  }) => {
    await page.goto('/')
    const titles = bar(page).locator('li strong')
    // Pinning orders the general alerts; the status is the decision, first (issue #31).
    await expect(titles).toHaveText(['Games are on tonight', 'Pinned alert', 'Plain active alert'])
    await showAllAlerts(page)
    await expect(bar(page).getByRole('link', { name: 'Check the fields' })).toHaveAttribute(
      'href',
      '/fields#field-status',
    )
    // Status alerts are styled apart and carry their status as text.
    await expect(bar(page).locator('.alert--status')).toContainText('game on')
  })

  test('should show a targeted alert only on its page and in its editing view', async ({
    page,
  }) => {
    await page.goto('/fields')
    await showAllAlerts(page)
    await expect(bar(page).getByText('Fields-only alert', { exact: true })).toBeVisible()
    await page.goto('/about')
    await showAllAlerts(page)
    await expect(bar(page).getByText('Plain active alert', { exact: true })).toBeVisible()
    await expect(bar(page).getByText('Fields-only alert', { exact: true })).toHaveCount(0)

    await page.goto('/admin-login')
    await page.getByLabel('Email').fill('staff@club.local')
    await page.getByLabel('Password').fill('club-staff-2026')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/admin\/home$/)
    await page.goto('/admin/edit/fields')
    await showAllAlerts(page)
    await expect(bar(page).getByText('Fields-only alert', { exact: true })).toBeVisible()
  })

  test('should hide a dismissed alert for the rest of the session', async ({ page }) => {
    await page.goto('/')
    await showAllAlerts(page)
    await expect(bar(page).getByText('Plain active alert', { exact: true })).toBeVisible()
    await bar(page).getByRole('button', { name: 'Dismiss alert: Plain active alert' }).click()
    await expect(bar(page).getByText('Plain active alert', { exact: true })).toHaveCount(0)
    await page.reload()
    await showAllAlerts(page)
    await expect(bar(page).getByText('Pinned alert', { exact: true })).toBeVisible()
    await expect(bar(page).getByText('Plain active alert', { exact: true })).toHaveCount(0)
  })

  test('should show a status alert again when its text changes after it was dismissed', async ({
    page,
    backend,
    clubClock,
  }) => {
    await page.goto('/')
    await showAllAlerts(page)
    await bar(page).getByRole('button', { name: 'Dismiss alert: Games are on tonight' }).click()
    await expect(bar(page).getByText('Games are on tonight', { exact: true })).toHaveCount(0)

    // Staff turn the same alert (same id) into a cancellation.
    const cancelled = e2eAlerts(clubClock.now()).map((alert) =>
      alert.id === 'e2e-status'
        ? {
            ...alert,
            status_type: 'game-off',
            title: 'All games cancelled tonight',
            message: 'Every field is closed after the storm.',
          }
        : alert,
    )
    await storeContent(await backend.staff(), 'alerts', cancelled)

    // In the same tab: the saved change reaches the open page, and it shows.
    await showAllAlerts(page)
    await expect(bar(page).getByText('All games cancelled tonight', { exact: true })).toBeVisible({
      timeout: 15_000,
    })
    // After a reload in the same session too, before and after the app starts.
    await page.reload()
    await showAllAlerts(page)
    await expect(bar(page).getByText('All games cancelled tonight', { exact: true })).toBeVisible()
    // Dismissing the cancellation hides it; the earlier dismissal still hides nothing else.
    await bar(page)
      .getByRole('button', { name: 'Dismiss alert: All games cancelled tonight' })
      .click()
    await expect(bar(page).getByText('All games cancelled tonight', { exact: true })).toHaveCount(0)
    await expect(bar(page).getByText('Pinned alert', { exact: true })).toBeVisible()
  })

  test('should hide every alert at once with dismiss all', async ({ page }) => {
    await page.goto('/')
    await showAllAlerts(page)
    await expect(bar(page).getByText('Pinned alert', { exact: true })).toBeVisible()
    await bar(page).getByRole('button', { name: 'Dismiss all alerts' }).click()
    await expect(bar(page)).toHaveCount(0)
    await page.goto('/teams')
    await expect(bar(page)).toHaveCount(0)
  })

  test('should list game-day status first on live updates', async ({ page }) => {
    await page.goto('/live-updates')
    const main = page.locator('main')
    await expect(main.getByText('Games are on tonight', { exact: true }).first()).toBeVisible()
    const order = await main.evaluate((el) => {
      const text = el.textContent ?? ''
      return [text.indexOf('Games are on tonight'), text.indexOf('Plain active alert')]
    })
    expect(order[0]).toBeLessThan(order[1] as number)
    await expect(main.getByText('Inactive alert')).toHaveCount(0)
    await expect(main.getByText('Expired alert')).toHaveCount(0)
  })
})

describeSharedContent('a status for one team', { tag: PHONE_TAG }, () => {
  // Issue #31: a volunteer cancels tonight for Big Train 12U only, where an older pinned
  // "games on" for the team and one for every page are up.
  const TWELVE = '/programs/big-train/12u'
  const status = (now: number, id: string, title: string, more: Partial<Alert> = {}): Alert => ({
    ...(e2eAlerts(now).find((alert) => alert.id === 'e2e-status') as Alert),
    id,
    title,
    startDate: earlierToday(now),
    isPinned: true,
    ...more,
  })

  test('should let a volunteer cancel tonight for one team, shown first there and nowhere else', async ({
    page,
    browser,
    baseURL,
    backend,
    isMobile,
    clubClock,
  }) => {
    test.setTimeout(90_000)
    // The staff page and the visitor run on the test's clock: the older statuses are today's.
    await clubClock.install(page)
    const now = clubClock.now()
    const pinnedNews = e2eAlerts(now).find((alert) => alert.id === 'e2e-pinned') as Alert
    const teamOn = status(now, 'e2e-12u-on', 'Big Train 12U games are on', { targetPage: TWELVE })
    const siteOn = status(now, 'e2e-site-on', 'Games are on tonight')
    await restoringContent(backend, ['alerts'], async () => {
      await storeContent(await backend.staff(), 'alerts', [pinnedNews, siteOn, teamOn])
      const cancelled = unique('Big Train 12U: tonight’s games are cancelled')

      // From the admin menu to Alerts: the screen opens at its top.
      await openAsStaff(page, '/admin/home')
      if (isMobile) await page.getByRole('button', { name: 'Menu' }).click()
      await page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: 'Alerts', exact: true })
        .click()
      await expect(page.getByRole('heading', { level: 2, name: 'Alerts' })).toBeVisible()
      expect(await page.evaluate(() => window.scrollY)).toBe(0)

      await page.getByRole('button', { name: 'Add status alert' }).click()
      const form = page.getByRole('group', { name: 'Edit Untitled alert' })
      await form.getByRole('textbox', { name: 'Title' }).fill(cancelled)
      const edited = page.getByRole('group', { name: `Edit ${cancelled}` })
      await edited.getByRole('combobox', { name: 'Status type' }).selectOption('game-off')
      // "Show on" by keyboard alone: an arrow to "Only on chosen pages", Tab to the search,
      // type, Tab to the first team found, Space.
      const showOn = edited.getByRole('group', { name: 'Show on' })
      await showOn.getByRole('radio', { name: 'Every page' }).focus()
      await page.keyboard.press('ArrowDown')
      await expect(showOn.getByRole('radio', { name: 'Only on chosen pages' })).toBeChecked()
      await page.keyboard.press('Tab')
      await expect(showOn.getByRole('searchbox', { name: 'Find a page' })).toBeFocused()
      await page.keyboard.type('12U')
      const twelveU = showOn
        .getByRole('group', { name: 'Teams' })
        .getByRole('checkbox', { name: /^Big Train 12U/ })
      await page.keyboard.press('Tab')
      await expect(twelveU).toBeFocused()
      await page.keyboard.press('Space')
      await expect(twelveU).toBeChecked()
      await expect(showOn.getByRole('status')).toHaveText('Shows on 1 page: Big Train 12U.')

      // The save bar keeps to one line on a phone: it took 203 of 844 px, wrapped in three;
      // two lines of its 44 px buttons would take 112.
      const saveBar = page.locator('.editor-save-bar')
      await expect(saveBar).toContainText('Unsaved changes.')
      const barHeight = (await saveBar.boundingBox())?.height ?? Infinity
      if (isMobile) expect(barHeight).toBeLessThanOrEqual(90)
      await settled(page)
      await page.screenshot({ path: test.info().outputPath('show-on.png') })
      // From the top, as admin-axe.spec.ts judges the screen: axe's target-size counts a
      // control that a sticky bar happens to cover at the scroll position as too small.
      await page.evaluate(() => window.scrollTo(0, 0))
      expect(await axeViolations(page, '.alerts-editor')).toEqual([])

      await page.getByRole('button', { name: 'Save alerts' }).click()
      const ask = page.getByRole('dialog', {
        name: 'Retire the older status “Big Train 12U games are on” for Big Train 12U?',
      })
      await ask.getByRole('button', { name: 'Retire and save' }).click()
      await expect(ask).toHaveCount(0)
      await expect
        .poll(async () => {
          const stored = await readContent(backend.anon, 'alerts')
          return stored.map((alert) => [
            alert.title,
            alert.isActive,
            alert.targetPage ?? 'every page',
          ])
        })
        .toEqual([
          [pinnedNews.title, true, 'every page'],
          [siteOn.title, true, 'every page'],
          // Retired, not deleted: it stays in the list (and in the history).
          [teamOn.title, false, TWELVE],
          [cancelled, true, TWELVE],
        ])

      const visitor = await anonymousPage(browser, baseURL)
      try {
        await clubClock.install(visitor.page)
        // On the team's page, at either of its addresses: the cancellation first, and neither
        // older "games on".
        for (const path of [TWELVE, '/team/big-train-12u']) {
          await visitor.page.goto(path)
          await showAllAlerts(visitor.page)
          await expect(bar(visitor.page).locator('li strong').first()).toHaveText(cancelled)
          await expect(bar(visitor.page)).toContainText(pinnedNews.title)
          await expect(bar(visitor.page)).not.toContainText(teamOn.title)
          await expect(bar(visitor.page)).not.toContainText(siteOn.title)
        }
        // Another team's page: the club's "games on", and no cancellation.
        await visitor.page.goto('/programs/big-train/10u')
        await showAllAlerts(visitor.page)
        await expect(bar(visitor.page).getByText(siteOn.title, { exact: true })).toBeVisible()
        await expect(bar(visitor.page)).not.toContainText(cancelled)
      } finally {
        await visitor.close()
      }
    })
  })
})
