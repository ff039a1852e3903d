// `pnpm check` (what `npm test` and CI run): every check of the repository, then a table of
// when each phase ran, how long it took and how it ended.
//
// The phases run in lanes, and the lanes run side by side (a 2-core machine is otherwise
// idle for much of a check: the desktop session contract spends two minutes mostly waiting
// for token expiries):
//   - static: format, lint, types, the build, then the desktop app's security scan;
//   - tests: the unit and contract tests of every package;
//   - session: the desktop session contract alone (long, and mostly waiting);
// and once all three have ended, the end-to-end tests run on an otherwise idle machine (their
// timing suites need it). Within a lane the phases run one after another. Every line a phase
// prints is prefixed with its name.
//
// Every phase runs even when an earlier one failed, so one run tells everything that is wrong,
// except those that need an earlier phase's output (the desktop app's security scan and the
// end-to-end tests need the build): they are skipped, and the table says why. The exit code is
// non-zero when any phase failed.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { randomInt } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { executablePath as testBrowser } from '../tests/support/chromium-switches.ts'
import { printSlowestSuites } from './suite-times.ts'

const root = fileURLToPath(new URL('..', import.meta.url))

type Lane = 'prepare' | 'static' | 'tests' | 'session' | 'e2e'
type Phase = {
  name: string
  /** A short name for the prefix of its output lines. */
  tag: string
  lane: Lane
  command: string[]
  needs?: string
  env?: Record<string, string>
}
type Outcome = {
  name: string
  lane: Lane | 'before'
  /** Seconds from the check's start (install: before it). */
  start: number
  seconds: number
  result: 'passed' | 'failed' | 'skipped'
  note?: string
  /** How many cores were busy on average while it ran (the whole machine's, lanes overlap). */
  busyCores?: number
  /** A failed phase's lines that name what failed, and its last lines: recapped at the end. */
  recap?: string[]
}

/** The desktop session contract (see its file): about two minutes, mostly waiting. */
const SESSION_CONTRACT = 'src/main/upload-session.contract.test.ts'

const PHASES: Phase[] = [
  // Before the lanes: no function's first start in a test then waits on the npm registry.
  {
    name: "functions' dependencies (Deno cache)",
    tag: 'deno',
    lane: 'prepare',
    command: ['node', 'scripts/prefetch-functions.ts'],
  },
  { name: 'format', tag: 'format', lane: 'static', command: ['pnpm', 'run', 'format:check'] },
  { name: 'lint', tag: 'lint', lane: 'static', command: ['pnpm', 'run', 'lint'] },
  { name: 'typecheck', tag: 'types', lane: 'static', command: ['pnpm', 'run', 'typecheck'] },
  { name: 'build', tag: 'build', lane: 'static', command: ['pnpm', 'run', 'build'] },
  {
    name: 'desktop security scan',
    tag: 'security',
    lane: 'static',
    command: ['pnpm', '--filter', '@club/desktop', 'security'],
    needs: 'build',
  },
  {
    name: 'unit and contract tests',
    tag: 'tests',
    lane: 'tests',
    command: [
      'pnpm',
      '-r',
      '--workspace-concurrency=1',
      '--no-bail',
      '--filter=!@club/desktop',
      'run',
      'test',
    ],
  },
  {
    name: 'desktop unit tests',
    tag: 'desktop',
    lane: 'tests',
    command: ['pnpm', '--filter', '@club/desktop', 'exec', 'vitest', 'run'].concat([
      '--exclude',
      `**/${SESSION_CONTRACT}`,
    ]),
  },
  {
    name: 'desktop session contract',
    tag: 'session',
    lane: 'session',
    command: ['pnpm', '--filter', '@club/desktop', 'exec', 'vitest', 'run', SESSION_CONTRACT],
  },
  {
    name: 'end-to-end tests',
    tag: 'e2e',
    lane: 'e2e',
    command: ['pnpm', 'run', 'test:e2e'],
    needs: 'build',
    // The e2e setup prerenders its sites from the compilation the build phase just made
    // (apps/web/dist-compiled) instead of compiling the app again.
    env: { CLUB_WEB_COMPILED: join(root, 'apps', 'web', 'dist-compiled'), CLUB_IN_CHECK: '1' },
  },
]

// One test order for every package's unit and contract tests (vitest.shared.ts reads it), printed
// with the table: `TEST_SEED=<seed> pnpm check` runs the same order again.
process.env.TEST_SEED ??= String(randomInt(1, 1_000_000))
console.log(`[check] unit and contract tests in the order of seed ${process.env.TEST_SEED}`)

const began = performance.now()
const since = () => (performance.now() - began) / 1000
const outcomes: Outcome[] = []

/**
 * The machine's CPU time so far, busy and in all, from /proc/stat (Linux; undefined elsewhere):
 * two of them give how many cores were busy in between, which says whether a phase waited on
 * the CPU or on something else.
 */
function cpuTimes(): { busy: number; all: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/)
    const [user, nice, system, idle, iowait, irq, softirq, steal] = (fields ?? [])
      .slice(1)
      .map(Number)
    if ([user, nice, system, idle, iowait, irq, softirq, steal].some((n) => !Number.isFinite(n)))
      return undefined
    const busy = user! + nice! + system! + irq! + softirq! + steal!
    return { busy, all: busy + idle! + iowait! }
  } catch {
    return undefined
  }
}

/** How many cores were busy on average between two readings of cpuTimes. */
function busyCoresBetween(
  from: ReturnType<typeof cpuTimes>,
  to: ReturnType<typeof cpuTimes>,
): number | undefined {
  if (!from || !to || to.all <= from.all) return undefined
  return ((to.busy - from.busy) / (to.all - from.all)) * availableParallelism()
}

/**
 * The lines of a phase's output that name a failure (vitest's FAIL and ×, Playwright's ✘ and
 * numbered failures, thrown errors), kept so that the end of the log says what failed: CI shows
 * a log's tail, and the lanes' output interleaves.
 */
const FAILURE_LINE = /(^|\s)(FAIL|×|✘|✗)\s|^\s*\d+\) |\b(Error|AssertionError):|ERR_|ELIFECYCLE/
const RECAP_FAILURE_LINES = 60
/** The tests that passed only on their retry (vitest.shared.ts's flakyReporter prints them). */
const flakyTests: string[] = []
const RECAP_LAST_LINES = 25

/** Runs one phase, its output's lines prefixed with its tag; resolves with its exit code. */
function run(phase: Phase, recap: { failures: string[]; last: string[] }): Promise<number> {
  const prefix = `[${phase.tag}] `
  console.log(`${prefix}${phase.command.join(' ')}`)
  const [command = 'pnpm', ...args] = phase.command
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: process.platform === 'win32',
    env: { ...process.env, ...phase.env },
  })
  const forward = (from: NodeJS.ReadableStream, to: NodeJS.WriteStream) => {
    const keep = (line: string) => {
      to.write(prefix + line + '\n')
      // eslint-disable-next-line no-control-regex -- colours are not part of what failed
      const plain = line.replace(/\u001b\[[0-9;]*m/g, '')
      if (FAILURE_LINE.test(plain) && recap.failures.length < RECAP_FAILURE_LINES)
        recap.failures.push(plain)
      const flaky = /^\s*flaky: (.*)$/.exec(plain)
      if (flaky?.[1]) flakyTests.push(`${phase.name}: ${flaky[1]}`)
      recap.last.push(plain)
      if (recap.last.length > RECAP_LAST_LINES) recap.last.shift()
    }
    let rest = ''
    from.setEncoding('utf8')
    from.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      for (const line of lines) keep(line)
    })
    from.on('end', () => {
      if (rest) keep(rest)
    })
  }
  forward(child.stdout, process.stdout)
  forward(child.stderr, process.stderr)
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`${prefix}${error.message}`)
      resolve(1)
    })
    child.on('close', (code) => resolve(code ?? 1))
  })
}

async function runLane(lane: Lane) {
  for (const phase of PHASES.filter((candidate) => candidate.lane === lane)) {
    const needed = outcomes.find((outcome) => outcome.name === phase.needs)
    if (phase.needs && needed?.result !== 'passed') {
      outcomes.push({
        name: phase.name,
        lane,
        start: since(),
        seconds: 0,
        result: 'skipped',
        note: `${phase.needs} ${needed?.result ?? 'did not run'}`,
      })
      continue
    }
    const start = since()
    const cpuBefore = cpuTimes()
    const lines = { failures: [] as string[], last: [] as string[] }
    const code = await run(phase, lines)
    const seconds = since() - start
    const busyCores = busyCoresBetween(cpuBefore, cpuTimes())
    const result = code === 0 ? 'passed' : 'failed'
    console.log(`[${phase.tag}] ${phase.name} ${result} in ${clock(seconds)}`)
    const recap = result === 'failed' ? [...lines.failures, '…', ...lines.last] : undefined
    outcomes.push({ name: phase.name, lane, start, seconds, result, busyCores, recap })
  }
}

/** What the times above depend on: cores, the browser the e2e tests drove, the default face. */
function machineFacts(): string {
  const ask = (command: string, args: string[]) => {
    const answer = spawnSync(command, args, { encoding: 'utf8' })
    return answer.status === 0 ? answer.stdout.trim() : `(${command}: not found)`
  }
  const chromium = `${ask(testBrowser, ['--version'])} (${testBrowser})`
  const sans = ask('fc-match', ['sans-serif'])
  return `${availableParallelism()} cores, ${chromium}, fc-match sans-serif: ${sans}`
}

const clock = (seconds: number) => {
  const whole = Math.round(seconds)
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

const cpuAtStart = cpuTimes()
await runLane('prepare')
await Promise.all((['static', 'tests', 'session'] as const).map(runLane))
await runLane('e2e')
const wall = since()
const busyInAll = busyCoresBetween(cpuAtStart, cpuTimes())

// The bootstrap (`npm test`) installs before this script runs and says how long it took.
const installSeconds = Number(process.env.CLUB_INSTALL_SECONDS)
const install: Outcome[] =
  Number.isFinite(installSeconds) && installSeconds > 0
    ? [
        {
          name: 'install (Node, pnpm, Chromium, packages)',
          lane: 'before',
          start: 0,
          seconds: installSeconds,
          result: 'passed',
        },
      ]
    : []
const order = PHASES.map((phase) => phase.name)
const rows = [...install, ...outcomes.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))]
const width = Math.max(...rows.map((row) => row.name.length), 'total (wall clock)'.length)
console.log('\n[check] phases (lanes static, tests and session ran side by side, then e2e)\n')
console.log(
  `  ${'phase'.padEnd(width)}  ${'lane'.padEnd(7)}  ${'start'.padStart(6)}  ${'time'.padStart(6)}  ${'cores'.padStart(5)}  result`,
)
const cores = (busy: number | undefined) => (busy === undefined ? '' : busy.toFixed(1))
for (const row of rows) {
  const note = row.note ? ` (${row.note})` : ''
  const start = row.lane === 'before' ? '' : `+${clock(row.start)}`
  console.log(
    `  ${row.name.padEnd(width)}  ${row.lane.padEnd(7)}  ${start.padStart(6)}  ${clock(row.seconds).padStart(6)}  ${cores(row.busyCores).padStart(5)}  ${row.result}${note}`,
  )
}
console.log(
  `  ${'total (wall clock)'.padEnd(width)}  ${''.padEnd(7)}  ${''.padStart(6)}  ${clock(wall + (install[0]?.seconds ?? 0)).padStart(6)}  ${cores(busyInAll).padStart(5)}`,
)
console.log(
  `  cores: how many of the machine's ${availableParallelism()} were busy on average while the phase ran (the lanes overlap, so theirs are the machine's)`,
)
console.log(`  unit and contract tests' order: TEST_SEED=${process.env.TEST_SEED}`)
console.log(`  machine: ${machineFacts()}`)

if (outcomes.some((outcome) => outcome.name === 'end-to-end tests' && outcome.result !== 'skipped'))
  printSlowestSuites()

if (flakyTests.length > 0) {
  console.log(`\n[check] ${flakyTests.length} test(s) passed only on their retry: fix them\n`)
  for (const line of flakyTests) console.log(`  ${line}`)
}

for (const failed of outcomes.filter((outcome) => outcome.recap)) {
  console.log(`\n[check] ${failed.name} failed: the lines that say why, then its last lines\n`)
  for (const line of failed.recap ?? []) console.log(`  ${line}`)
}

process.exit(outcomes.some((outcome) => outcome.result === 'failed') ? 1 : 0)
