import { describe, expect, it } from 'vitest'

import { defaultStaff } from '../../defaults/staff.ts'
import { resolveStaff } from './staff.ts'

describe('resolveStaff', () => {
  it('should keep the given order, skip unknown ids and show a repeated id once', () => {
    const found = resolveStaff(
      ['coach-doyle', 'ghost', 'program-director', 'coach-doyle'],
      defaultStaff,
    )
    expect(found.map(({ member }) => member.id)).toEqual(['coach-doyle', 'program-director'])
  })

  it('should report each member’s index in the staff document', () => {
    const [first] = resolveStaff(['program-director'], defaultStaff)
    expect(defaultStaff[first?.index ?? -1]?.id).toBe('program-director')
  })
})
