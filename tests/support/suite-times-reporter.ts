import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'

import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter'

/** One suite file's time in a run: what `pnpm check` prints the ten slowest of. */
export type SuiteTime = {
  file: string
  project: string
  tests: number
  /** The tests' own times added up (each attempt counts), in seconds. */
  seconds: number
  /** From the suite's first test's start to its last test's end, in seconds. */
  spanSeconds: number
}

/**
 * Adds up, per suite file and project, how long its tests took, and writes the figures to
 * the file named by CLUB_SUITE_TIMES (scripts/e2e.ts sets it), for `pnpm check`'s table of the
 * slowest suites. Prints nothing itself: the list reporter beside it does.
 */
export default class SuiteTimesReporter implements Reporter {
  private rootDir = ''
  private readonly suites = new Map<string, SuiteTime & { first: number; last: number }>()

  onBegin(config: FullConfig) {
    this.rootDir = config.rootDir
  }

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? ''
    const file = relative(this.rootDir, test.location.file)
    const key = `${project} ${file}`
    const start = result.startTime.getTime()
    const entry = this.suites.get(key) ?? {
      file,
      project,
      tests: 0,
      seconds: 0,
      spanSeconds: 0,
      first: start,
      last: start,
    }
    if (result.retry === 0) entry.tests += 1
    entry.seconds += result.duration / 1000
    entry.first = Math.min(entry.first, start)
    entry.last = Math.max(entry.last, start + result.duration)
    entry.spanSeconds = (entry.last - entry.first) / 1000
    this.suites.set(key, entry)
  }

  onEnd() {
    const target = process.env.CLUB_SUITE_TIMES
    if (!target) return
    const times: SuiteTime[] = [...this.suites.values()].map(
      ({ file, project, tests, seconds, spanSeconds }) => ({
        file,
        project,
        tests,
        seconds,
        spanSeconds,
      }),
    )
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, JSON.stringify(times, null, 2))
  }

  printsToStdio() {
    return false
  }
}
