import { defineConfig } from 'vitest/config'

// The web app's own tests are Node scripts' tests (the pages are tested in @club/core); without
// this file vitest would load vite.config.ts and its build plugins for them.
export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
})
