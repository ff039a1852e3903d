import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { REPO, sourceFiles, withoutComments } from '../../test-utils/source-files.ts'

import { REDIRECT_PATTERNS, ROUTE_PATTERNS } from './public-paths.ts'

// docs/architecture.md: routing/public-paths.ts spells the public site's paths, and every other
// production source of core links through it (`paths.fields(id)`, ROUTE_PATTERNS). The
// built-in sample content (defaults/) is data, as stored content is, and keeps its links.
// This finds a string or template literal that starts with a public path's first segment.

const SRC = 'packages/core/src/'
const LEFT_OUT = ['routing/', 'defaults/']

const FIRST_SEGMENTS = [
  ...new Set(
    [...Object.values(ROUTE_PATTERNS), ...Object.values(REDIRECT_PATTERNS), '/calendars/']
      .map((pattern) => pattern.split('/')[1])
      .filter((segment): segment is string => Boolean(segment) && !segment!.startsWith(':')),
  ),
]
const SPELLED_PATH = new RegExp(
  String.raw`['"\x60]\/(${FIRST_SEGMENTS.map((segment) => segment.replace(/[-]/g, '\\-')).join('|')})(?=[/'"\x60#?$]|\$\{)`,
)

describe('public paths', () => {
  it('should be spelled by routing/public-paths.ts alone', () => {
    expect(FIRST_SEGMENTS).toContain('fields')
    const spelled = sourceFiles(SRC)
      .map((file) => file.slice(SRC.length))
      .filter((file) => !LEFT_OUT.some((folder) => file.startsWith(folder)))
      .flatMap((file) =>
        withoutComments(readFileSync(join(REPO, SRC, file), 'utf8'))
          .split('\n')
          .filter((line) => SPELLED_PATH.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      )
    expect(spelled).toEqual([])
  })
})
