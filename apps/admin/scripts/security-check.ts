// `pnpm --filter @club/admin security`: electronegativity on the built app (out/), failing on
// any finding of medium or high severity. Run after `build`.
//
// Two things make it work offline, as on the build machines:
// - electronegativity fetches fresh translations with `got` before every scan; offline, got's
//   retry after its 1 s timeout throws from a timer and kills the process. That one module is
//   answered here with a fetch that fails at once, so the bundled English strings are used.
// - AvailableSecurityFixesGlobalCheck downloads Electron's release list: it is left out, and the
//   Electron version is given (out/ has no package.json to read it from).
import { readFileSync } from 'node:fs'
import { createRequire, registerHooks } from 'node:module'
import { fileURLToPath } from 'node:url'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const runnerPath = require.resolve('@doyensec/electronegativity')
const electronVersion = (
  JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }
).version

const offlineGot = new URL('./offline-got.cjs', import.meta.url).href
registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'got' && context.parentURL?.includes('electronegativity')) {
      return { url: offlineGot, format: 'commonjs', shortCircuit: true }
    }
    return nextResolve(specifier, context)
  },
  load(url, context, nextLoad) {
    if (url !== offlineGot) return nextLoad(url, context)
    const source = 'module.exports = () => Promise.reject(new Error("offline"))'
    return { format: 'commonjs', source, shortCircuit: true }
  },
})

type Level = { name: string; value: number }
type Issue = {
  id: string
  manualReview: boolean
  file: string
  location: { line: number; column: number }
  severity: Level
  confidence: Level
  description: string
}
/**
 * Findings electronegativity marks for manual review that have been reviewed: each names the
 * check, the built file and why it is safe. Anything else of medium or high severity fails.
 */
const REVIEWED: { id: string; file: string; why: string }[] = [
  {
    id: 'PRELOAD_JS_CHECK',
    file: 'main/index.js',
    why: 'the sandboxed preload exposes one frozen object built from the IPC contract, never ipcRenderer (src/shared/ipc-contract.test.ts; lint limits it to contextBridge and ipcRenderer)',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/index.js',
    why: 'the one call passes externalUrlToOpen(url), which lets through https only (src/main/security.test.ts)',
  },
]

type ParseError = { file: string; message: string; tolerable: boolean }
type Run = (
  options: Record<string, unknown>,
  forCli: boolean,
) => Promise<{ issues: Issue[]; errors: ParseError[] }>

// The runner is Babel output whose module.exports is the function itself.
const run = require(runnerPath) as Run
const { issues, errors } = await run(
  {
    input: `${appDir}out`,
    customScan: [],
    excludeFromScan: ['availablesecurityfixesglobalcheck'],
    isRelative: true,
    isVerbose: false,
    electronVersionOverride: electronVersion,
    parserPlugins: [],
  },
  false,
)

// A file it cannot parse is a file it did not check: that fails the run, except for main's
// third-party chunk (vendor-*.js, see electron.vite.config.ts), which holds none of the app's
// Electron calls.
const isVendor = (file: string) => /[\\/]main[\\/]vendor-[^\\/]+\.js$/.test(file)
const unchecked = errors.filter((error) => !isVendor(error.file))
for (const error of errors) {
  console.log(
    `${isVendor(error.file) ? 'not scanned (third-party)' : 'could not parse'} ${error.file}: ${error.message}`,
  )
}
const reviewOf = (issue: Issue) =>
  issue.manualReview
    ? REVIEWED.find((entry) => entry.id === issue.id && entry.file === issue.file)
    : undefined
const serious = issues.filter((issue) => issue.severity.value >= 2 && !reviewOf(issue))
for (const issue of issues) {
  const review = reviewOf(issue)
  console.log(
    `${issue.severity.name.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id} ${issue.file}:${issue.location.line}${review ? ` (reviewed: ${review.why})` : ''}`,
  )
}
const reviewed = issues.filter((issue) => issue.severity.value >= 2 && reviewOf(issue)).length
console.log(
  `electronegativity (Electron ${electronVersion}): ${issues.length} findings; of medium or high severity, ${reviewed} reviewed (each with its reason above) and ${serious.length} not`,
)
process.exit(serious.length > 0 || unchecked.length > 0 ? 1 : 0)
