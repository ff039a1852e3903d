import { defineConfig } from 'vitest/config'

import { flakyReporter, RETRIES, testOrder } from '../../vitest.shared.ts'

export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    // Files and the tests in each run shuffled, from a printed seed (TEST_SEED repeats it).
    sequence: testOrder,
    // A failure is run once more; one that passes then is printed as flaky (vitest.shared.ts).
    retry: RETRIES,
    reporters: ['default', flakyReporter()],
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file starts its own server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
})
