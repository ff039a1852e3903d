// `pnpm --filter @club/desktop security`: electronegativity on the built app (out/), failing on
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
 * Findings electronegativity asks a person to review (manual review) that have been reviewed.
 * Each is pinned to one place: the check, the built file, and the code the finding must point at
 * (its line, with the lines just before it, trimmed), and it must match exactly one finding. A
 * finding anywhere else, a second one of the same kind, or a review that no longer matches
 * anything fails the run.
 */
type Review = { id: string; file: string; code: readonly string[]; why: string }
const REVIEWED: readonly Review[] = [
  {
    // The check flags the preload option of every window: a preload is how a sandboxed,
    // context-isolated renderer gets a bridge at all, so its cause cannot be removed.
    id: 'PRELOAD_JS_CHECK',
    file: 'main/index.js',
    code: ['webPreferences: {', 'preload: options.preload,'],
    why: 'the one window (security.ts) has the sandboxed preload src/preload/index.ts, which exposes one frozen object built from the IPC contract and never ipcRenderer (src/shared/ipc-contract.test.ts; lint limits it to contextBridge, ipcRenderer and webUtils)',
  },
  {
    // The check flags every openExternal whose argument is not a string literal; the site's
    // and the documentation's addresses are settings, and links come from the pages.
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/index.js',
    code: [
      'const safe = externalUrlToOpen(url, { allowMailto });',
      'if (safe) shell.openExternal(safe);',
    ],
    why: 'the one call opens only what externalUrlToOpen(url) lets through: https without credentials, and a mailto: only for main’s own Help → Report a problem (src/main/security.test.ts)',
  },
  {
    // The check flags every registration of a scheme: club-admin:// links open the app on
    // Windows, whose NSIS installer registers no scheme (macOS and Linux get it from the package).
    id: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'main/index.js',
    code: [
      'if (process.platform === "win32" && app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);',
    ],
    why: 'club-admin:// names only a route of the app: deep-links.ts opens an allow-listed path in the app’s own window and nothing else (src/main/deep-links.test.ts, test/main-platforms.test.ts)',
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
const builtLines = new Map<string, string[]>()
/** The `count` trimmed lines of a built file that end at `line` (1-based). */
function codeAt(file: string, line: number, count: number): string[] {
  let lines = builtLines.get(file)
  if (!lines) {
    lines = readFileSync(`${appDir}out/${file}`, 'utf8').split('\n')
    builtLines.set(file, lines)
  }
  return lines.slice(Math.max(0, line - count), line).map((text) => text.trim())
}
const matches = (review: Review, issue: Issue) =>
  issue.manualReview &&
  review.id === issue.id &&
  review.file === issue.file &&
  codeAt(issue.file, issue.location.line, review.code.length).join('\n') === review.code.join('\n')
const matchesOf = (review: Review) => issues.filter((issue) => matches(review, issue))
// A review covers its finding only when it is the one finding there: a second openExternal
// or window elsewhere would be a new place nobody has reviewed.
const reviewOf = (issue: Issue) =>
  REVIEWED.find((review) => matches(review, issue) && matchesOf(review).length === 1)
const serious = issues.filter((issue) => issue.severity.value >= 2 && !reviewOf(issue))
for (const issue of issues) {
  const review = reviewOf(issue)
  console.log(
    `${issue.severity.name.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id} ${issue.file}:${issue.location.line}${review ? ` (reviewed: ${review.why})` : ''}`,
  )
}
const stale = REVIEWED.filter((review) => matchesOf(review).length !== 1)
for (const review of stale) {
  console.log(
    `review of ${review.id} in ${review.file} matches ${matchesOf(review).length} findings, not 1: review the code there again and update REVIEWED`,
  )
}
const reviewed = issues.filter((issue) => issue.severity.value >= 2 && reviewOf(issue)).length
console.log(
  `electronegativity (Electron ${electronVersion}): ${issues.length} findings; of medium or high severity, ${reviewed} reviewed (each pinned to its code, with its reason above) and ${serious.length} not`,
)
process.exit(serious.length > 0 || stale.length > 0 || unchecked.length > 0 ? 1 : 0)
