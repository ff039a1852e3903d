import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'

import { REPO, sourceFiles, withoutComments } from '../../test-utils/source-files.ts'

// docs/architecture.md: the content repositories are the only code that reads or saves the rows
// of `website_content` (content-repository.ts: a visitor's read; content-repository-client.ts:
// saves and the signed-in reads), and realtime/content-feed.ts the only code that follows its
// changes. This finds every production source of core and the apps that names the table in a
// string, the way a query or a channel binding must.

const SOURCES = ['packages/core/src', 'apps/web/src', 'apps/web/scripts', 'apps/desktop/src']
const NAMES_THE_TABLE = /['"`]website_content\b/

describe('website_content', () => {
  it('should be named in code by the content repositories and the content feed only', () => {
    const naming = SOURCES.flatMap((dir) => sourceFiles(dir))
      .filter((file) =>
        NAMES_THE_TABLE.test(withoutComments(readFileSync(join(REPO, file), 'utf8'))),
      )
      .sort()
    expect(naming).toEqual([
      'packages/core/src/content/content-repository-client.ts',
      'packages/core/src/content/content-repository.ts',
      'packages/core/src/realtime/content-feed.ts',
    ])
  })
})
