import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import type { HomeContent } from './home-content.ts'
import { parseDocument, type ContentIssue } from './parse-document.ts'

function parseHome(stored: unknown): { value: HomeContent; issues: ContentIssue[] } {
  const issues: ContentIssue[] = []
  const value = parseDocument('content', stored, DEFAULT_CONTENT.content, (issue) =>
    issues.push(issue),
  )
  return { value, issues }
}

const stored = (): HomeContent => structuredClone(DEFAULT_CONTENT.content) as HomeContent

describe('home content support block', () => {
  it('should accept a document stored before sponsors and the donation link existed', () => {
    const home = stored()
    delete home.support.sponsors
    delete home.support.donationLink
    const { value, issues } = parseHome(home)
    expect(issues).toEqual([])
    expect(value.support.sponsors).toBeUndefined()
    expect(value.support.donationLink).toBeUndefined()
  })

  it('should refuse a donation link that is not a web, mail or site link', () => {
    const home = stored()
    home.support.donationLink = 'javascript:alert(1)'
    const { value, issues } = parseHome(home)
    expect(value.support.donationLink).toBe(DEFAULT_CONTENT.content.support.donationLink)
    expect(issues.map((issue) => issue.path)).toEqual(['content.support.donationLink'])
  })

  it('should keep a sponsor whose link or tier is bad, without them', () => {
    const home = stored()
    home.support.sponsors = [
      {
        id: 'a',
        name: 'A',
        logoUrl: 'data:image/png;base64,AA',
        link: 'javascript:x',
        tier: 'gold' as 'single',
      },
      { id: 'a', name: 'Duplicate', logoUrl: '', link: '', tier: 'single' },
    ]
    const { value } = parseHome(home)
    expect(value.support.sponsors).toEqual([
      { id: 'a', name: 'A', logoUrl: '', link: '', tier: 'single' },
    ])
  })
})
