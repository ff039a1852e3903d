import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { parseDocument, type ContentIssue } from './parse-document.ts'
import type { ProgramsContent } from './program-content.ts'

function parsePrograms(stored: unknown): { value: ProgramsContent; issues: ContentIssue[] } {
  const issues: ContentIssue[] = []
  const value = parseDocument('programsContent', stored, DEFAULT_CONTENT.programsContent, (issue) =>
    issues.push(issue),
  )
  return { value, issues }
}

const stored = () => structuredClone(DEFAULT_CONTENT.programsContent) as ProgramsContent

describe('program registration', () => {
  it('should accept a program stored before registration existed', () => {
    const programs = stored()
    delete programs.select.registration
    const { value, issues } = parsePrograms(programs)
    expect(issues).toEqual([])
    expect(value.select.registration).toBeUndefined()
  })

  it('should clear a registration link that is not a safe link, keeping the opening text', () => {
    const programs = stored()
    programs.recreation.registration = { link: 'javascript:alert(1)', opensText: 'Soon' }
    const { value } = parsePrograms(programs)
    // The fallback's own link for the program is restored rather than a dangerous one kept.
    expect(value.recreation.registration).toEqual({
      link: DEFAULT_CONTENT.programsContent.recreation.registration?.link,
      opensText: 'Soon',
    })
  })
})
