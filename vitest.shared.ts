/**
 * The order every package's tests run in, shared by each vitest config (`sequence: testOrder`):
 * the files, and the tests inside each file, run shuffled, so a test that passes only after
 * another one (or only in the order it was written) fails on the next run instead of on some
 * later machine. The shuffle follows a seed, printed at the start of the run:
 *
 * @example
 * pnpm test                                  # a random seed, printed first
 * TEST_SEED=1234 pnpm test                   # the same order as the run that printed 1234
 * TEST_SEED=1234 pnpm --filter @club/core exec vitest run src/photos
 *
 * A seed chosen here is written to `process.env.TEST_SEED`, so that this module, loaded again in
 * the same process, and the processes it starts keep the seed printed. (`--sequence.seed` on the
 * command line would win over it, and the line printed here would then be wrong.)
 *
 * It imports nothing but Node's own modules (vitest bundles it into each package's config, and
 * the root has no vitest of its own to resolve).
 */
import { randomInt } from 'node:crypto'

function seed(): number {
  const given = process.env.TEST_SEED?.trim()
  if (given) {
    const value = Number(given)
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new Error(`TEST_SEED must be a whole number (the seed a run printed), not "${given}"`)
    }
    return value
  }
  const chosen = randomInt(1, 1_000_000)
  process.env.TEST_SEED = String(chosen)
  return chosen
}

export const testOrder = { shuffle: { files: true, tests: true }, seed: seed() }

console.log(
  `Test order: seed ${testOrder.seed} (TEST_SEED=${testOrder.seed} runs this order again)`,
)

/**
 * A test that fails is run once more, as in the end-to-end suite (playwright.config.ts,
 * `retries: 1` with `failOnFlakyTests`): one that passes on its retry is named at the end of the
 * run as flaky (flakyReporter) and fails the run all the same, so that it is seen and fixed
 * rather than hidden, with the output of its failed try. Each config sets `retry: RETRIES` and `reporters: ['default', flakyReporter()]`.
 */
export const RETRIES = 1

/** The part of vitest's TestCase this reporter reads (vitest's own types are not resolvable here). */
type ReportedTestCase = {
  fullName: string
  module: { moduleId: string }
  diagnostic(): { flaky: boolean; retryCount: number } | undefined
  /** A test that passed on a retry keeps the errors of the tries that failed. */
  result(): { errors?: ReadonlyArray<{ message?: string; stack?: string; diff?: string }> }
}

/** What a failed try said: its message, the diff of what it expected, and where it failed. */
function failedTry(error: { message?: string; stack?: string; diff?: string }): string[] {
  const message = (error.message ?? 'an error with no message').split('\n').slice(0, 12)
  const diff = error.diff ? error.diff.split('\n').slice(0, 24) : []
  const where = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at .*\/(src|test|scripts)\//.test(line))
    .slice(0, 3)
  return [...message, ...diff, ...where.map((line) => line.trim())]
}

/** A vitest reporter that prints, after the run, every test that passed only on a retry. */
export function flakyReporter() {
  const flaky: string[] = []
  return {
    onTestCaseResult(test: ReportedTestCase) {
      const diagnostic = test.diagnostic()
      if (diagnostic?.flaky) {
        const file = test.module.moduleId.replace(/^.*?\/(src|test|scripts)\//, '$1/')
        const tries = (test.result().errors ?? []).flatMap(failedTry)
        flaky.push(
          [
            `${file} › ${test.fullName} (passed on retry ${diagnostic.retryCount})`,
            ...tries.map((line) => `      ${line}`),
          ].join('\n'),
        )
      }
    },
    onTestRunEnd() {
      if (flaky.length === 0) return
      console.log(`\nFlaky: ${flaky.length} test(s) failed, then passed on their retry:`)
      for (const line of flaky) console.log(`  flaky: ${line}`)
      // As the e2e suite's failOnFlakyTests: a flaky test fails the run all the same.
      process.exitCode = 1
    },
  }
}

/**
 * What every package's vitest config shares (`test: { ...sharedTestOptions(), include, … }`):
 * no focused test (`it.only` fails the run, on CI or here), the shuffled order above, and one
 * retry whose pass is reported as flaky, with what its failed try said, and fails the run.
 */
export function sharedTestOptions() {
  return {
    allowOnly: false,
    sequence: testOrder,
    retry: RETRIES,
    reporters: ['default', flakyReporter()],
  }
}
