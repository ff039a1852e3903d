import { expect, test } from '@playwright/test'
import type { Page } from '@playwright/test'

import type {
  ChannelName,
  IpcEvents,
  UploadReportView,
} from '../../apps/admin/src/shared/ipc-contract.ts'
import { serveRenderer } from './renderer-server.ts'

/**
 * The desktop app's own screens (first-run settings, upload progress and report) in Chromium,
 * talking to a fake main through the same bridge contract the preload exposes.
 */

const JOB = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e'
const SETTINGS = {
  backendUrl: 'http://127.0.0.1:9',
  anonKey:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
  siteUrl: 'http://127.0.0.1:5173',
}

type Call = { channel: ChannelName; args: unknown[] }
type FakeWindow = Window & {
  fakeMain: {
    calls: Call[]
    emit<E extends keyof IpcEvents>(event: E, payload: IpcEvents[E]): void
    finishUpload(report: UploadReportView): void
  }
}

/**
 * Puts a fake `window.clubDesktop` in place before the app's code runs. Its settings live in
 * sessionStorage, so that they survive the reload after the first-run screen, as main's do.
 */
async function installFakeMain(page: Page, options: { settings: typeof SETTINGS | null }) {
  await page.addInitScript(
    ({ initial, defaults, jobId }) => {
      if (initial && !sessionStorage.getItem('fake-settings')) {
        sessionStorage.setItem('fake-settings', JSON.stringify(initial))
      }
      const listeners = new Map<string, Set<(payload: unknown) => void>>()
      const calls: { channel: string; args: unknown[] }[] = []
      let finish: (report: unknown) => void = () => {}
      const handlers: Record<string, (...args: unknown[]) => unknown> = {
        'settings:get': () => ({
          settings: JSON.parse(sessionStorage.getItem('fake-settings') ?? 'null'),
          defaults,
        }),
        'settings:save': (settings) => {
          sessionStorage.setItem('fake-settings', JSON.stringify(settings))
          return { settings, defaults }
        },
        'auth-storage:get': () => null,
        'auth-storage:set': () => ({ persisted: true }),
        'auth-storage:remove': () => null,
        'credentials:status': () => ({
          keystore: 'gnome_libsecret',
          persisting: true,
          needsConsent: false,
        }),
        'credentials:clear': () => null,
        'credentials:allow-weak-keystore': () => ({
          keystore: 'basic_text',
          persisting: true,
          needsConsent: false,
        }),
        'upload:choose-folder': () => ({ jobId, folderName: 'opening-day' }),
        'upload:start': () => new Promise((resolve) => (finish = resolve)),
        'upload:cancel': () => null,
        'site:open-in-browser': () => null,
      }
      const bridge: Record<string, unknown> = {
        on(event: string, listener: (payload: unknown) => void) {
          const set = listeners.get(event) ?? new Set()
          set.add(listener)
          listeners.set(event, set)
          return () => set.delete(listener)
        },
      }
      for (const [channel, handler] of Object.entries(handlers)) {
        bridge[channel] = async (...args: unknown[]) => {
          calls.push({ channel, args })
          return handler(...args)
        }
      }
      Object.defineProperty(window, 'clubDesktop', { value: Object.freeze(bridge) })
      Object.defineProperty(window, 'fakeMain', {
        value: {
          calls,
          emit: (event: string, payload: unknown) =>
            listeners.get(event)?.forEach((listener) => listener(payload)),
          finishUpload: (report: unknown) => finish(report),
        },
      })
    },
    { initial: options.settings, defaults: SETTINGS, jobId: JOB },
  )
}

const callsTo = (page: Page, channel: ChannelName) =>
  page.evaluate(
    (name) =>
      (window as unknown as FakeWindow).fakeMain.calls.filter((call) => call.channel === name),
    channel,
  )

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

let server: Awaited<ReturnType<typeof serveRenderer>>

test.beforeAll(async () => {
  server = await serveRenderer()
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
    await page.evaluate(
      (jobId) =>
        (window as unknown as FakeWindow).fakeMain.emit('upload:progress', {
          jobId,
          phase: 'uploading',
          filesDone: 2,
          filesTotal: 5,
          bytesDone: 2 * 1_048_576,
          bytesTotal: 5 * 1_048_576,
          etaSeconds: 12,
        }),
      JOB,
    )
    await expect(page.getByLabel('Upload progress')).toContainText(
      'uploading: 2 of 5 files, 2.0 MiB of 5.0 MiB, about 12 s left',
    )
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

test('should open the upload screen from the native menu', async ({ page }) => {
  await installFakeMain(page, { settings: SETTINGS })
  await page.goto(`${server.url}/admin/home`)
  await expect(page).toHaveURL(/\/admin-login$/)
  await page.evaluate(() =>
    (window as unknown as FakeWindow).fakeMain.emit('menu:command', 'upload-photos'),
  )
  await expect(page.getByRole('heading', { name: 'Upload photos' })).toBeVisible()
})
