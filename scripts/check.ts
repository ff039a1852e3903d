// `pnpm check` (what `npm test` and CI run): every check of the repository, one phase after
// another, then a table of how long each phase took and how it ended.
//
// Every phase runs even when an earlier one failed, so one run tells everything that is wrong,
// except those that need an earlier phase's output (the desktop app's security scan and the
// end-to-end tests need the build): they are skipped, and the table says why. The exit code is
// non-zero when any phase failed.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

type Phase = { name: string; command: string[]; needs?: string; env?: Record<string, string> }
type Outcome = {
  name: string
  seconds: number
  result: 'passed' | 'failed' | 'skipped'
  note?: string
}

const PHASES: Phase[] = [
  { name: 'format', command: ['pnpm', 'run', 'format:check'] },
  { name: 'lint', command: ['pnpm', 'run', 'lint'] },
  { name: 'typecheck', command: ['pnpm', 'run', 'typecheck'] },
  { name: 'unit and contract tests', command: ['pnpm', 'run', 'test:unit'] },
  { name: 'build', command: ['pnpm', 'run', 'build'] },
  {
    name: 'desktop security scan',
    command: ['pnpm', '--filter', '@club/desktop', 'security'],
    needs: 'build',
  },
  {
    name: 'end-to-end tests',
    command: ['pnpm', 'run', 'test:e2e'],
    needs: 'build',
    // The e2e setup prerenders its sites from the compilation the build phase just made
    // (apps/web/dist-compiled) instead of compiling the app again.
    env: { CLUB_WEB_COMPILED: join(root, 'apps', 'web', 'dist-compiled') },
  },
]

const outcomes: Outcome[] = []
// The bootstrap (`npm test`) installs before this script runs and says how long it took.
const installSeconds = Number(process.env.CLUB_INSTALL_SECONDS)
if (Number.isFinite(installSeconds) && installSeconds > 0) {
  outcomes.push({
    name: 'install (Node, pnpm, Chromium, packages)',
    seconds: installSeconds,
    result: 'passed',
  })
}

for (const phase of PHASES) {
  const needed = phase.needs && outcomes.find((outcome) => outcome.name === phase.needs)
  if (needed && needed.result !== 'passed') {
    outcomes.push({
      name: phase.name,
      seconds: 0,
      result: 'skipped',
      note: `${phase.needs} failed`,
    })
    continue
  }
  console.log(`\n[check] ${phase.name}: ${phase.command.join(' ')}\n`)
  const started = performance.now()
  const [command = 'pnpm', ...args] = phase.command
  const run = spawnSync(command, args, {
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, ...phase.env },
  })
  const seconds = (performance.now() - started) / 1000
  outcomes.push({ name: phase.name, seconds, result: run.status === 0 ? 'passed' : 'failed' })
}

const total = outcomes.reduce((sum, outcome) => sum + outcome.seconds, 0)
const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`
const width = Math.max(...outcomes.map((outcome) => outcome.name.length), 'total'.length)
console.log('\n[check] phases\n')
console.log(`  ${'phase'.padEnd(width)}  ${'time'.padStart(6)}  result`)
for (const outcome of outcomes) {
  const note = outcome.note ? ` (${outcome.note})` : ''
  console.log(
    `  ${outcome.name.padEnd(width)}  ${clock(outcome.seconds).padStart(6)}  ${outcome.result}${note}`,
  )
}
console.log(`  ${'total'.padEnd(width)}  ${clock(total).padStart(6)}`)

process.exit(outcomes.some((outcome) => outcome.result === 'failed') ? 1 : 0)
