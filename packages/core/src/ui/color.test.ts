import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { contrastRatio, parseHex, readableTextOn } from './color.ts'

describe('parseHex', () => {
  it('should read short, long and alpha forms', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255])
    expect(parseHex('#0b2545')).toEqual([11, 37, 69])
    expect(parseHex('#0b254580')).toEqual([11, 37, 69])
    expect(parseHex('#f00c')).toEqual([255, 0, 0])
  })

  it('should reject anything that is not a hex colour', () => {
    expect(parseHex('red')).toBeUndefined()
    expect(parseHex('#12')).toBeUndefined()
  })
})

describe('contrastRatio', () => {
  it('should give 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#c8102e', '#c8102e')).toBeCloseTo(1, 5)
  })
})

describe('readableTextOn', () => {
  it('should pick the text colour with at least 4.5:1 contrast on common button colours', () => {
    for (const background of ['#c8102e', '#0b2545', '#ffffff', '#f2c14e', '#777777', '#00ff00']) {
      expect(contrastRatio(background, readableTextOn(background))).toBeGreaterThanOrEqual(4.5)
    }
  })

  it('should use white on dark colours and dark text on light ones', () => {
    expect(readableTextOn('#0b2545')).toBe('#ffffff')
    expect(readableTextOn('#ffffff')).toBe('#000000')
  })
})

describe('readableTextOn, for any colour', () => {
  it('should always reach 4.5:1 contrast', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const background = `#${value.toString(16).padStart(6, '0')}`
        return contrastRatio(background, readableTextOn(background)) >= 4.5
      }),
    )
  })
})
