import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { summarizeChanges } from './change-summary.ts'
import { diffDocuments } from './document-diff.ts'
import { versionTimes } from './version-time.ts'

const about = DEFAULT_CONTENT.aboutContent
const withFirstParagraph = (text: string) => ({
  ...about,
  sections: about.sections.map((section, index) =>
    index === 0 ? { ...section, body: [text, ...section.body.slice(1)] } : section,
  ),
})

describe('version notes and times that tell versions apart', () => {
  it('should name a changed paragraph by its place in the screen’s words', () => {
    expect(summarizeChanges('aboutContent', about, withFirstParagraph('Founded by parents.'))).toBe(
      'About › Our History: first paragraph changed',
    )
  })

  it('should count paragraphs added to a section', () => {
    const longer = {
      ...about,
      sections: about.sections.map((section, index) =>
        index === 1 ? { ...section, body: [...section.body, 'More.'] } : section,
      ),
    }
    expect(summarizeChanges('aboutContent', about, longer)).toBe(
      'About › Our Mission: 1 paragraph added',
    )
  })

  it('should diff a paragraph changed in place as one change of its text', () => {
    const changes = diffDocuments(about, withFirstParagraph('Founded by parents.'))
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'changed',
        segments: ['sections', 0, 'body', 0],
        after: 'Founded by parents.',
      }),
    ])
  })

  it('should show the seconds of versions saved in the same minute, and only those', () => {
    expect(
      versionTimes(['2026-12-07T04:09:42Z', '2026-12-07T04:09:05Z', '2026-12-07T03:00:00Z']),
    ).toEqual([
      'December 6, 2026, 11:09:42 PM',
      'December 6, 2026, 11:09:05 PM',
      'December 6, 2026, 10:00 PM',
    ])
  })
})
