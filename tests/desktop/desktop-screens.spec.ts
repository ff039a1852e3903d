import { expect, test } from '@playwright/test'

import type {
  UploadJobView,
  UploadProgressView,
  UploadReportView,
} from '../../apps/desktop/src/shared/ipc-contract.ts'
import {
  callsTo,
  DROPPED_JOB,
  emitFromMain,
  installFakeMain,
  JOB,
  OFFLINE_SETTINGS as SETTINGS,
} from './fake-main.ts'
import type { FakeWindow } from './fake-main.ts'
import { serveRenderer } from './renderer-server.ts'

/**
 * The desktop app's own screens (first-run settings, upload progress and report) in Chromium,
 * talking to a fake main through the same bridge contract the preload exposes.
 */

const report = (overrides: Partial<UploadReportView> = {}): UploadReportView => ({
  jobId: JOB,
  dryRun: false,
  cancelled: false,
  uploaded: 3,
  wouldUpload: 0,
  duplicates: 1,
  notStarted: 0,
  rejected: [{ relativePath: 'raw/IMG_0001.heic', reason: 'HEIC photos are not supported' }],
  failed: [{ relativePath: 'IMG_0002.jpg', reason: 'HTTP 503 after 3 tries' }],
  bytesSent: 3 * 1_048_576,
  durationMs: 4000,
  libraryError: null,
  ...overrides,
})

/** The job of the picked folder, running, as main's registry sends it. */
const running = (progress: UploadProgressView | null): UploadJobView => ({
  jobId: JOB,
  folderName: 'opening-day',
  fileCount: null,
  state: 'running',
  dryRun: false,
  progress,
  paused: false,
  report: null,
  error: null,
})

const PROGRESS: UploadProgressView = {
  jobId: JOB,
  phase: 'uploading',
  filesDone: 2,
  filesTotal: 5,
  bytesDone: 2 * 1_048_576,
  bytesTotal: 5 * 1_048_576,
  etaSeconds: 12,
}
const PROGRESS_TEXT = 'uploading: 2 of 5 files, 2.0 MiB of 5.0 MiB, about 12 s left'

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

test.describe('first-run settings', () => {
  test('should refuse a service-role key without saving it', async ({ page }) => {
    await installFakeMain(page, { settings: null })
    await page.goto(`${server.url}/admin/home`)
    const claims = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url')
    await page.getByLabel('Anon key').fill(`eyJhbGciOiJIUzI1NiJ9.${claims}.signature`)
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page.getByRole('alert')).toContainText('service-role')
    expect(await callsTo(page, 'settings:save')).toEqual([])
  })

  test('should save the local defaults and open the login page', async ({ page }) => {
    await installFakeMain(page, { settings: null })
    await page.goto(`${server.url}/admin/home`)
    await expect(page.getByLabel('Backend address')).toHaveValue(SETTINGS.backendUrl)
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page).toHaveURL(/\/admin-login$/)
    await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible()
  })
})

test.describe('upload from a folder', () => {
  test.beforeEach(async ({ page }) => {
    await installFakeMain(page, { settings: SETTINGS })
    await page.goto(`${server.url}/desktop/upload`)
    await page.getByRole('button', { name: 'Choose a folder…' }).click()
    await expect(page.getByText('Folder: opening-day')).toBeVisible()
  })

  test('should show progress in files, bytes and time left', async ({ page }) => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await emitFromMain(page, 'upload:job', running(PROGRESS))
    await expect(page.getByLabel('Upload progress')).toContainText(PROGRESS_TEXT)
  })

  test('should find the run again after a reload and after leaving the screen', async ({
    page,
  }) => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await emitFromMain(page, 'upload:job', running(PROGRESS))
    await expect(page.getByLabel('Upload progress')).toContainText(PROGRESS_TEXT)
    await page.reload()
    await expect(page.getByLabel('Upload progress')).toContainText(PROGRESS_TEXT)
    await page.getByRole('link', { name: 'Back to the admin home' }).click()
    await expect(page).toHaveURL(/\/admin-login$/)
    await emitFromMain(page, 'menu:command', 'upload-photos')
    await expect(page.getByLabel('Upload progress')).toContainText(PROGRESS_TEXT)
    await page.getByRole('button', { name: 'Cancel' }).click()
    expect((await callsTo(page, 'upload:cancel')).map((call) => call.args)).toEqual([[JOB]])
    await expect(page.getByRole('button', { name: 'Cancelling…' })).toBeDisabled()
  })

  test('should report the outcome and retry only the failed files', async ({ page }) => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.evaluate(
      (view) => (window as unknown as FakeWindow).fakeMain.finishUpload(view),
      report(),
    )
    await expect(page.getByRole('list', { name: 'Failed files' })).toContainText(
      'IMG_0002.jpg: HTTP 503 after 3 tries',
    )
    await page.getByRole('button', { name: 'Retry failed' }).click()
    const starts = await callsTo(page, 'upload:start')
    expect(starts.map((call) => call.args[0])).toEqual([
      { jobId: JOB, dryRun: false, retryFailed: false },
      { jobId: JOB, dryRun: false, retryFailed: true },
    ])
  })

  test('should cancel a run under way', async ({ page }) => {
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    expect((await callsTo(page, 'upload:cancel')).map((call) => call.args)).toEqual([[JOB]])
    await page.evaluate(
      (view) => (window as unknown as FakeWindow).fakeMain.finishUpload(view),
      report({ cancelled: true, failed: [], notStarted: 4 }),
    )
    await expect(page.getByRole('heading', { name: 'Upload cancelled' })).toBeVisible()
  })

  test('should run a dry run', async ({ page }) => {
    await page.getByRole('button', { name: 'Dry run' }).click()
    await page.evaluate(
      (view) => (window as unknown as FakeWindow).fakeMain.finishUpload(view),
      report({ dryRun: true, uploaded: 0, wouldUpload: 4, failed: [] }),
    )
    await expect(
      page.getByRole('heading', { name: 'Dry run finished: nothing was uploaded' }),
    ).toBeVisible()
  })
})

test('should start a job for files dropped on the window and open the upload screen', async ({
  page,
}) => {
  await installFakeMain(page, { settings: SETTINGS })
  await page.goto(`${server.url}/admin/home`)
  await expect(page).toHaveURL(/\/admin-login$/)
  await page.evaluate(() => {
    const data = new DataTransfer()
    data.items.add(new File(['a'], 'IMG_1.jpg', { type: 'image/jpeg' }))
    data.items.add(new File(['b'], 'IMG_2.jpg', { type: 'image/jpeg' }))
    const over = new DragEvent('dragover', { dataTransfer: data, cancelable: true })
    window.dispatchEvent(over)
    // The window takes the drop (else Chromium would open the file).
    if (!over.defaultPrevented) throw new Error('dragover was not taken')
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, cancelable: true }))
  })
  await expect(page).toHaveURL(/\/desktop\/upload$/)
  await expect(
    page.getByRole('heading', { name: 'Folder: Desktop (2 dropped files)' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  const starts = await callsTo(page, 'upload:start')
  expect(starts.map((call) => call.args[0])).toEqual([
    { jobId: DROPPED_JOB, dryRun: false, retryFailed: false },
  ])
})

test('should open the upload screen from the native menu', async ({ page }) => {
  await installFakeMain(page, { settings: SETTINGS })
  await page.goto(`${server.url}/admin/home`)
  await expect(page).toHaveURL(/\/admin-login$/)
  await emitFromMain(page, 'menu:command', 'upload-photos')
  await expect(page.getByRole('heading', { name: 'Upload photos' })).toBeVisible()
})
