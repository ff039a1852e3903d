import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    setupFiles: ['./test-utils/dom-cleanup.ts'],
    isolate: false,
  },
})
