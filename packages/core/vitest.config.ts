import { readdirSync, readFileSync } from 'node:fs'

import { configDefaults, defineConfig } from 'vitest/config'

import { flakyReporter, RETRIES, testOrder } from '../../vitest.shared.ts'

/** Test files that replace a module (vi.mock), found by reading them: a new one joins by itself. */
const SOURCE = new URL('./src/', import.meta.url)
const MOCKING = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(new URL(file, SOURCE), 'utf8')))
  .map((file) => `src/${file}`)

export default defineConfig({
  test: {
    // A focused test (`it.only`) fails the run, on CI or here.
    allowOnly: false,
    // Files and the tests in each run shuffled, from a printed seed (TEST_SEED repeats it).
    sequence: testOrder,
    // A failure is run once more; one that passes then is printed as flaky (vitest.shared.ts).
    retry: RETRIES,
    reporters: ['default', flakyReporter()],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    setupFiles: ['./test-utils/dom-cleanup.ts'],
    // Files share one module graph per worker (much faster), so a file that replaces a module
    // (vi.mock) would find it already loaded by whichever file ran before it, by the seed's
    // order: those files run isolated, in a project of their own.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...MOCKING],
        },
      },
      { extends: true, test: { name: 'core (isolated)', include: MOCKING, isolate: true } },
    ],
  },
})
