import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { dmvClassName, PROGRAM_FACTS, programName } from './club-facts.ts'

describe('one name per program and team', () => {
  it('should give each program one full name, and a short form only where one is kept', () => {
    expect(programName('flash-softball')).toBe('Flash Fastpitch Softball')
    expect(programName('flash-softball', 'short')).toBe('Flash')
    // A program without a short form keeps its name where space is short.
    expect(programName('big-train', 'short')).toBe(PROGRAM_FACTS['big-train'].name)
  })

  it('should name a DMV Prospects class one way, with its short form', () => {
    expect(dmvClassName(2027)).toBe('DMV Prospects Class of 2027')
    expect(dmvClassName(2027, 'short')).toBe('Class of 2027')
  })

  it('should use no other form of those names anywhere in the sample content', () => {
    const text = JSON.stringify(DEFAULT_CONTENT)
    expect(text).not.toMatch(/Flash Softball/)
    expect(text).not.toMatch(/DMV Prospects (?!Class of )\d{4}/)
    for (const year of [2026, 2027, 2028]) {
      expect(DEFAULT_CONTENT.teams[`dmv-prospects-${year}`]?.name).toBe(dmvClassName(year))
      expect(DEFAULT_CONTENT.teams[`dmv-prospects-${year}`]?.heroContent?.title).toBe(
        dmvClassName(year),
      )
    }
  })
})
