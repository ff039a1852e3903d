/**
 * Checks that every workspace entry (`@club/...`) that a script run by plain Node imports
 * loads in plain Node: no `.tsx`, no CSS, no browser-only module on its import graph. Such an
 * entry loads fine under Vite and vitest, so only the script itself would fail, at run time
 * (`npm start` once stopped with ERR_UNKNOWN_FILE_EXTENSION this way). Part of `pnpm lint`.
 *
 * The scripts are the `.ts` files of `scripts/` and `apps/web/scripts/` (what `package.json`
 * scripts run with `node`). Type-only imports are erased before Node runs, so they are not
 * counted. Each entry is imported in one child process, the way the scripts import it.
 *
 * @example
 * node scripts/check-node-entries.ts   # prints the entries checked; exits 1 naming each failure
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SCRIPT_DIRS = ['scripts', 'apps/web/scripts']

/** The `@club/...` specifiers a script's source imports at run time, static or dynamic. */
export function runtimeEntries(source: string): string[] {
  const found = new Set<string>()
  // `import { a, type B } from '@club/x'` and `import x from`, not `import type … from`.
  for (const match of source.matchAll(
    /^[ \t]*import\s+(?!type\s)[^'"]*?\sfrom\s+'(@club\/[^']+)'/gm,
  ))
    if (match[1]) found.add(match[1])
  for (const match of source.matchAll(/\bimport\(\s*'(@club\/[^']+)'\s*\)/g))
    if (match[1]) found.add(match[1])
  return [...found]
}

function scriptFiles(): string[] {
  return SCRIPT_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => join(root, dir, name)),
  )
}

function main() {
  const users = new Map<string, string[]>()
  for (const file of scriptFiles())
    for (const entry of runtimeEntries(readFileSync(file, 'utf8')))
      users.set(entry, [...(users.get(entry) ?? []), relative(root, file)])
  const entries = [...users.keys()].sort()
  // One child: each entry is imported on its own, and every failure is reported.
  // React too is a failure: a script imports its entries before Vite's build sets NODE_ENV, so
  // React would load its development build, and the prerender would mix it with the production
  // react-dom the build loads later ("dispatcher.getOwner is not a function").
  const probe = `
    const { default: Module } = await import('node:module')
    const failures = []
    const reactLoaded = () => Object.keys(Module._cache).some((path) => /[\\/]react[\\/]/.test(path))
    for (const entry of ${JSON.stringify(entries)}) {
      const before = reactLoaded()
      try { await import(entry) } catch (error) { failures.push(entry + ': ' + String(error?.message ?? error).split('\\n')[0]); continue }
      if (!before && reactLoaded()) failures.push(entry + ': loads React')
    }
    console.log(JSON.stringify(failures))
    process.exit(0)
  `
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', probe], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const failures = JSON.parse(output.trim().split('\n').at(-1) ?? '[]') as string[]
  for (const failure of failures) {
    const entry = failure.slice(0, failure.indexOf(':'))
    console.error(
      `check-node-entries: ${failure}\n  imported by ${(users.get(entry) ?? []).join(', ')}: ` +
        'a script run by plain Node needs an entry whose imports Node can load',
    )
  }
  if (failures.length > 0) process.exit(1)
  console.log(`check-node-entries: ${entries.length} entries load in plain Node`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
