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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
  },
})
