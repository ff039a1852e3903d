import { describe, expect, it } from 'vitest'

import { activityText } from './staff-members.ts'

const entry = (
  action: 'sign-in' | 'sign-in-failed' | 'added' | 'role-changed' | 'removed',
  actorEmail: string | null,
  memberEmail: string | null,
  detail: Record<string, string> = {},
) => ({ action, actorEmail, memberEmail, detail })

describe('activityText', () => {
  it('should say each kind of staff change in words', () => {
    expect(activityText(entry('sign-in', 'c@x.org', 'c@x.org'))).toBe('c@x.org signed in')
    expect(activityText(entry('sign-in-failed', null, 'c@x.org'))).toBe(
      'A sign-in as c@x.org failed: wrong password',
    )
    expect(activityText(entry('added', 'd@x.org', 'c@x.org', { role: 'editor' }))).toBe(
      'd@x.org added c@x.org as an editor',
    )
    expect(activityText(entry('added', 'c@x.org', 'c@x.org', { role: 'editor' }))).toBe(
      'c@x.org accepted an invitation as an editor',
    )
    expect(
      activityText(entry('role-changed', 'd@x.org', 'c@x.org', { from: 'editor', to: 'director' })),
    ).toBe('d@x.org made c@x.org a director')
    expect(activityText(entry('removed', 'd@x.org', 'c@x.org', { role: 'editor' }))).toBe(
      'd@x.org removed c@x.org from the staff',
    )
  })

  it('should name the service key and deleted accounts instead of leaving a blank', () => {
    expect(activityText(entry('added', null, 'c@x.org', { role: 'director' }))).toBe(
      'The service key (pnpm staff:add) added c@x.org as a director',
    )
    expect(activityText(entry('removed', 'd@x.org', null))).toBe(
      'd@x.org removed an account since deleted from the staff',
    )
  })
})
