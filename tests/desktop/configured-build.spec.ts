import { expect, test } from '@playwright/test'

import type { UploadJobView } from '../../apps/desktop/src/shared/ipc-contract.ts'
import { emitFromMain, installFakeMain, OFFLINE_SETTINGS } from './fake-main.ts'
import { serveRenderer } from './renderer-server.ts'

/**
 * A club's build (issue 37): the installer names the club's project, so the first launch goes
 * straight to sign-in; About shows that project read-only; Help lists the shortcuts; File →
 * Open Recent and club-admin:// links open their screen; and a development build's first-run
 * form shows main's project check in the director's words. The built renderer in Chromium,
 * served with the app's real CSP, behind a fake main speaking the bridge contract.
 */

/** The project the build names: a backend that does not answer, as the other suites use. */
const CLUB = { ...OFFLINE_SETTINGS, siteUrl: 'https://www.club.example' }

let server: Awaited<ReturnType<typeof serveRenderer>>

test.beforeAll(async () => {
  server = await serveRenderer(CLUB)
})
test.afterAll(async () => {
  await server.close()
})
// Playwright requires the object pattern even when no fixture is used.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'The desktop app has one window size')
})

test('a configured build should open on sign-in at first launch, with no welcome form', async ({
  page,
}) => {
  await installFakeMain(page, { settings: null, built: CLUB })
  await page.goto(`${server.url}/admin/home`)
  await expect(page).toHaveURL(/\/admin-login$/)
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Welcome' })).toHaveCount(0)
})

test('About should show the project the build names, read-only', async ({ page }) => {
  await installFakeMain(page, { settings: null, built: CLUB })
  await page.goto(`${server.url}/admin-login`)
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  await emitFromMain(page, 'menu:command', 'about')
  await expect(page.getByRole('heading', { name: 'About Club Admin' })).toBeVisible()
  const facts = page.getByRole('definition')
  await expect(facts).toHaveText([CLUB.backendUrl, CLUB.siteUrl])
  await expect(page.getByText('Club project (set when this app was built)')).toBeVisible()
  await expect(page.getByText('Version 0.1.0')).toBeVisible()
  await expect(page.getByText('Technical contact: webmaster@club.example')).toBeVisible()
  await expect(page.getByRole('textbox')).toHaveCount(0)
})

test('Help → Keyboard shortcuts should list this platform’s keys', async ({ page }) => {
  await installFakeMain(page, { settings: CLUB, info: { platform: 'win32' } })
  await page.goto(`${server.url}/admin-login`)
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  await emitFromMain(page, 'menu:command', 'shortcuts')
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible()
  const row = (action: string) => page.getByRole('row', { name: new RegExp(`^${action} `) })
  await expect(row('Upload photos from folder')).toContainText('Ctrl+Shift+U')
  await expect(row('Redo')).toContainText('Ctrl+Y')
  await expect(row('Quit')).toContainText('Alt+F4')
})

test('File → Open Recent should show the folder’s job on the upload screen', async ({ page }) => {
  await installFakeMain(page, { settings: CLUB })
  await page.goto(`${server.url}/admin-login`)
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  // What main does for Open Recent: the folder's job, then the upload screen.
  const job: UploadJobView = {
    jobId: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
    folderName: 'finals-2026',
    fileCount: null,
    state: 'ready',
    dryRun: false,
    progress: null,
    paused: false,
    report: null,
    error: null,
  }
  await emitFromMain(page, 'upload:job', job)
  await emitFromMain(page, 'menu:command', 'upload-photos')
  await expect(page).toHaveURL(/\/desktop\/upload$/)
  await expect(page.getByText('Folder: finals-2026')).toBeVisible()
})

test('a club-admin:// link should open its screen', async ({ page }) => {
  await installFakeMain(page, { settings: CLUB })
  await page.goto(`${server.url}/admin-login`)
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  await emitFromMain(page, 'app:open-route', '/desktop/shortcuts')
  await expect(page).toHaveURL(/\/desktop\/shortcuts$/)
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible()
})

test('the first-run form should show main’s project check in plain words and stay', async ({
  page,
}) => {
  const refusal = `Nothing answers at ${OFFLINE_SETTINGS.backendUrl}. Check the backend address (and that this computer is online).`
  await installFakeMain(page, { settings: null, saveRefusal: refusal })
  await page.goto(`${server.url}/admin/home`)
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByRole('alert')).toHaveText(refusal)
  await expect(page).toHaveURL(/\/admin\/home$/)
  await expect(page.getByLabel('Backend address')).toHaveValue(OFFLINE_SETTINGS.backendUrl)
})
