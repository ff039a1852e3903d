import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each contract file starts its own server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
})
