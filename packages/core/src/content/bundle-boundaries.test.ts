import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

// What the browser loads eagerly is decided by static imports: this walks them (type-only
// imports and `import()` excluded, as the bundler does) and checks which packages a module
// pulls in. The store is in every page's first bundle; the diff library is for staff only.

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm
const BARE_IMPORT = /^\s*import\s+['"]([^'"]+)['"]/gm

/** Every package a module reaches through static imports, following our own files. */
function packagesReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const pattern of [STATIC_IMPORT, BARE_IMPORT]) {
      for (const [, specifier] of text.matchAll(pattern)) {
        if (!specifier) continue
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier))
        else packages.add(specifier)
      }
    }
  }
  visit(resolve(SRC, entry))
  return packages
}

describe('bundle boundaries', () => {
  it('should keep zod, DOMPurify and jsondiffpatch out of the content store', () => {
    const reached = [...packagesReachedFrom('content/content-store.ts')]
    expect(reached.filter((name) => /^(zod|dompurify|jsondiffpatch)/.test(name))).toEqual([])
  })

  it.each(['exports/content.ts', 'exports/content-store.ts', 'exports/site.ts'])(
    'should keep jsondiffpatch out of %s, which the public site imports',
    (entry) => {
      expect(packagesReachedFrom(entry).has('jsondiffpatch')).toBe(false)
    },
  )

  it('should bring jsondiffpatch in through the history summaries', () => {
    expect(packagesReachedFrom('history/change-summary.ts').has('jsondiffpatch')).toBe(true)
  })
})
