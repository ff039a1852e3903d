import { defineConfig } from 'vitest/config'

import { sharedTestOptions } from '../../vitest.shared.ts'

export default defineConfig({
  test: {
    // No `it.only`, a shuffled order and one retry reported as flaky (vitest.shared.ts).
    ...sharedTestOptions(),
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Each file starts its own server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
})
