import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { chromium } from '@playwright/test'

import { chromiumSwitches, fullBrowserPath } from '../support/chromium-switches.ts'
import { expect, test } from '../fixtures/test.ts'

// The site is an installable PWA (issue 33 §1, "Push on this device"): Chromium itself judges
// the built site's web app manifest, its icons and its service worker against its
// installability criteria (what Lighthouse's installability audit reads), through DevTools'
// Page.getInstallabilityErrors, and finds nothing missing. In a profile of its own, as a
// family's browser is: the suites' contexts are incognito, where Chromium installs nothing.

test('should meet Chromium’s installability criteria: the manifest, its icons and the service worker', async ({
  baseURL,
}) => {
  const profile = await mkdtemp(join(tmpdir(), 'club-pwa-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: fullBrowserPath,
    args: chromiumSwitches(),
    baseURL,
    serviceWorkers: 'allow',
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/')
    // The site's one service worker, active.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration('/')
            return registration?.active?.scriptURL ?? ''
          }),
        { timeout: 15_000 },
      )
      .toMatch(/\/sw\.js$/)
    const devtools = await context.newCDPSession(page)
    const manifest = await devtools.send('Page.getAppManifest')
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/)
    expect(manifest.errors).toEqual([])
    // Chromium fetches the manifest's icons as it checks: asked until its answer settles.
    await expect
      .poll(
        async () =>
          (await devtools.send('Page.getInstallabilityErrors')).installabilityErrors.map(
            (error) => error.errorId,
          ),
        { timeout: 15_000 },
      )
      .toEqual([])
  } finally {
    await context.close()
    await rm(profile, { recursive: true, force: true })
  }
})
