import { expect, test } from '@playwright/test'

import {
  callsTo,
  emitFromMain,
  installFakeMain,
  OFFLINE_SETTINGS as SETTINGS,
} from './fake-main.ts'
import { serveRenderer } from './renderer-server.ts'

/**
 * The desktop conventions the renderer takes part in, in Chromium under the app's headers, with
 * a fake main: the notice that the session is kept in memory only, the app's update (progress,
 * "Restart to update"), and the state the renderer reports for the native menu.
 */

let server: Awaited<ReturnType<typeof serveRenderer>>

test.beforeAll(async () => {
  server = await serveRenderer(SETTINGS)
})
test.afterAll(async () => {
  await server.close()
})
// Playwright requires the object pattern even when no fixture is used.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'The desktop app has one window size')
})

const IN_MEMORY = /Your session is kept in memory only/

test('should say on every screen that the session is kept in memory only without a keystore', async ({
  page,
}) => {
  await installFakeMain(page, {
    settings: SETTINGS,
    credentialStatus: { keystore: 'basic_text', persisting: false, needsConsent: false },
  })
  await page.goto(`${server.url}/admin-login`)
  await expect(page.getByRole('status').filter({ hasText: IN_MEMORY })).toBeVisible()
  await emitFromMain(page, 'menu:command', 'settings')
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: IN_MEMORY })).toBeVisible()
})

test('should not show the notice while the keystore saves the session', async ({ page }) => {
  await installFakeMain(page, { settings: SETTINGS })
  await page.goto(`${server.url}/admin-login`)
  await expect(page.getByRole('heading', { name: /sign in/i }).first()).toBeVisible()
  await expect
    .poll(async () => (await callsTo(page, 'credentials:status')).length)
    .toBeGreaterThanOrEqual(1)
  await expect(page.getByText(IN_MEMORY)).toHaveCount(0)
})

test('should show the update’s download and restart to install it', async ({ page }) => {
  await installFakeMain(page, { settings: SETTINGS })
  await page.goto(`${server.url}/admin-login`)
  await expect
    .poll(async () => (await callsTo(page, 'update:get-status')).length)
    .toBeGreaterThanOrEqual(1)
  const update = page.getByRole('region', { name: 'App update' })

  await emitFromMain(page, 'update:status', {
    state: 'downloading',
    version: '0.2.0',
    percent: 42.6,
  })
  await expect(update).toContainText('Downloading the update to 0.2.0… 42%')
  await expect(update.getByRole('progressbar', { name: 'Update download' })).toHaveAttribute(
    'value',
    '42',
  )

  await emitFromMain(page, 'update:status', { state: 'ready', version: '0.2.0' })
  await update.getByRole('button', { name: 'Restart to update' }).click()
  await expect.poll(async () => (await callsTo(page, 'update:install')).length).toBe(1)
})

test('should report Sign out off and nothing to undo while signed out', async ({ page }) => {
  await installFakeMain(page, { settings: SETTINGS })
  await page.goto(`${server.url}/admin-login`)
  await expect
    .poll(async () => (await callsTo(page, 'menu:state')).at(-1)?.args[0])
    .toEqual({ canUndo: false, canRedo: false, signedIn: false })
  // A text field has the focus: its own undo may have a step.
  await page.getByLabel('Email').fill('director@example.org')
  await expect
    .poll(async () => (await callsTo(page, 'menu:state')).at(-1)?.args[0])
    .toEqual({ canUndo: true, canRedo: true, signedIn: false })
})
