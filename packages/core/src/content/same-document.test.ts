import { describe, expect, it } from 'vitest'

import { sameDocument } from './same-document.ts'

describe('sameDocument', () => {
  it('should ignore the order of object keys, as jsonb does', () => {
    expect(sameDocument({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true)
  })

  it('should tell apart documents that differ anywhere', () => {
    expect(sameDocument({ a: [1, 2] }, { a: [2, 1] })).toBe(false)
  })

  it('should compare as JSON, where an undefined property is absent', () => {
    expect(sameDocument({ a: 1, b: undefined }, { a: 1 })).toBe(true)
  })
})
