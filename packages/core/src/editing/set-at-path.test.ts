import { describe, expect, it } from 'vitest'

import { getAtPath, setAtPath } from './set-at-path.ts'

const doc = { hero: { title: 'Old', subtitle: 'Kept' }, links: [{ label: 'A' }, { label: 'B' }] }

describe('setAtPath', () => {
  it('should write the value at a nested object path', () => {
    expect(setAtPath(doc, ['hero', 'title'], 'New').hero).toEqual({
      title: 'New',
      subtitle: 'Kept',
    })
  })

  it('should write into an array item by index', () => {
    expect(setAtPath(doc, ['links', 1, 'label'], 'C').links).toEqual([
      { label: 'A' },
      { label: 'C' },
    ])
  })

  it('should leave the original document unchanged', () => {
    const before = structuredClone(doc)
    setAtPath(doc, ['links', 0, 'label'], 'Z')
    expect(doc).toEqual(before)
  })

  it('should share the branches it did not touch', () => {
    const next = setAtPath(doc, ['hero', 'title'], 'New')
    expect(next.links).toBe(doc.links)
  })

  it('should return the value itself for an empty path', () => {
    expect(setAtPath(['a'], [], ['b'])).toEqual(['b'])
  })

  it('should append when the index is the array length', () => {
    expect(setAtPath(['a'], [1], 'b')).toEqual(['a', 'b'])
  })

  it('should add a missing last key to an object', () => {
    expect(setAtPath({ a: 1 }, ['b'], 2)).toEqual({ a: 1, b: 2 })
  })

  it('should refuse a path through a value that is not an object', () => {
    expect(() => setAtPath(doc, ['hero', 'title', 'x'], 1)).toThrow(RangeError)
  })

  it('should refuse a string key into an array', () => {
    expect(() => setAtPath(doc, ['links', 'x'], 1)).toThrow(RangeError)
  })

  it('should refuse an index past the end of an array', () => {
    expect(() => setAtPath(doc, ['links', 5, 'label'], 'x')).toThrow(RangeError)
  })

  it('should refuse the __proto__ key', () => {
    expect(() => setAtPath({}, ['__proto__', 'polluted'], true)).toThrow(RangeError)
  })
})

describe('getAtPath', () => {
  it('should read a nested value', () => {
    expect(getAtPath(doc, ['links', 1, 'label'])).toBe('B')
  })

  it('should give undefined for a path that leads nowhere', () => {
    expect(getAtPath(doc, ['hero', 'title', 'x'])).toBeUndefined()
  })
})
