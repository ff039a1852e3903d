import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import {
  anyRegistrationOpen,
  claimsRegistrationOpen,
  programsWithoutRegistration,
  registrationClaimWarning,
} from './registration.ts'

const withLink = (programs: ProgramsContent, link: string): ProgramsContent => ({
  ...programs,
  'tee-ball': { ...programs['tee-ball'], registration: { link, opensText: '' } },
})

describe('registration claims', () => {
  it('should count a placeholder or missing link as no registration', () => {
    const programs = DEFAULT_CONTENT.programsContent
    expect(programsWithoutRegistration(programs)).toHaveLength(7)
    expect(anyRegistrationOpen(programs)).toBe(false)
    const real = withLink(programs, 'https://signup.club-baseball.test/tee-ball')
    expect(programsWithoutRegistration(real)).toHaveLength(6)
    expect(anyRegistrationOpen(real)).toBe(true)
  })

  it('should find text that says registration is open, and not text that says it opens', () => {
    expect(claimsRegistrationOpen('Registration is open')).toBe(true)
    expect(claimsRegistrationOpen('Spring Registration Is Open')).toBe(true)
    expect(claimsRegistrationOpen('Registration for the spring season is now open.')).toBe(true)
    expect(claimsRegistrationOpen('Registration opens May 3')).toBe(false)
    expect(claimsRegistrationOpen('Spring registration opens soon')).toBe(false)
    expect(claimsRegistrationOpen('Fields are open')).toBe(false)
  })

  it('should word the warning as the issue gives it, and say nothing when all agree', () => {
    expect(registrationClaimWarning(['Registration is open'], 6)).toBe(
      'The alert says registration is open, but 6 programs have no registration link',
    )
    expect(registrationClaimWarning(['Registration is open'], 1)).toBe(
      'The alert says registration is open, but 1 program has no registration link',
    )
    expect(registrationClaimWarning(['Registration is open'], 0)).toBeUndefined()
    expect(registrationClaimWarning(['Spring registration opens soon'], 6)).toBeUndefined()
  })

  it('should keep the sample alerts and news from claiming registration is open', () => {
    const texts = [
      ...DEFAULT_CONTENT.alerts.flatMap((alert) => [alert.title, alert.message]),
      ...DEFAULT_CONTENT.newsPosts.flatMap((post) => [
        post.title,
        post.cardTitle ?? '',
        post.excerpt,
        JSON.stringify(post.content),
      ]),
    ]
    expect(texts.filter(claimsRegistrationOpen)).toEqual([])
  })
})
