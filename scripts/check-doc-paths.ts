/**
 * Checks that every repository path README.md and docs/architecture.md name exists, so the docs
 * cannot point at a file that was moved or deleted. Part of `pnpm lint`.
 *
 * What counts as a named path:
 * - a relative Markdown link (`[its README](../apps/desktop/README.md)`), resolved from the doc;
 * - a word ending in a file extension inside a fenced code block (the trees and listings);
 * - a backticked token that looks like a path: it contains `/` or ends in a file extension.
 *   Docs name files relative to the part they describe (`src/main.tsx` under "Web app",
 *   `editing/in-place/edit-commands.ts` inside core), so such a token exists when some tracked file or
 *   folder ends with it at a path-segment boundary; `*` in a token matches within one segment, a double star any run of folders.
 *
 * Not checked: routes and URLs (`/admin/home`, `https://…`), package specifiers (`@club/core/ui`),
 * and the build outputs and local state listed in GENERATED, which no clone holds.
 *
 * @example
 * node scripts/check-doc-paths.ts   # prints the count checked; exits 1 naming each missing path
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The docs whose paths must exist. */
export const CHECKED_DOCS = ['README.md', 'docs/architecture.md']

/** Names of build outputs and local state: the docs describe them, no checkout holds them. */
const GENERATED = new Set([
  '404.html',
  'sitemap.xml',
  'robots.txt',
  '_redirects',
  'admin-login/',
  'admin/',
  'calendars/*.ics',
  'out/renderer',
  'vendor-*.js',
  '.local-supabase/cache/',
  '.local-supabase/data',
  '.tooling/',
  '.tooling/bin',
  'test-results/timing',
  'playwright-report/timing',
  'apps/web/dist-server',
  'apps/web/dist-compiled',
  'dist-server/',
  'site.json',
  // The club's own project for a desktop build, which each club writes (never committed), and
  // what `pnpm build` makes of it.
  'club-config.json',
  'build/club-config.json',
  'out/club-config.json',
  // A media type, not a path.
  'text/calendar',
])

const FILE_EXTENSION = /\.(ts|tsx|mts|js|mjs|cjs|json|md|sql|toml|ya?ml|css|html|sh)$/

/** A file name, with or without folders, inside a fenced code block. */
const CODE_BLOCK_FILE = /[\w.*/-]*[\w*-]\.(?:tsx?|css|json|md|sql|toml|ya?ml|mjs|js)\b/g

/** Whether a backticked token names a repository path (see the file's header). */
function looksLikePath(token: string): boolean {
  if (/\s|^[/@~$]|^https?:|^[a-z]+:\/\/|[<>=(){}|,;'"]/.test(token)) return false
  if (/^\.{1,2}$/.test(token)) return false
  return token.includes('/') || FILE_EXTENSION.test(token)
}

/** The paths a Markdown document names, with their line numbers. */
export function namedPaths(markdown: string, docPath: string): { path: string; line: number }[] {
  const named: { path: string; line: number }[] = []
  let inCodeBlock = false
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1
    if (text.startsWith('```')) {
      inCodeBlock = !inCodeBlock
      return
    }
    if (inCodeBlock) {
      // Trees and listings: every word that ends in a file extension names a file.
      for (const [path] of text.matchAll(CODE_BLOCK_FILE))
        if (!GENERATED.has(path)) named.push({ path, line })
      return
    }
    for (const [, token = ''] of text.matchAll(/`([^`\n]+)`/g)) {
      const path = token.replace(/[.:]+$/, '')
      if (looksLikePath(path) && !GENERATED.has(path)) named.push({ path, line })
    }
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:|^#/.test(target)) continue
      const file = target.split('#')[0] ?? target
      named.push({ path: normalize(join(dirname(docPath), file)), line })
    }
  })
  return named
}

/** Every tracked file and every folder holding one, relative to the root, `/`-separated. */
function trackedPaths(root: string): string[] {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  )
    .split('\0')
    .filter(Boolean)
  const all = new Set(files)
  for (const file of files) {
    const parts = file.split('/')
    for (let i = 1; i < parts.length; i++) all.add(parts.slice(0, i).join('/') + '/')
  }
  return [...all]
}

/** A matcher for a named path: it ends a tracked path at a segment boundary. */
function matcher(named: string): RegExp {
  const folder = named.endsWith('/')
  const escape = (part: string) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
  const body = named
    .replace(/\/$/, '')
    .split('**/')
    .map((part) => part.split('*').map(escape).join('[^/]*'))
    .join('(?:.*/)?')
  return new RegExp(`(^|/)${body}${folder ? '/' : '/?'}$`)
}

/** The named paths of the checked docs that match no tracked file or folder. */
export function missingDocPaths(root: string): {
  checked: number
  missing: { doc: string; line: number; path: string }[]
} {
  const tracked = trackedPaths(root)
  const missing: { doc: string; line: number; path: string }[] = []
  let checked = 0
  for (const doc of CHECKED_DOCS) {
    for (const { path, line } of namedPaths(readFileSync(join(root, doc), 'utf8'), doc)) {
      checked++
      const pattern = matcher(path)
      if (!tracked.some((candidate) => pattern.test(candidate))) missing.push({ doc, line, path })
    }
  }
  return { checked, missing }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === normalize(process.argv[1])) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..')
  const { checked, missing } = missingDocPaths(root)
  for (const { doc, line, path } of missing) {
    console.error(`${relative(process.cwd(), join(root, doc))}:${line}: \`${path}\` does not exist`)
  }
  // Fewer than this means the extraction itself broke, which must not pass as "all exist".
  const EXPECTED_AT_LEAST = 60
  if (checked < EXPECTED_AT_LEAST) {
    console.error(
      `Only ${checked} paths found in ${CHECKED_DOCS.join(', ')}: is the extraction broken?`,
    )
    process.exit(1)
  }
  console.log(
    `doc paths: ${checked} checked in ${CHECKED_DOCS.join(', ')}, ${missing.length} missing`,
  )
  process.exit(missing.length === 0 ? 0 : 1)
}
