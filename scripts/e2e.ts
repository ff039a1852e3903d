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

const args = process.argv.slice(2)

type Run = { title: string; projects: string[]; results?: string }

const runs: Run[] = args.some((arg) => arg.startsWith('--project'))
  ? [{ title: 'the projects asked for', projects: [] }]
  : [
      {
        title: 'the suites at desktop and phone sizes',
        projects: ['desktop-staff', 'desktop', 'phone'],
      },
      // Its traces and report go beside the first run's, which would otherwise be replaced.
      {
        title: 'the start-up timing suites',
        projects: ['desktop-timing', 'phone-timing'],
        results: 'timing',
      },
    ]
const ownOutput = args.some((arg) => arg.startsWith('--output'))

let failed = false
for (const run of runs) {
  console.log(`\n[e2e] ${run.title}\n`)
  const projectArgs = run.projects.flatMap((name) => ['--project', name])
  const output = run.results && !ownOutput ? ['--output', `test-results/${run.results}`] : []
  const result = spawnSync(
    'playwright',
    [
      'test',
      ...projectArgs,
      ...output,
      ...(runs.length > 1 ? ['--pass-with-no-tests'] : []),
      ...args,
    ],
    {
      stdio: 'inherit',
      shell: process.platform === 'win32',
      env: run.results
        ? { ...process.env, PLAYWRIGHT_HTML_OUTPUT_DIR: `playwright-report/${run.results}` }
        : process.env,
    },
  )
  if (result.error) throw result.error
  if (result.status !== 0) failed = true
}
process.exit(failed ? 1 : 0)
