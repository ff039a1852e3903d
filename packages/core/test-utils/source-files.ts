/**
 * The workspace's source files as the boundary tests read them (which code imports or names
 * what). Test code only.
 */
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root. */
export const REPO = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The source files below `root` (relative to the repository), as repository-relative paths
 * with `/`; tests left out unless `tests` is set.
 *
 * @example
 * sourceFiles('packages/core/src') // ['packages/core/src/admin/admin-area.tsx', …]
 */
export function sourceFiles(root: string, { tests = false } = {}): string[] {
  return readdirSync(join(REPO, root), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|tsx|js|jsx|mjs)$/.test(entry.name))
    .filter((entry) => tests || !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)).split(sep).join('/'))
}

/** A source without its comments (a comment may show an address or a table as an example). */
export const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
