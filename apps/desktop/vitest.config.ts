import { defineConfig } from 'vitest/config'

import { sharedTestOptions } from '../../vitest.shared.ts'

export default defineConfig({
  test: {
    // No `it.only`, a shuffled order and one retry reported as flaky (vitest.shared.ts).
    ...sharedTestOptions(),
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
  },
})
