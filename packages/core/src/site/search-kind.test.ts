import { describe, expect, it } from 'vitest'

import { searchKind } from './search-kind.ts'

describe('searchKind', () => {
  it("should name each page's kind from its route", () => {
    expect(searchKind('/news-and-updates/some-post')).toBe('News post')
    expect(searchKind('/programs/select')).toBe('Program')
    expect(searchKind('/fields')).toBe('Fields')
    expect(searchKind('/rules')).toBe('Rules & FAQ')
    expect(searchKind('/donate')).toBe('Page')
  })
})
