import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { _electron as electron, expect, test } from '@playwright/test'

/**
 * Launch smoke test of the real desktop app: the window opens, the first-run screen leads to
 * the login page, and a native menu item reaches the renderer. It needs an Electron binary;
 * where none is installed (these build machines) it is skipped, saying why.
 */
const appDir = fileURLToPath(new URL('../../apps/admin/', import.meta.url))
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
const skipReason = `No Electron binary at ${join(electronDir, 'dist')} (installed with ELECTRON_SKIP_BINARY_DOWNLOAD=1); see apps/admin/README.md to fetch one`

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
