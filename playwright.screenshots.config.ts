import { defineConfig } from '@playwright/test'

import config from './playwright.config.ts'

/**
 * `pnpm screenshots`: retakes docs/screenshots (tests/screenshots/*.shot.ts) against the same
 * local backend and production build as the e2e run, in the desktop project's browser.
 */
export default defineConfig({
  ...config,
  testMatch: '**/*.shot.ts',
  retries: 0,
  projects: (config.projects ?? []).filter((project) => project.name === 'desktop'),
})
