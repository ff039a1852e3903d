import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

import { REPO, sourceFiles } from '../../test-utils/source-files.ts'

/*
 * The editing UI (Tiptap, dnd-kit, Radix Dialog) is for staff only: public code that imported
 * it would put all of it in every visitor's bundle. Admin code and the editing UI itself may.
 */

const ROOTS = ['packages/core/src', 'apps/web/src']
const ALLOWED = [
  'packages/core/src/editing/in-place/',
  'packages/core/src/exports/in-place-editing.ts',
  'packages/core/src/admin/',
  'packages/core/src/history/',
  // The dedicated editors are admin-only themselves (screen-editors/admin-only.test.ts).
  'packages/core/src/screen-editors/',
  'apps/web/src/admin/',
]
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g
const EDITING_UI = /(?:editing\/in-place(?:\/|$)|in-place-editing(?:\.ts)?$)/

describe('the editing UI', () => {
  it('should be imported by no public code', () => {
    const offenders = ROOTS.flatMap((root) => sourceFiles(root))
      .filter((file) => !ALLOWED.some((prefix) => file.startsWith(prefix)))
      .filter((file) =>
        [...readFileSync(join(REPO, file), 'utf8').matchAll(IMPORT)].some(([, specifier]) =>
          EDITING_UI.test(specifier ?? ''),
        ),
      )
    expect(offenders).toEqual([])
  })
})
