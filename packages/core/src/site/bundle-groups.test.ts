import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

import { describe, expect, it } from 'vitest'

import {
  coreModuleTest,
  EARLY_LINKS_MODULES,
  SIGNED_IN_CONTENT_MODULES,
  STARTUP_MODULES,
} from './bundle-groups.ts'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..')

describe('bundle groups', () => {
  it('should name modules that exist, so a rename fails here rather than in the bundle', () => {
    const missing = [
      ...STARTUP_MODULES,
      ...EARLY_LINKS_MODULES,
      ...SIGNED_IN_CONTENT_MODULES,
    ].filter(
      (module) => !existsSync(join(SRC, `${module}.ts`)) && !existsSync(join(SRC, `${module}.tsx`)),
    )
    expect(missing).toEqual([])
  })

  it('should match a module by its path on any platform, and no other', () => {
    const test = coreModuleTest(['site/head', 'content/undo-stack'])
    expect(test.test('/repo/packages/core/src/site/head.tsx')).toBe(true)
    expect(test.test('C:\\repo\\packages\\core\\src\\content\\undo-stack.ts')).toBe(true)
    expect(test.test('/repo/packages/core/src/site/head-tags.ts')).toBe(false)
    expect(test.test('/repo/packages/core/src/site/site-head.tsx')).toBe(false)
    expect(test.test('/repo/packages/core/src/site/head.css')).toBe(false)
  })
})
