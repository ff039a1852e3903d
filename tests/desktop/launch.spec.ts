import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { _electron as electron, expect, test } from '@playwright/test'
import type { ElectronApplication } from '@playwright/test'

import { samplePhoto, writeSample } from '@club/photo-upload/testing'

import { describeSharedContent, SEEDED_STAFF, test as withBackend } from '../fixtures/test.ts'

/**
 * Launch smoke test of the real desktop app: the window opens, the first-run screen leads to
 * the login page, and a native menu item reaches the renderer; signed in against the local
 * backend, an upload of 20 photos shows on the taskbar and holds a quit until the director
 * answers. It needs an Electron binary;
 * where none is installed (these build machines) it is skipped, saying why.
 */
const appDir = fileURLToPath(new URL('../../apps/desktop/', import.meta.url))
const electronDir = join(appDir, 'node_modules', 'electron')

/**
 * The binary `require('electron')` would start, if it is there. Read without requiring the
 * package, whose entry tries to download a missing binary.
 */
function electronBinary(): string | null {
  const pathFile = join(electronDir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(binary) ? binary : null
}

const binary = electronBinary()
const skipReason = `No Electron binary at ${join(electronDir, 'dist')} (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1); see apps/desktop/README.md to fetch one`

test.describe('desktop app launch', () => {
  // eslint-disable-next-line no-empty-pattern
  test.beforeAll(({}, testInfo) => {
    if (!binary && testInfo.project.name === 'desktop')
      console.log(`launch smoke test skipped: ${skipReason}`)
  })
  // Playwright requires the object pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'The desktop app has one window size')
    test.skip(!binary, skipReason)
  })

  test('should open the login page and follow a menu command', async () => {
    const home = mkdtempSync(join(tmpdir(), 'club-admin-launch-'))
    const app = await electron.launch({
      executablePath: binary ?? '',
      args: [appDir],
      // A fresh profile: first-run screen, nothing saved from another run.
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
    })
    try {
      const window = await app.firstWindow()
      await window.getByRole('button', { name: 'Save and continue' }).click()
      await expect(window).toHaveURL(/^app:\/\/club\/admin-login$/)
      await expect(window.getByRole('button', { name: /sign in/i })).toBeVisible()

      await app.evaluate(({ Menu }) =>
        Menu.getApplicationMenu()?.getMenuItemById('upload-photos')?.click(),
      )
      await expect(window.getByRole('heading', { name: 'Upload photos' })).toBeVisible()
      expect(await window.evaluate(() => document.documentElement.dataset.menuCommand)).toBe(
        'upload-photos',
      )
    } finally {
      await app.close()
      rmSync(home, { recursive: true, force: true })
    }
  })
})

/** Main's dialogs answered, and its progress bar and questions recorded, from inside main. */
async function recordDesktop(app: ElectronApplication, folder: string) {
  await app.evaluate(({ BrowserWindow, dialog }, picked) => {
    const seen = globalThis as unknown as { clubProgress: number[]; clubQuestions: string[] }
    seen.clubProgress = []
    seen.clubQuestions = []
    dialog.showOpenDialog = (async () => ({
      canceled: false,
      filePaths: [picked],
    })) as unknown as typeof dialog.showOpenDialog
    // "Wait": the upload goes on.
    dialog.showMessageBox = (async (...args: unknown[]) => {
      seen.clubQuestions.push((args.at(-1) as { message: string }).message)
      return { response: 0, checkboxChecked: false }
    }) as unknown as typeof dialog.showMessageBox
    for (const window of BrowserWindow.getAllWindows()) {
      const setProgressBar = window.setProgressBar.bind(window)
      window.setProgressBar = (value, options) => {
        seen.clubProgress.push(value)
        setProgressBar(value, options)
      }
    }
  }, folder)
  return () =>
    app.evaluate(() => {
      const seen = globalThis as unknown as { clubProgress: number[]; clubQuestions: string[] }
      return { progress: [...seen.clubProgress], questions: [...seen.clubQuestions] }
    })
}

// It adds photos to the shared backend's library: it runs with the suites that save shared content.
describeSharedContent('desktop app upload', () => {
  // Skipped where it is declared, not in a hook: a hook of this suite would first start the
  // worker's backend and site (its fixtures' `baseURL`), for nothing, within a hook's timeout.
  if (!binary) console.log(`launch upload test skipped: ${skipReason}`)
  withBackend.skip(!binary, skipReason)
  // Playwright requires the object pattern even when no fixture is used.
  // eslint-disable-next-line no-empty-pattern
  withBackend.beforeEach(({}, testInfo) => {
    withBackend.skip(testInfo.project.use.isMobile === true, 'The desktop app has one window size')
  })

  withBackend(
    'should upload 20 photos in its own process, with taskbar progress and a quit guard',
    async ({ backend, baseURL }) => {
      const home = mkdtempSync(join(tmpdir(), 'club-admin-upload-'))
      const folder = join(home, 'opening-day')
      // New photos every run: none is a duplicate of an earlier run's.
      const seed = Date.now() % 1_000_000
      for (let index = 0; index < 20; index += 1) {
        await writeSample(
          join(folder, `IMG_${index}.jpg`),
          await samplePhoto({ width: 3000, height: 2000, seed: seed + index }),
        )
      }
      const app = await electron.launch({
        executablePath: binary ?? '',
        args: [appDir],
        env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config') },
      })
      try {
        const window = await app.firstWindow()
        await window.getByLabel('Backend address').fill(backend.url)
        await window.getByLabel('Anon key').fill(backend.anonKey)
        await window.getByLabel('Site address').fill(baseURL ?? 'http://127.0.0.1:5173')
        await window.getByRole('button', { name: 'Save and continue' }).click()
        await window.getByLabel('Email').fill(SEEDED_STAFF.email)
        await window.getByLabel('Password').fill(SEEDED_STAFF.password)
        await window.getByRole('button', { name: 'Sign in' }).click()
        await expect(window).toHaveURL(/\/admin\/home$/)
        const seen = await recordDesktop(app, folder)

        await window.getByRole('link', { name: 'Upload photos from folder…' }).click()
        await window.getByRole('button', { name: 'Choose a folder…' }).click()
        await window.getByRole('button', { name: 'Upload', exact: true }).click()
        await expect(window.getByLabel('Upload progress')).toBeVisible()

        // Quitting mid-run asks; "Wait" keeps the app and the upload going.
        await app.evaluate(({ app: electronApp }) => electronApp.quit())
        await expect
          .poll(async () => (await seen()).questions)
          .toEqual(['An upload is running: quit anyway, or wait for it to finish?'])

        await expect(window.getByRole('heading', { name: 'Upload finished' })).toBeVisible({
          timeout: 120_000,
        })
        await expect(window.getByText(/^Uploaded: 20 /)).toBeVisible()
        const { progress } = await seen()
        expect(progress.some((value) => value > 0 && value <= 1)).toBe(true)
        expect(progress.at(-1)).toBe(-1)
      } finally {
        // A run still going (a failed step above) must not hold the close: "quit anyway".
        await app
          .evaluate(({ dialog }) => {
            dialog.showMessageBox = (async () => ({
              response: 1,
              checkboxChecked: false,
            })) as unknown as typeof dialog.showMessageBox
          })
          .catch(() => {})
        await app.close()
        rmSync(home, { recursive: true, force: true })
      }
    },
  )
})
