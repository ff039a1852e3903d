// `pnpm test:e2e [playwright args…]`: the end-to-end suites in two runs of Playwright.
//
// 1. Every suite but the start-up timing ones, at the desktop and phone sizes, in parallel.
// 2. The start-up timing suites (taps during start-up and the loader's fade under CPU
//    throttling), with nothing else running, so that no other test loads the CPU or
//    changes the content they tap.
//
// The second run happens whatever the first's result, so a failure in one suite never hides
// the timing suites' results; the exit code is non-zero when either run failed. Arguments
// (a file, `-g`, `--repeat-each`…) go to both runs; with `--project` they go to one run only.
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'

import { printSlowestSuites, SUITE_TIMES_DIR, suiteTimesFile } from './suite-times.ts'

const args = process.argv.slice(2)

type Run = {
  title: string
  projects: string[]
  results?: string
}

const runs: Run[] = args.some((arg) => arg.startsWith('--project'))
  ? [{ title: 'the projects asked for', projects: [] }]
  : [
      {
        title: 'the suites at desktop and phone sizes',
        projects: ['desktop-staff', 'phone-staff', 'desktop', 'phone'],
      },
      // Its traces and report go beside the first run's, which would otherwise be replaced.
      {
        title: 'the start-up timing suites',
        projects: ['desktop-timing', 'phone-timing'],
        results: 'timing',
      },
    ]
const ownOutput = args.some((arg) => arg.startsWith('--output'))

/** How many tests `playwright test --list` finds for these arguments (0 when it finds none). */
function countTests(listArgs: string[]): number {
  const listed = spawnSync('playwright', ['test', '--list', ...listArgs], {
    encoding: 'utf8',
    shell: process.platform === 'win32',
  })
  return Number(/Total: (\d+) tests?/.exec(listed.stdout ?? '')?.[1] ?? 0)
}

let failed = false
rmSync(SUITE_TIMES_DIR, { recursive: true, force: true })
for (const [index, run] of runs.entries()) {
  console.log(`\n[e2e] ${run.title}\n`)
  const projectArgs = run.projects.map((name) => `--project=${name}`)
  const output = run.results && !ownOutput ? ['--output', `test-results/${run.results}`] : []
  // Arguments such as a file name may select tests of one run only: the other run is then
  // skipped, and says so. With no arguments every run must find tests (no silent pass).
  if (args.length > 0 && runs.length > 1 && countTests([...projectArgs, ...args]) === 0) {
    console.log(`[e2e] no test of ${run.title} matches ${args.join(' ')}: that run is skipped`)
    continue
  }
  const result = spawnSync('playwright', ['test', ...projectArgs, ...output, ...args], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: {
      ...process.env,
      CLUB_SUITE_TIMES: suiteTimesFile(run.results ?? String(index)),
      ...(run.results ? { PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/${run.results}` } : {}),
    },
  })
  if (result.error) throw result.error
  if (result.status !== 0) failed = true
}
// `pnpm check` prints the table after its own (CLUB_IN_CHECK); run alone, this does.
if (!process.env.CLUB_IN_CHECK) printSlowestSuites()
process.exit(failed ? 1 : 0)
