import { describe, expect, it } from 'vitest'

import { adminNavFor } from './admin-nav.ts'

const labels = (role: 'director' | 'editor' | null) => adminNavFor(role).map((item) => item.label)

describe('adminNavFor', () => {
  it('should give directors every screen, Staff, Settings and Profile included', () => {
    expect(labels('director')).toEqual(expect.arrayContaining(['Staff', 'Settings', 'Profile']))
  })

  it("should leave the directors' screens out of an editor's sidebar, and only those", () => {
    const editor = labels('editor')
    expect(editor).not.toContain('Staff')
    expect(editor).not.toContain('Settings')
    expect(editor).toEqual(
      labels('director').filter((label) => !['Staff', 'Settings'].includes(label)),
    )
    // Profile holds every member's own two-factor sign-in (issue 34 §3).
    expect(editor).toEqual(
      expect.arrayContaining(['Home', 'Edit site', 'News', 'Alerts', 'Profile']),
    )
  })
})
