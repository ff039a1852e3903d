import { defineConfig } from 'vitest/config'

import { sharedTestOptions } from '../../vitest.shared.ts'

// The web app's own tests are Node scripts' tests (the pages are tested in @club/core); without
// this file vitest would load vite.config.ts and its build plugins for them.
export default defineConfig({
  test: {
    // No `it.only`, a shuffled order and one retry reported as flaky (vitest.shared.ts).
    ...sharedTestOptions(),
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
})
