import type { Page } from '@playwright/test'

import { E2E_ALERTS } from '../fixtures/alerts.ts'
import { describeSharedContent, expect, PHONE_TAG, storeContent, test } from '../fixtures/test.ts'

const bar = (page: Page) => page.getByRole('region', { name: 'Alerts' })

/** Waits for the stored alerts; on a phone, then opens the list the bar keeps to one line. */
async function showAllAlerts(page: Page) {
  await expect(bar(page)).not.toHaveAttribute('data-held', { timeout: 15_000 })
  const toggle = bar(page).getByRole('button', { name: /more alerts?$|about this alert$/ })
  if (await toggle.isVisible()) await toggle.click()
}

describeSharedContent('alerts', { tag: PHONE_TAG }, () => {
  // Stored in the worker's own backend (see site-chrome.spec.ts).
  test.beforeEach(async ({ backend }) => {
    await storeContent(await backend.staff(), 'alerts', E2E_ALERTS)
  })

  test('should show only active alerts inside their window, pinned first', async ({ page }) => {
    await page.goto('/')
    const titles = bar(page).locator('li strong')
    await expect(titles).toHaveText(['Pinned alert', 'Plain active alert', 'Games are on tonight'])
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
    await expect(bar(page).getByText('Pinned alert', { exact: true })).toBeVisible()
    await expect(bar(page).getByText('Plain active alert', { exact: true })).toHaveCount(0)
  })

  test('should show a status alert again when its text changes after it was dismissed', async ({
    page,
    backend,
  }) => {
    await page.goto('/')
    await showAllAlerts(page)
    await bar(page).getByRole('button', { name: 'Dismiss alert: Games are on tonight' }).click()
    await expect(bar(page).getByText('Games are on tonight', { exact: true })).toHaveCount(0)

    // Staff turn the same alert (same id) into a cancellation.
    const cancelled = E2E_ALERTS.map((alert) =>
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
