import { describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from './club-names.ts'
import { absoluteUrl, metaDescription, pageTitle } from './page-meta.ts'

describe('page meta helpers', () => {
  it('should end every title with the club name', () => {
    expect(pageTitle('Alumni')).toBe(`Alumni | ${CLUB_SHORT_NAME}`)
  })

  it('should add the tail to a short description and cut a long one at a word', () => {
    const short = metaDescription('Short text.', 'A sentence written for families who want more.')
    expect(short).toBe('Short text. A sentence written for families who want more.')
    const long = metaDescription('word '.repeat(60), 'unused')
    expect(long.length).toBeLessThanOrEqual(160)
    expect(long.endsWith('word…')).toBe(true)
  })

  it('should join site paths to the site address and keep absolute addresses', () => {
    expect(absoluteUrl('https://club.example.org/', '/news-and-updates/a')).toBe(
      'https://club.example.org/news-and-updates/a',
    )
    expect(absoluteUrl('https://club.example.org', 'https://cdn.example.org/x.png')).toBe(
      'https://cdn.example.org/x.png',
    )
  })
})
