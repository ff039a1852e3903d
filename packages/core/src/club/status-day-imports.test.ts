import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

// Every page's status line reads status-day.ts, so it is in the web app's start-up chunk with all
// it imports statically (whole modules: the bundler splits by module). This walks those imports.

const HERE = dirname(fileURLToPath(import.meta.url))
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm

function reachedFrom(entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (specifier) visit(resolve(dirname(file), specifier))
    }
  }
  visit(resolve(HERE, entry))
  return [...seen].map((file) => file.slice(HERE.length + 1))
}

describe("the status day's imports", () => {
  it("should bring the weather policy without the rest of the club's facts", () => {
    const reached = reachedFrom('status-day.ts')
    expect(reached).toContain('weather-policy.ts')
    // club-facts.ts holds what the sample content is written from (programs, fees, rosters).
    expect(reached).not.toContain('club-facts.ts')
  })
})
