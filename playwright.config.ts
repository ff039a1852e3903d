import { defineConfig, devices } from '@playwright/test'

import { chromiumSwitches, executablePath } from './tests/support/chromium-switches.ts'

/**
 * End-to-end suites run in Debian's Chromium (/usr/bin/chromium), never a downloaded
 * browser. The global setup starts an in-memory local backend and a production build
 * of the web app wired to it; see tests/support/global-setup.ts.
 */

// The runner and every worker prerender sites (tests/support/site-stack.ts) with React, which
// runs its production build only when NODE_ENV says so as it is first imported: the
// development build renders the same pages for about a second more of CPU per site.
process.env.NODE_ENV ??= 'production'

const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined }
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined }
/** Suites that measure start-up time or tap during start-up. */
const TIMING = ['**/early-tap.spec.ts', '**/loading.spec.ts']
/** The tag of the suites that save shared documents (SHARED_CONTENT_TAG in tests/fixtures/test.ts). */
const SHARED_CONTENT = /@shared-content/
/** Every test that is not in a suite that saves documents. */
const NOT_SHARED_CONTENT = /^(?!.*@shared-content)/
/** The tag of the tests that also run at the phone size (PHONE_TAG in tests/fixtures/test.ts). */
const PHONE_SIZE = /@phone/

export default defineConfig<object, { savesSharedContent: boolean }>({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/support/global-setup.ts',
  fullyParallel: true,
  // Most of a test's time is spent waiting (animations, the save states' timings, the
  // network), so three workers keep two cores busy. Timing-sensitive suites run after the
  // rest, on a machine otherwise idle (the *-timing projects below).
  workers: process.env.CI ? 3 : undefined,
  // A failed test runs once more, recording a trace (recording one for every test would cost
  // the whole run a tenth of its time). A test that passes only on that second run still fails
  // the run: it is reported as flaky, never as passed.
  retries: 1,
  failOnFlakyTests: true,
  // A focused test (`test.only`) never passes for the whole suite, on CI or here.
  forbidOnly: true,
  // The suites' times go to scripts/e2e.ts's table of the slowest (CLUB_SUITE_TIMES).
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    ['./tests/support/suite-times-reporter.ts'],
  ],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    // The retry's trace, with DOM snapshots but no screencast (its frames cost more CPU than
    // the tests themselves on a two-core machine).
    trace: { mode: 'on-first-retry', screenshots: false },
    // Debian's Chromium; tests/support/chromium-switches.ts says why each switch.
    launchOptions: { executablePath, args: chromiumSwitches() },
    // The site's service worker (apps/web/src/service-worker/) answers same-origin pages and
    // files itself, which request interception (page.route) never sees, as Playwright warns: it
    // is blocked, as Playwright advises, but in the suites about it (offline.spec.ts), which
    // allow it with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
  },
  projects: [
    // The suites that save documents (describeSharedContent in tests/fixtures/test.ts), at
    // 1280 × 720. Each worker gives them a backend and site of its own, so they run in
    // parallel without meeting each other's saves. Listed first, so that they start at once.
    {
      name: 'desktop-staff',
      use: { ...DESKTOP, savesSharedContent: true },
      testIgnore: TIMING,
      grep: SHARED_CONTENT,
    },
    // 1280 × 720.
    { name: 'desktop', use: DESKTOP, testIgnore: TIMING, grepInvert: SHARED_CONTENT },
    // A 390 px wide phone (the width the site is designed at), with touch: the tests tagged
    // @phone, those whose outcome depends on the screen (layout, touch, the phone menu and
    // overlays) and axe on every public route and admin screen. What does not depend on the
    // screen (saves, conflicts, history, realtime, security…) runs at the desktop size only.
    // Not the desktop app's suites: it has one window size.
    {
      name: 'phone',
      use: PHONE,
      testIgnore: [...TIMING, '**/desktop/**'],
      grep: PHONE_SIZE,
      grepInvert: SHARED_CONTENT,
    },
    // The suites that save documents and also run at the phone size: workers of their own,
    // each with its backend and site, as desktop-staff's.
    {
      name: 'phone-staff',
      use: { ...PHONE, savesSharedContent: true },
      testIgnore: [...TIMING, '**/desktop/**'],
      grep: [PHONE_SIZE],
      grepInvert: NOT_SHARED_CONTENT,
    },
    // Start-up timings and taps under CPU throttling. `pnpm test:e2e` runs them in a second
    // Playwright run once everything else is done (scripts/e2e.ts), so other tests neither
    // load the CPU nor change the content they tap.
    { name: 'desktop-timing', use: DESKTOP, testMatch: TIMING },
    { name: 'phone-timing', use: PHONE, testMatch: TIMING },
  ],
})
