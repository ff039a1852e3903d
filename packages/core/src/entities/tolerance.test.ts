import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MAX_LIST_ITEMS } from './document-limits.ts'
import { formatPath } from './format-path.ts'
import { JUNK_ALLOWANCE, repairValue } from './repair-value.ts'
import { keyedRecord, uniqueArray, withNeutral } from './tolerance.ts'

const item = z.object({
  id: z.string(),
  name: z.string(),
  note: withNeutral(z.string(), ''),
  tag: z.string().optional(),
})
const list = uniqueArray(item, { id: (entry) => entry.id }, 5)
const doc = z.object({ title: z.string(), count: z.number(), items: list })
type Doc = z.infer<typeof doc>

const fallback: Doc = {
  title: 'Default title',
  count: 1,
  items: [
    { id: 'a', name: 'Alpha', note: 'first' },
    { id: 'b', name: 'Beta', note: 'second' },
  ],
}

describe('repairValue', () => {
  it('should keep a valid value and strip unknown fields', () => {
    const input = { ...fallback, extra: true, items: [{ id: 'c', name: 'C', note: '', x: 1 }] }
    const result = repairValue(doc, input, fallback)
    expect(result).toEqual({
      value: { title: 'Default title', count: 1, items: [{ id: 'c', name: 'C', note: '' }] },
      issues: [],
      usedFallback: false,
    })
  })

  it('should drop a malformed element and keep the others', () => {
    const input = { ...fallback, items: [{ id: 'x', name: 'X', note: '' }, { id: 'y' }, 'junk'] }
    const result = repairValue(doc, input, fallback)
    expect(result.value.items.map((entry) => entry.id)).toEqual(['x'])
    expect(result.issues.map((issue) => [issue.path, issue.action])).toEqual([
      [['items', 1], 'dropped'],
      [['items', 2], 'dropped'],
    ])
  })

  it("should take the fallback's field for an element with the same id", () => {
    const input = { ...fallback, items: [{ id: 'b', name: 42n, note: 'kept' }] }
    const result = repairValue(doc, input, fallback)
    expect(result.value.items).toEqual([{ id: 'b', name: 'Beta', note: 'kept' }])
    expect(result.issues).toEqual([
      { path: ['items', 0, 'name'], action: 'defaulted', reason: expect.any(String) },
    ])
  })

  it('should use the neutral value, or omit an optional field, when there is no counterpart', () => {
    const input = { ...fallback, items: [{ id: 'new', name: 'New', note: null, tag: {} }] }
    const result = repairValue(doc, input, fallback)
    expect(result.value.items).toEqual([{ id: 'new', name: 'New', note: '' }])
    expect(result.issues.map((issue) => [issue.path.at(-1), issue.action])).toEqual([
      ['note', 'neutral'],
      ['tag', 'omitted'],
    ])
  })

  it('should drop later duplicates and keep the first', () => {
    const input = {
      ...fallback,
      items: [
        { id: 'd', name: 'first', note: '' },
        { id: 'd', name: 'second', note: '' },
      ],
    }
    const result = repairValue(doc, input, fallback)
    expect(result.value.items).toEqual([{ id: 'd', name: 'first', note: '' }])
    expect(result.issues).toEqual([
      { path: ['items', 1], action: 'dropped', reason: 'Duplicate id' },
    ])
  })

  it('should keep the head of an over-long list and report the unread tail as one counted issue', () => {
    const items = Array.from({ length: 7 }, (_, i) => ({ id: `i${i}`, name: 'n', note: '' }))
    const result = repairValue(doc, { ...fallback, items }, fallback)
    expect(result.value.items).toHaveLength(5)
    expect(result.issues).toEqual([
      {
        path: ['items', 5],
        action: 'dropped',
        reason: '2 items left unread past the limit of 5',
        count: 2,
      },
    ])
  })

  it('should never read a list past the database limit, even without a max of its own', () => {
    const long = z.array(z.object({ n: z.number() }))
    let reads = 0
    const items = Array.from({ length: MAX_LIST_ITEMS + 500 }, (_, n) => ({
      get n() {
        reads++
        return n
      },
    }))
    const result = repairValue(long, items, [])
    expect(result.value).toHaveLength(MAX_LIST_ITEMS)
    expect(result.issues).toEqual([expect.objectContaining({ path: [MAX_LIST_ITEMS], count: 500 })])
    // Each kept item is read a few times at most (the whole list is not validated first).
    expect(reads).toBeLessThanOrEqual(MAX_LIST_ITEMS * 2)
  })

  it('should stop reading a list once junk outnumbers what it holds of value', () => {
    const long = z.array(z.object({ n: z.number() }))
    const items = [
      { n: 1 },
      { n: 2 },
      ...Array.from({ length: 5000 }, () => ({ n: 'junk' })),
      { n: 3 },
    ]
    const result = repairValue(long, items, [])
    expect(result.value).toEqual([{ n: 1 }, { n: 2 }])
    const unread = result.issues.at(-1)
    expect(unread).toMatchObject({ path: [2 + JUNK_ALLOWANCE + 3], action: 'dropped' })
    expect(unread?.reason).toContain('after too many unreadable ones')
    expect(result.issues.reduce((sum, issue) => sum + (issue.count ?? 1), 0)).toBe(5001)
  })

  it('should read a record to its end, but not past a long run of junk', () => {
    const record = z.record(z.string(), z.number())
    const valid = Object.fromEntries(
      Array.from({ length: MAX_LIST_ITEMS + 3 }, (_, i) => [`k${i}`, i]),
    )
    expect(Object.keys(repairValue(record, valid, {}).value)).toHaveLength(MAX_LIST_ITEMS + 3)

    const junk = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 'junk']))
    const result = repairValue(record, junk, {})
    expect(result.value).toEqual({})
    expect(result.issues.at(-1)).toMatchObject({
      path: [`k${JUNK_ALLOWANCE + 1}`],
      count: 5000 - JUNK_ALLOWANCE - 1,
    })
  })

  it('should report only the drop of an element, not the repairs inside it', () => {
    const input = {
      ...fallback,
      items: [
        { id: 'e', name: 'ok', note: '' },
        { id: 'e', name: 'dup', note: 5 },
      ],
    }
    const result = repairValue(doc, input, fallback)
    expect(result.issues).toEqual([
      { path: ['items', 1], action: 'dropped', reason: 'Duplicate id' },
    ])
  })

  it('should convert numbers stored as strings, and report it', () => {
    const result = repairValue(doc, { ...fallback, count: ' 12 ' }, fallback)
    expect(result.value.count).toBe(12)
    expect(result.issues).toEqual([
      { path: ['count'], action: 'coerced', reason: expect.any(String) },
    ])
  })

  it('should fall back whole when the value is not the right kind of thing', () => {
    for (const input of [null, 'text', 7, [], [fallback], true]) {
      const result = repairValue(doc, input, fallback)
      expect(result.value).toEqual(fallback)
      expect(result.usedFallback).toBe(true)
      expect(result.issues).toEqual([{ path: [], action: 'defaulted', reason: expect.any(String) }])
    }
  })

  it('should not throw when reading the input throws', () => {
    const hostile = {
      get title(): string {
        throw new Error('boom')
      },
    }
    const result = repairValue(doc, hostile, fallback)
    expect(result.value).toEqual(fallback)
    expect(result.usedFallback).toBe(true)
  })

  it('should repair a discriminated union element against the option its tag names', () => {
    const shape = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a'), text: withNeutral(z.string(), '') }),
      z.object({ kind: z.literal('b'), size: z.number() }),
    ])
    const blocks = z.array(shape)
    const result = repairValue(
      blocks,
      [{ kind: 'a', text: 3n }, { kind: 'b', size: 'x' }, { kind: 'c' }, { kind: 'b', size: 2 }],
      [],
    )
    expect(result.value).toEqual([
      { kind: 'a', text: '' },
      { kind: 'b', size: 2 },
    ])
    expect(result.issues.map((issue) => [issue.path, issue.action])).toEqual([
      [[0, 'text'], 'neutral'],
      [[1], 'dropped'],
      [[2], 'dropped'],
    ])
  })

  it('should drop record entries with a bad key or a key that is not the id', () => {
    const record = keyedRecord(
      z.string().regex(/^[a-z-]+$/),
      z.object({ id: z.string() }),
      (v) => v.id,
    )
    const input = JSON.parse(
      '{"ok":{"id":"ok"},"__proto__":{"id":"__proto__"},"wrong":{"id":"other"},"bad":{}}',
    ) as unknown
    const result = repairValue(record, input, {})
    expect(result.value).toEqual({ ok: { id: 'ok' } })
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype)
    expect(result.issues.map((issue) => issue.path)).toEqual([['__proto__'], ['wrong'], ['bad']])
  })

  it('should refuse a neutral value that the schema itself rejects', () => {
    expect(() => withNeutral(z.string().min(2), '')).toThrow()
  })
})

describe('formatPath', () => {
  it('should write paths the way JavaScript accesses them', () => {
    expect(formatPath('newsPosts', [3, 'content', 2])).toBe('newsPosts[3].content[2]')
    expect(formatPath('teams', ['flash-12u', 'roster', 0])).toBe('teams["flash-12u"].roster[0]')
    expect(formatPath('content', [])).toBe('content')
  })
})
