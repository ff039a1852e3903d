#!/usr/bin/env bash
# The renames of issue 22 §2 ("Names that explain themselves"), as a codemod that can run again.
#
#   scripts/renames-22.sh [STEP…]      # no step: all, in this order
#
# Steps:
#   routes      admin/pages/*-page.tsx → admin/routes/*.route.tsx (connected screens are *.route.tsx,
#               their components …Route, as in site/routes/)
#   home        the admin's HomePage → AdminHomeRoute (the public HomePage keeps its name)
#   history     content/{history-repository,restore-revision,document-diff,conflict-details}.ts,
#               editors/history/ and editing/ui/history-links.tsx → history/
#   editors     editing/ui/ → editing/in-place/ (@club/core/in-place-editing): the editors of one
#               field in place; editors/ → screen-editors/ (@club/core/screen-editors): the editors
#               that are a whole admin screen
#   club-facts  defaults/constants.ts → club/club-facts.ts
#   club-time   pages/shared/club-time.ts → club/club-time.ts
#   site-paths  site/site-paths.ts → routing/edit-prefix.ts (EDIT_PREFIX, publicPath),
#               site/not-found-head.ts (notFoundHead), site/site-redirects.ts (SITE_REDIRECTS)
#
# Every step is safe to run on a tree where it already ran, in part or whole, and on a tree where
# other files changed since: files still at an old place are moved with `git mv`; then every
# tracked source file's relative import specifiers are resolved and re-pointed by pattern (an
# import of an old path, or a moved file's imports written from its old folder), and the docs,
# comments, ESLint zones and the exports map are rewritten by pattern. It stages nothing beyond
# the moves; commit after each step (`git add -A && git commit -m "Rename: …"`).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

STEPS=("$@")
if [ ${#STEPS[@]} -eq 0 ]; then
  STEPS=(routes home history editors club-facts club-time site-paths)
fi

for step in "${STEPS[@]}"; do
  echo "renames-22: $step"
  node --input-type=module - "$step" <<'NODE'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { dirname, posix, relative, resolve } from 'node:path'

const step = process.argv[2]
const ROOT = process.cwd()
const CORE = 'packages/core/src'

const git = (...args) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
const tracked = () =>
  git('ls-files', '-co', '--exclude-standard')
    .split('\n')
    .filter(Boolean)
    .filter((file) => existsSync(file) && !file.includes('node_modules/'))
const isFile = (path) => existsSync(path) && statSync(path).isFile()
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/* ---------- each step: folder moves (with a file-name transform), file moves, texts ---------- */

/** @type {{from: string, to: string, name?: (n: string) => string}[]} folder moves under core/src */
const folders = []
/** @type {[string, string][]} file moves under core/src */
const files = []
/** @type {[RegExp, string, RegExp?][]} text rewrites: pattern, replacement, optional file filter */
const texts = []
/** identifier renames: [old, new, file filter] */
const identifiers = []

const ALL_TEXT = /\.(?:ts|tsx|mts|js|mjs|cjs|md|json|css|ya?ml)$/
const CODE = /\.(?:ts|tsx|mts|js|mjs|cjs)$/

if (step === 'routes') {
  folders.push({
    from: 'admin/pages',
    to: 'admin/routes',
    name: (n) => n.replace(/-page\.tsx$/, '.route.tsx').replace(/-route\.tsx$/, '.route.tsx'),
  })
  const ADMIN = /^packages\/core\/src\/admin\//
  for (const name of [
    'AboutEditor',
    'Alerts',
    'Communications',
    'FieldStatus',
    'History',
    'NewsEditor',
    'AdminNotFound',
    'Profile',
    'RostersStaff',
    'Settings',
  ]) {
    identifiers.push([`${name}Page`, `${name}Route`, ADMIN])
  }
  // The photo library screen: its lazily loaded module and the Suspense wrapper the area binds.
  texts.push(
    [/const PhotoLibraryRoute = lazy\(/g, 'const LazyPhotoLibraryRoute = lazy(', ADMIN],
    [/<PhotoLibraryRoute \/>/g, '<LazyPhotoLibraryRoute />', ADMIN],
    [/function PhotoLibraryPage\(\)/g, 'function PhotoLibraryRoute()', ADMIN],
    [/^(\s+)PhotoLibraryPage,$/gm, '$1PhotoLibraryRoute,', ADMIN],
    [/part: 'PhotoLibraryPage'/g, "part: 'PhotoLibraryRoute'", ADMIN],
  )
}

if (step === 'home') {
  const ADMIN = /^packages\/core\/src\/admin\//
  texts.push([/AdminHome: HomePage,/g, 'AdminHomeRoute,', ADMIN])
  identifiers.push(['HomePage', 'AdminHomeRoute', ADMIN], ['AdminHome', 'AdminHomeRoute', ADMIN])
  texts.push([/`AdminHome`/g, '`AdminHomeRoute`', /\.md$/])
}

if (step === 'history') {
  for (const name of [
    'history-repository.ts',
    'restore-revision.ts',
    'restore-revision.test.ts',
    'document-diff.ts',
    'document-diff.test.ts',
    'conflict-details.ts',
    'conflict-details.test.ts',
    'history.contract.test.ts',
  ]) {
    files.push([`content/${name}`, `history/${name}`])
  }
  folders.push({ from: 'editors/history', to: 'history' })
  folders.push({ from: 'screen-editors/history', to: 'history' })
  files.push(['editing/ui/history-links.tsx', 'history/history-links.tsx'])
  files.push(['editing/in-place/history-links.tsx', 'history/history-links.tsx'])
}

if (step === 'editors') {
  folders.push({ from: 'editing/ui', to: 'editing/in-place' })
  files.push(['editing/ui-boundary.test.ts', 'editing/in-place-boundary.test.ts'])
  files.push(['exports/editing-ui.ts', 'exports/in-place-editing.ts'])
  folders.push({ from: 'editors', to: 'screen-editors' })
  files.push(['exports/editors.ts', 'exports/screen-editors.ts'])
  texts.push(
    // paths and the lint selectors' and tests' regular expressions
    [/editing(\\*)\/ui(?=[\\/'"`\s,)}(:$*]|$)/gm, 'editing$1/in-place', ALL_TEXT],
    [/editing\/ui-boundary/g, 'editing/in-place-boundary', ALL_TEXT],
    [/(?<![\w-])editing-ui(?![\w-])/g, 'in-place-editing', ALL_TEXT],
    [/(?<![\w.-])editors(\\?\/)/g, 'screen-editors$1', ALL_TEXT],
    [/exports\/editors\.ts/g, 'exports/screen-editors.ts', ALL_TEXT],
    [/'editors'/g, "'screen-editors'", /^eslint\.config\.js$/],
    [/,editors\}/g, ',screen-editors}', /^eslint\.config\.js$/],
    [/@club\/core\/editors(?![\w-])/g, '@club/core/screen-editors', ALL_TEXT],
    [/\(\?:\^\|\\\/\)editors\(/g, '(?:^|\\/)screen-editors(', CODE],
  )
}

if (step === 'club-facts') {
  files.push(['defaults/constants.ts', 'club/club-facts.ts'])
}

if (step === 'club-time') {
  files.push(['pages/shared/club-time.ts', 'club/club-time.ts'])
  files.push(['pages/shared/club-time.test.ts', 'club/club-time.test.ts'])
  // the web app's start-up chunk names its helpers by path
  texts.push(
    [/'pages\/shared\/\(club-time\|/g, "'club/club-time',\n  'pages/shared/(", /vite\.config\.ts$/],
  )
}

/** Symbols of a module split in several: old core path → { symbol → new core path }. */
const splits = {}
if (step === 'site-paths') {
  files.push(['site/site-paths.ts', 'routing/edit-prefix.ts'])
  splits['site/site-paths.ts'] = {
    EDIT_PREFIX: 'routing/edit-prefix.ts',
    publicPath: 'routing/edit-prefix.ts',
    notFoundHead: 'site/not-found-head.ts',
    SITE_REDIRECTS: 'site/site-redirects.ts',
  }
}

/* ------------------------------------ the path mapping ------------------------------------ */

const core = (path) => `${CORE}/${path}`
/** Where an old path (repo-relative) lives now, or undefined when it did not move. */
function moved(path) {
  for (const [from, to] of files) if (path === core(from)) return core(to)
  for (const folder of folders) {
    const prefix = `${core(folder.from)}/`
    if (path.startsWith(prefix)) {
      const rest = path.slice(prefix.length)
      const parts = rest.split('/')
      const last = parts.pop()
      return `${core(folder.to)}/${[...parts, folder.name ? folder.name(last) : last].join('/')}`
    }
  }
  return undefined
}

/* ------------------------------------- 1. the moves --------------------------------------- */

const before = tracked()
const renamedNow = new Map() // new path → old path, for files moved by this run
for (const path of before) {
  const to = moved(path)
  if (!to || to === path || !isFile(path)) continue
  if (existsSync(to)) {
    console.error(`  ! both ${path} and ${to} exist: left as they are`)
    continue
  }
  mkdirSync(dirname(to), { recursive: true })
  try {
    git('mv', path, to)
  } catch {
    renameSync(path, to) // a file git does not track yet
  }
  renamedNow.set(to, path)
  console.log(`  moved ${path} → ${to}`)
}

/* ------------------------------ 2. the site-paths split's files ---------------------------- */

if (step === 'site-paths') {
  const prefixFile = core('routing/edit-prefix.ts')
  const headFile = core('site/not-found-head.ts')
  const redirectsFile = core('site/site-redirects.ts')
  if (isFile(prefixFile) && readFileSync(prefixFile, 'utf8').includes('notFoundHead')) {
    writeFileSync(
      prefixFile,
      `/*
 * The editing view's place: the public pages in edit mode live below EDIT_PREFIX. Depends on
 * nothing, so the signed-in area, the editing UI, realtime and the site all read it from here.
 */

/** Where the editing view of the public pages lives (spec §2). */
export const EDIT_PREFIX = '/admin/edit'

/** The public path a route shows: \`/admin/edit/fields\` → \`/fields\`. */
export function publicPath(pathname: string): string {
  if (pathname === EDIT_PREFIX) return '/'
  if (pathname.startsWith(\`\${EDIT_PREFIX}/\`)) return pathname.slice(EDIT_PREFIX.length)
  return pathname
}
`,
    )
  }
  if (!existsSync(headFile)) {
    writeFileSync(
      headFile,
      `import { publicPath } from '../routing/edit-prefix.ts'
import type { HeadData } from './head.tsx'

/** The head of the branded not-found page. */
export function notFoundHead(pathname: string): HeadData {
  return {
    title: 'Page not found | Youth Baseball & Softball Club',
    description:
      'The page you were looking for is not here. Find programs, teams, fields and news from the home page.',
    path: publicPath(pathname),
    noindex: true,
  }
}
`,
    )
  }
  if (!existsSync(redirectsFile)) {
    writeFileSync(
      redirectsFile,
      `import { SITE_REDIRECT_LIST } from './route-registry.ts'

/** Redirects of the public site (spec §2), from the route registry; the hash is kept. */
export const SITE_REDIRECTS: Readonly<Record<string, string>> = Object.fromEntries(
  SITE_REDIRECT_LIST.map(({ from, to }) => [from, to]),
)
`,
    )
  }
}

/* ------------------------------ 3. relative import specifiers ----------------------------- */

const SPECIFIER = /((?:\bfrom|\bimport)\s*\(?\s*['"])(\.{1,2}\/[^'"\n]+)(['"])/g
const toSpecifier = (fromFile, target) => {
  let spec = posix.relative(posix.dirname(fromFile), target)
  if (!spec.startsWith('.')) spec = `./${spec}`
  return spec
}
/** The old path (repo-relative) a moved file had, from this run or an earlier one. */
function oldPathOf(path) {
  if (renamedNow.has(path)) return renamedNow.get(path)
  for (const [from, to] of files) if (path === core(to) && from !== to) return core(from)
  for (const folder of folders) {
    const prefix = `${core(folder.to)}/`
    if (!path.startsWith(prefix)) continue
    const rest = path.slice(prefix.length)
    if (!folder.name) return `${core(folder.from)}/${rest}`
  }
  return undefined
}
const rel = (abs) => relative(ROOT, abs).split('\\').join('/')

let rewritten = 0
for (const file of tracked()) {
  if (!CODE.test(file) && !file.endsWith('.css')) continue
  const text = readFileSync(file, 'utf8')
  let next = text.replace(SPECIFIER, (whole, head, spec, tail) => {
    const here = rel(resolve(file))
    const fromNew = rel(resolve(dirname(file), spec))
    const wasMovedNow = renamedNow.has(here)
    let target
    if (!wasMovedNow && isFile(fromNew)) return whole
    const base = wasMovedNow || !isFile(fromNew) ? (oldPathOf(here) ?? here) : here
    const fromOld = rel(resolve(dirname(base), spec))
    target = moved(fromOld) ?? fromOld
    if (!isFile(target)) {
      const direct = moved(fromNew)
      if (direct && isFile(direct)) target = direct
      else return whole
    }
    return `${head}${toSpecifier(here, target)}${tail}`
  })
  // a split module: one import statement per new home
  for (const [oldCore, symbols] of Object.entries(splits)) {
    const statement = /(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\4\n?/g
    next = next.replace(statement, (whole, kind, typeOnly, names, quote, spec) => {
      const target = rel(resolve(dirname(file), spec))
      const movedTo = moved(core(oldCore))
      if (target !== core(oldCore) && target !== movedTo) return whole
      const groups = new Map()
      for (const raw of names.split(',').map((n) => n.trim()).filter(Boolean)) {
        const symbol = raw.replace(/^type\s+/, '').split(/\s+as\s+/)[0]
        const home = symbols[symbol] ?? movedTo.slice(CORE.length + 1)
        if (!groups.has(home)) groups.set(home, [])
        groups.get(home).push(raw)
      }
      return [...groups]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([home, list]) =>
            `${kind}${typeOnly ?? ''} { ${list.join(', ')} } from ${quote}${toSpecifier(file, core(home))}${quote}\n`,
        )
        .join('')
    })
  }
  if (next !== text) {
    writeFileSync(file, next)
    rewritten += 1
  }
}
console.log(`  import specifiers re-pointed in ${rewritten} files`)

/* ------------------------------ 4. texts: docs, comments, config --------------------------- */

// Each moved file's core-relative path, wherever a doc or comment names it (import lines are
// left to step 3, whose specifiers are relative to the importer).
const pathTexts = []
for (const [from, to] of files) {
  if (from !== to) pathTexts.push([new RegExp(`(?<![\\w.-])${escape(from)}`, 'g'), to])
}
for (const folder of folders) {
  if (folder.name) {
    pathTexts.push([
      new RegExp(`(?<![\\w.-])${escape(folder.from)}/([\\w.-]+)`, 'g'),
      (_, name) => `${folder.to}/${folder.name(name)}`,
    ])
  }
  // a folder with a slash is unambiguous in prose too; a one-word one only as a path or a string
  const after = folder.from.includes('/') ? `[/\`'" ,)]|$` : `/`
  pathTexts.push([new RegExp(`(?<![\\w.-])${escape(folder.from)}(?=${after})`, 'gm'), folder.to])
}
const IMPORT_LINE = /\bfrom\s+['"]|\bimport\s*\(?\s*['"]/

let edited = 0
for (const file of tracked()) {
  if (!ALL_TEXT.test(file) || file === 'pnpm-lock.yaml' || file.startsWith('scripts/renames-22')) {
    continue
  }
  const text = readFileSync(file, 'utf8')
  const lines = text.split('\n')
  const apply = (line, rules) =>
    IMPORT_LINE.test(line) && /['"]\.{1,2}\//.test(line)
      ? line
      : rules.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), line)
  const fileTexts = texts.filter(([, , only]) => !only || only.test(file))
  const ids = identifiers.filter(([, , only]) => !only || only.test(file))
  let next = lines.map((line) => apply(line, pathTexts)).join('\n')
  for (const [pattern, replacement] of fileTexts) {
    // multi-line patterns and the rules that name import-line text run over the whole file
    next = next
      .split('\n')
      .map((line) =>
        IMPORT_LINE.test(line) && /['"]\.{1,2}\//.test(line) && !/Photo|Home/.test(pattern.source)
          ? line
          : line.replace(pattern, replacement),
      )
      .join('\n')
  }
  for (const [from, to] of ids) next = next.replace(new RegExp(`\\b${from}\\b`, 'g'), to)
  if (next !== text) {
    writeFileSync(file, next)
    edited += 1
  }
}
console.log(`  texts rewritten in ${edited} files`)

/* ------------------------------------ 5. the exports map ----------------------------------- */

const manifest = 'packages/core/package.json'
const pkg = step === 'editors' ? readFileSync(manifest, 'utf8') : ''
const pkgNext = pkg
  .replace(/"\.\/editing-ui": "\.\/src\/exports\/editing-ui\.ts"/, '"./in-place-editing": "./src/exports/in-place-editing.ts"')
  .replace(/"\.\/editors": "\.\/src\/exports\/editors\.ts"/, '"./screen-editors": "./src/exports/screen-editors.ts"')
if (pkgNext !== pkg) writeFileSync(manifest, pkgNext)
NODE
done
echo "renames-22: done; run pnpm format, then review and commit"
