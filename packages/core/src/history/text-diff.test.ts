import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { diffWords, newText, oldText } from './text-diff.ts'

describe('diffWords', () => {
  it('should show one replaced word between the words kept around it', () => {
    expect(diffWords('Games are on today', 'Games are off today')).toEqual([
      { op: 'same', text: 'Games are ' },
      { op: 'removed', text: 'on' },
      { op: 'added', text: 'off' },
      { op: 'same', text: ' today' },
    ])
  })

  it('should show added words alone when nothing was removed', () => {
    expect(diffWords('Bring water', 'Bring water and a glove')).toEqual([
      { op: 'same', text: 'Bring water' },
      { op: 'added', text: ' and a glove' },
    ])
  })

  it('should show removed words alone when nothing was added', () => {
    expect(diffWords('Fields open at 9 sharp', 'Fields open at 9')).toEqual([
      { op: 'same', text: 'Fields open at 9' },
      { op: 'removed', text: ' sharp' },
    ])
  })

  it('should read a run of replaced words as one removal and one addition', () => {
    expect(diffWords('The game is on hold', 'The match was called off')).toEqual([
      { op: 'same', text: 'The ' },
      { op: 'removed', text: 'game is on hold' },
      { op: 'added', text: 'match was called off' },
    ])
  })

  it('should give nothing for two empty texts and the text kept for equal ones', () => {
    expect(diffWords('', '')).toEqual([])
    expect(diffWords('Same', 'Same')).toEqual([{ op: 'same', text: 'Same' }])
  })

  it('should find one changed word in long texts, and show very different ones whole', () => {
    const words = Array.from({ length: 20_000 }, (_, index) => `w${index}`)
    const before = words.join(' ')
    const after = words.map((word, index) => (index === 10_000 ? 'changed' : word)).join(' ')
    expect(diffWords(before, after).filter((part) => part.op !== 'same')).toEqual([
      { op: 'removed', text: 'w10000' },
      { op: 'added', text: 'changed' },
    ])
    const other = words.map((word) => `${word}x`).join(' ')
    expect(diffWords(before, other)).toEqual([
      { op: 'removed', text: before },
      { op: 'added', text: other },
    ])
  })

  it('should give back both texts exactly from its parts', () => {
    const words = fc.array(fc.constantFrom('a', 'b', 'c', 'rain', ' ', '  ', '\n'), {
      maxLength: 30,
    })
    fc.assert(
      fc.property(words, words, (a, b) => {
        const before = a.join('')
        const after = b.join('')
        const parts = diffWords(before, after)
        expect(oldText(parts)).toBe(before)
        expect(newText(parts)).toBe(after)
      }),
    )
  })
})
