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
    expect(editor).not.toContain('Profile')
    expect(editor).toEqual(
      labels('director').filter((label) => !['Staff', 'Settings', 'Profile'].includes(label)),
    )
    expect(editor).toEqual(expect.arrayContaining(['Home', 'Edit site', 'News', 'Alerts']))
  })
})
