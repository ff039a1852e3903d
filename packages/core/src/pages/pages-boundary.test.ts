import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/*
 * Pages are pure (data in, callbacks out) and sit below the site's wiring: site/ composes
 * pages, so a page that imported from site/ would make the dependency run both ways.
 * Test files count too: a page's test reads the same names its page does.
 */

const PAGES = fileURLToPath(new URL('./', import.meta.url))
const SITE = resolve(PAGES, '../site')
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]*)['"]/g

function pageFiles(): string[] {
  return readdirSync(PAGES, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** The relative imports of `file` that resolve into site/. */
function importsIntoSite(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)]
    .map(([, specifier]) => resolve(dirname(file), specifier ?? ''))
    .filter((target) => target === SITE || target.startsWith(`${SITE}${sep}`))
}

describe('pages', () => {
  it('should import nothing from site/', () => {
    const offenders = pageFiles().flatMap((file) =>
      importsIntoSite(file).map(
        (target) => `${relative(PAGES, file)} → ${relative(resolve(PAGES, '..'), target)}`,
      ),
    )
    expect(offenders).toEqual([])
  })
})
