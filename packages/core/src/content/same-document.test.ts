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

describe('sameDocument, as JSON writes values', () => {
  it('should treat a missing, an undefined and a function-valued property alike', () => {
    expect(sameDocument({ a: 1, f: () => 1 }, { a: 1, u: undefined })).toBe(true)
    expect(sameDocument({ a: 1, b: undefined }, { a: 1, b: null })).toBe(false)
  })

  it('should write undefined and non-finite numbers in an array as null', () => {
    expect(sameDocument([undefined, Number.NaN, Infinity], [null, null, null])).toBe(true)
    expect(sameDocument([undefined], [])).toBe(false)
  })

  it('should compare a date by its JSON text', () => {
    expect(
      sameDocument({ at: new Date('2026-01-02T03:04:05Z') }, { at: '2026-01-02T03:04:05.000Z' }),
    ).toBe(true)
  })

  it('should tell a change deep inside a shared document', () => {
    const players = Array.from({ length: 150 }, (_, index) => ({ id: `p${index}`, name: 'Sam' }))
    const edited = players.map((player, index) =>
      index === 120 ? { ...player, name: 'Sam R' } : player,
    )
    expect(sameDocument({ teams: players }, { teams: players })).toBe(true)
    expect(sameDocument({ teams: players }, { teams: edited })).toBe(false)
    expect(sameDocument(undefined, undefined)).toBe(true)
    expect(sameDocument(undefined, null)).toBe(false)
  })
})
