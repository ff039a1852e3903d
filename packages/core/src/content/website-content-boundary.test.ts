import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

// docs/architecture.md: the content repositories are the only code that reads or saves the rows
// of `website_content` (content-repository.ts: a visitor's read; content-repository-client.ts:
// saves and the signed-in reads), and realtime/content-feed.ts the only code that follows its
// changes. This finds every production source of core and the apps that names the table in a
// string, the way a query or a channel binding must.

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..')
const SOURCES = ['packages/core/src', 'apps/web/src', 'apps/web/scripts', 'apps/desktop/src']
const NAMES_THE_TABLE = /['"`]website_content\b/

function productionFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : productionFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** The string literals of a source with its comments left out (a comment may name the table). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

describe('website_content', () => {
  it('should be named in code by the content repositories and the content feed only', () => {
    const naming = SOURCES.flatMap((dir) => productionFiles(join(ROOT, dir)))
      .filter((file) => NAMES_THE_TABLE.test(withoutComments(readFileSync(file, 'utf8'))))
      .map((file) => relative(ROOT, file))
      .sort()
    expect(naming).toEqual([
      'packages/core/src/content/content-repository-client.ts',
      'packages/core/src/content/content-repository.ts',
      'packages/core/src/realtime/content-feed.ts',
    ])
  })
})
