import { describe, expect, it } from 'vitest'

import { idSchema } from './common.ts'
import { uniqueId } from './unique-id.ts'

describe('uniqueId', () => {
  it('should give the prefix and 16 hex digits, valid as an item id', () => {
    const id = uniqueId('quick-link')
    expect(id).toMatch(/^quick-link-[0-9a-f]{16}$/)
    expect(idSchema.safeParse(id).success).toBe(true)
    expect(uniqueId()).toMatch(/^[0-9a-f]{16}$/)
  })

  it('should not repeat over many calls', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => uniqueId('x')))
    expect(ids.size).toBe(10_000)
  })
})
