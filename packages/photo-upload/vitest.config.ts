import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each contract file starts its own server; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
})
