import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

// The start-up chunk is the app (browser-app.tsx) with everything it imports statically (see
// vite.config.ts): this walks the app's own static imports (type-only imports and `import()`
// excluded, as the bundler does) to check what a page's start-up carries. bench:web prints the
// figure (home's initial JS); this keeps a module out that nothing renders with.

const SRC = dirname(fileURLToPath(import.meta.url))
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm

/** The app's own modules a module reaches through static imports. */
function reachedFrom(entry: string): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier) visit(resolve(dirname(file), specifier))
    }
  }
  visit(resolve(SRC, entry))
  return new Set([...seen].map((file) => file.slice(SRC.length + 1)))
}

describe('the start-up chunk', () => {
  it('should leave the public reader to the first read, after the page has started', () => {
    const reached = reachedFrom('browser-app.tsx')
    expect(reached).toContain('site-store.ts')
    expect(reached).not.toContain('public-reader.ts')
  })
})
