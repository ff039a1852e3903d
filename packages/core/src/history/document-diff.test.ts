import { describe, expect, it } from 'vitest'

import { describeChange, describeValue, diffDocuments, formatPath } from './document-diff.ts'

describe('diffDocuments', () => {
  it('should list nothing for equal documents', () => {
    expect(diffDocuments({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([])
  })

  it('should name a changed field by its path with both values', () => {
    expect(
      diffDocuments({ hero: { title: 'Play ball' } }, { hero: { title: 'Rain delay' } }),
    ).toEqual([
      {
        kind: 'changed',
        path: 'hero.title',
        segments: ['hero', 'title'],
        before: 'Play ball',
        after: 'Rain delay',
      },
    ])
  })

  it('should report an added field with its value', () => {
    expect(diffDocuments({ a: 1 }, { a: 1, note: 'new' })).toEqual([
      { kind: 'added', path: 'note', segments: ['note'], after: 'new' },
    ])
  })

  it('should report a removed field with the value it had', () => {
    expect(diffDocuments({ a: 1, note: 'old' }, { a: 1 })).toEqual([
      { kind: 'removed', path: 'note', segments: ['note'], before: 'old' },
    ])
  })

  it('should report an item added to a list at its index', () => {
    const before = [{ id: 'a', title: 'A' }]
    const after = [
      { id: 'a', title: 'A' },
      { id: 'b', title: 'B' },
    ]
    expect(diffDocuments(before, after)).toEqual([
      { kind: 'added', path: '[1]', segments: [1], after: { id: 'b', title: 'B' } },
    ])
  })

  it('should report an item removed from a list at its old index', () => {
    const before = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    const after = [{ id: 'a' }, { id: 'c' }]
    expect(diffDocuments(before, after)).toEqual([
      { kind: 'removed', path: '[1]', segments: [1], before: { id: 'b' } },
    ])
  })

  it('should match list items by id, so an edit inside one names that item', () => {
    const before = {
      alerts: [
        { id: 'x', title: 'Old' },
        { id: 'y', title: 'Same' },
      ],
    }
    const after = {
      alerts: [
        { id: 'new', title: 'First' },
        { id: 'x', title: 'New' },
        { id: 'y', title: 'Same' },
      ],
    }
    expect(diffDocuments(before, after).map((item) => [item.kind, item.path])).toEqual([
      ['added', 'alerts[0]'],
      ['changed', 'alerts[1].title'],
    ])
  })

  it('should report a reordered item as moved', () => {
    const before = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    const after = [{ id: 'c' }, { id: 'a' }, { id: 'b' }]
    expect(diffDocuments(before, after)).toEqual([
      { kind: 'moved', path: '[0]', segments: [0], before: 2, after: 0 },
    ])
  })

  it('should report a whole document replaced by a value of another type as changed', () => {
    expect(diffDocuments('text', ['list'])).toEqual([
      { kind: 'changed', path: '', segments: [], before: 'text', after: ['list'] },
    ])
  })
})

describe('formatPath', () => {
  it('should quote property names that are not identifiers', () => {
    expect(formatPath(['teams', 0, 'coach name'])).toBe('teams[0]["coach name"]')
  })
})

describe('describeChange', () => {
  it('should say what changed from what to what', () => {
    const [item] = diffDocuments({ hero: { title: 'A' } }, { hero: { title: 'B' } })
    expect(describeChange(item!)).toBe('hero.title changed from "A" to "B"')
  })

  it('should count positions from 1 for a move', () => {
    expect(describeChange({ kind: 'moved', path: '[0]', segments: [0], before: 2, after: 0 })).toBe(
      '[0] moved from position 3 to 1',
    )
  })

  it('should name the whole document when the path is empty', () => {
    expect(describeChange({ kind: 'removed', path: '', segments: [], before: [] })).toBe(
      'The whole document removed (was a list of 0 items)',
    )
  })
})

describe('describeValue', () => {
  it('should shorten long text', () => {
    expect(describeValue('x'.repeat(200))).toBe(JSON.stringify(`${'x'.repeat(79)}…`))
  })

  it('should summarise groups of fields', () => {
    expect(describeValue({ a: 1 })).toBe('a group of fields')
  })
})
