import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

import { REPO, sourceFiles } from '../../test-utils/source-files.ts'

/*
 * The editors are for staff only: the public site must never import them, or they (and Radix
 * Dialog and Switch) would reach every visitor's bundle. The signed-in areas may: core's admin
 * folder, the web app's lazily loaded admin chunk and the desktop app.
 */

const PUBLIC_ROOTS = ['packages/core/src', 'apps/web/src']
const ADMIN_ONLY = [
  'packages/core/src/screen-editors/',
  // The editing UI is admin-only itself (editing/in-place-boundary.test.ts); its conflict notice
  // shares the history's change list.
  'packages/core/src/editing/in-place/',
  'packages/core/src/admin/',
  'packages/core/src/history/',
  'apps/web/src/admin/',
]
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g

describe('the editors', () => {
  it('should be imported by no public site code', () => {
    const offenders = PUBLIC_ROOTS.flatMap((root) => sourceFiles(root, { tests: true }))
      .filter((file) => !ADMIN_ONLY.some((prefix) => file.startsWith(prefix)))
      .filter((file) =>
        [...readFileSync(join(REPO, file), 'utf8').matchAll(IMPORT)].some(([, specifier]) =>
          /(?:^|\/)screen-editors(?:\/|\.ts$|$)/.test(specifier ?? ''),
        ),
      )
    expect(offenders).toEqual([])
  })
})
