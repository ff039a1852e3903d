// The ten slowest end-to-end suites of the last `pnpm test:e2e`, from the figures its
// reporter wrote (tests/support/suite-times-reporter.ts): printed at the end of `pnpm check`
// and of `pnpm test:e2e`, so a slow suite shows where the time goes.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import type { SuiteTime } from '../tests/support/suite-times-reporter.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Where each Playwright run of scripts/e2e.ts writes its suites' times. */
export const SUITE_TIMES_DIR = join(root, 'node_modules', '.cache', 'club-e2e')

/** The file a run titled `run` writes its figures to. */
export const suiteTimesFile = (run: string) => join(SUITE_TIMES_DIR, `suite-times-${run}.json`)

function readTimes(): SuiteTime[] {
  if (!existsSync(SUITE_TIMES_DIR)) return []
  return readdirSync(SUITE_TIMES_DIR)
    .filter((name) => name.startsWith('suite-times-') && name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return JSON.parse(readFileSync(join(SUITE_TIMES_DIR, name), 'utf8')) as SuiteTime[]
      } catch {
        return []
      }
    })
}

/** Prints the `count` suites (file and project) whose tests took longest, added up. */
export function printSlowestSuites(count = 10, print: (line: string) => void = console.log) {
  const times = readTimes().sort((a, b) => b.seconds - a.seconds)
  if (times.length === 0) return
  const total = times.reduce((sum, suite) => sum + suite.seconds, 0)
  const rows = times.slice(0, count)
  const width = Math.max(...rows.map((row) => row.file.length), 'suite'.length)
  const project = Math.max(...rows.map((row) => row.project.length), 'project'.length)
  print(`\n[check] the ${rows.length} slowest end-to-end suites (tests' own time, added up)\n`)
  print(
    `  ${'suite'.padEnd(width)}  ${'project'.padEnd(project)}  ${'tests'.padStart(5)}  ${'time'.padStart(7)}  ${'span'.padStart(7)}  share`,
  )
  for (const row of rows)
    print(
      `  ${row.file.padEnd(width)}  ${row.project.padEnd(project)}  ${String(row.tests).padStart(5)}  ${`${row.seconds.toFixed(1)}s`.padStart(7)}  ${`${row.spanSeconds.toFixed(1)}s`.padStart(7)}  ${((100 * row.seconds) / total).toFixed(1).padStart(4)}%`,
    )
  print(
    `  all ${times.length} suites: ${total.toFixed(0)} s of test time (span: first test's start to last one's end)`,
  )
}
