import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
  },
})
