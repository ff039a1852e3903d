import { defineConfig, devices } from '@playwright/test'

/**
 * End-to-end suites run in Debian's Chromium (/usr/bin/chromium), never a downloaded
 * browser. The global setup starts an in-memory local backend and a production build
 * of the web app wired to it; see tests/support/global-setup.ts.
 */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // 1280 × 720.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    // A 390 px wide phone (the width the site is designed at), with touch.
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
    },
  ],
})
