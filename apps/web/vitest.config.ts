import { defineConfig } from 'vitest/config'

import { flakyReporter, RETRIES, testOrder } from '../../vitest.shared.ts'

// The web app's own tests are Node scripts' tests (the pages are tested in @club/core); without
// this file vitest would load vite.config.ts and its build plugins for them.
export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    // Files and the tests in each run shuffled, from a printed seed (TEST_SEED repeats it).
    sequence: testOrder,
    // A failure is run once more; one that passes then is printed as flaky (vitest.shared.ts).
    retry: RETRIES,
    reporters: ['default', flakyReporter()],
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
  },
})
