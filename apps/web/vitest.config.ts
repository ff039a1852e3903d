import { defineConfig } from 'vitest/config'

import { testOrder } from '../../vitest.shared.ts'

// The web app's own tests are Node scripts' tests (the pages are tested in @club/core); without
// this file vitest would load vite.config.ts and its build plugins for them.
export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    // Files and the tests in each run shuffled, from a printed seed (TEST_SEED repeats it).
    sequence: testOrder,
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
})
