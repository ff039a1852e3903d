import { describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from './club-names.ts'
import { metaDescription, pageTitle } from './page-meta.ts'

describe('metaDescription', () => {
  it('should keep a short description as it is, with whitespace collapsed', () => {
    expect(metaDescription('  Play   ball.\n')).toBe('Play ball.')
  })

  it('should cut a long description at a word boundary within 160 characters', () => {
    const long = 'Baseball and softball for every family. '.repeat(8)
    const cut = metaDescription(long)
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('…')).toBe(true)
    expect(long.startsWith(cut.slice(0, -1))).toBe(true)
  })
})

describe('pageTitle', () => {
  it('should end with the club’s short name', () => {
    expect(pageTitle(' Programs ')).toBe(`Programs | ${CLUB_SHORT_NAME}`)
    expect(pageTitle('')).toBe(CLUB_SHORT_NAME)
  })
})
