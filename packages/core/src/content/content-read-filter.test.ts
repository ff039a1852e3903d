import { describe, expect, it } from 'vitest'

import { contentReadFilter, contentReadKeys } from './content-repository.ts'

const asked = (keys: string[], held: Record<string, number> = {}) =>
  contentReadKeys(new URLSearchParams(contentReadFilter(keys, held))).toSorted()

describe('contentReadFilter', () => {
  it('should ask for the keys as a list when nothing is held', () => {
    expect(contentReadFilter(['alerts', 'content'])).toEqual({ key: 'in.(alerts,content)' })
  })

  it('should leave out each held key stored at the version held', () => {
    expect(
      contentReadFilter(['alerts', 'content', 'news/a1'], { content: 4, 'news/a1': 2 }),
    ).toEqual({
      or: '(key.in.(alerts),and(key.eq.content,version.neq.4),and(key.eq.news/a1,version.neq.2))',
    })
    expect(contentReadFilter(['content'], { content: 4 })).toEqual({
      or: '(and(key.eq.content,version.neq.4))',
    })
  })

  it('should quote a key that PostgREST’s grammar would split', () => {
    expect(contentReadFilter(['a,b', 'c(d)'], { 'c(d)': 1 })).toEqual({
      or: '(key.in.("a,b"),and(key.eq."c(d)",version.neq.1))',
    })
  })
})

describe('contentReadKeys', () => {
  it('should read back every key a filter asks for, held or not', () => {
    expect(asked(['alerts', 'content'])).toEqual(['alerts', 'content'])
    expect(asked(['alerts', 'content', 'news/a1'], { content: 4, 'news/a1': 2 })).toEqual([
      'alerts',
      'content',
      'news/a1',
    ])
    expect(asked(['a,b', 'c(d)', 'e"f'], { 'c(d)': 1 })).toEqual(['a,b', 'c(d)', 'e"f'])
    expect(contentReadKeys(new URLSearchParams('key=eq.alerts'))).toEqual(['alerts'])
  })
})
