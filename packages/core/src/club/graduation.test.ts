import { describe, expect, it } from 'vitest'

import { defaultTeams } from '../defaults/teams.ts'
import {
  classPastFrom,
  classYearOf,
  currentTeams,
  isGraduated,
  isPastClass,
  pastTeams,
} from './graduation.ts'

// America/New_York is UTC-4 in summer (EDT): July 31, 11:59 PM there is August 1, 03:59 UTC.
const LAST_CURRENT_MINUTE = new Date('2026-08-01T03:59:00Z')
const FIRST_PAST_MINUTE = new Date('2026-08-01T04:00:00Z')

describe('classYearOf', () => {
  it('should read the class year from a team or tryout group name', () => {
    expect(classYearOf('DMV Prospects Class of 2026')).toBe(2026)
    expect(classYearOf('Class of 2028')).toBe(2028)
    expect(classYearOf('class of 2030 showcase')).toBe(2030)
  })

  it('should read none from a team that is not one class', () => {
    expect(classYearOf('Flash 12U')).toBeUndefined()
    expect(classYearOf('Big Train 14U')).toBeUndefined()
    expect(classYearOf('Classic 2026')).toBeUndefined()
  })
})

describe('isPastClass', () => {
  it('should keep a class current through July 31 of its year, in club time', () => {
    expect(classPastFrom(2026)).toBe('2026-08-01')
    expect(isPastClass('Class of 2026', LAST_CURRENT_MINUTE)).toBe(false)
    // Already August 1 in UTC, still July 31 at the club.
    expect(isPastClass('Class of 2026', new Date('2026-08-01T01:00:00Z'))).toBe(false)
  })

  it('should make a class past from August 1 of its year, in club time', () => {
    expect(isPastClass('Class of 2026', FIRST_PAST_MINUTE)).toBe(true)
    expect(isPastClass('DMV Prospects Class of 2026', new Date('2026-12-06T12:00:00Z'))).toBe(true)
  })

  it('should keep later classes and non-class teams current', () => {
    const december = new Date('2026-12-06T12:00:00Z')
    expect(isPastClass('DMV Prospects Class of 2027', december)).toBe(false)
    expect(isPastClass('Flash 18U', december)).toBe(false)
    // Read on New Year's Eve at the club (already January 1 in UTC): 2027 still current.
    expect(isPastClass('Class of 2027', new Date('2028-01-01T03:00:00Z'))).toBe(true)
    expect(isPastClass('Class of 2028', new Date('2028-01-01T03:00:00Z'))).toBe(false)
  })
})

describe('currentTeams and pastTeams', () => {
  it('should move the sample Class of 2026 to the past teams in December 2026', () => {
    const december = new Date('2026-12-06T17:00:00Z')
    const current = currentTeams(defaultTeams, december)
    expect(Object.keys(current)).not.toContain('dmv-prospects-2026')
    expect(Object.keys(current)).toContain('dmv-prospects-2027')
    expect(Object.keys(current)).toHaveLength(Object.keys(defaultTeams).length - 1)
    expect(pastTeams(defaultTeams, december).map(({ key }) => key)).toEqual(['dmv-prospects-2026'])
  })

  it('should keep every sample team current before the Class of 2026 graduates', () => {
    const spring = new Date('2026-05-01T16:00:00Z')
    expect(currentTeams(defaultTeams, spring)).toBe(defaultTeams)
    expect(pastTeams(defaultTeams, spring)).toEqual([])
    expect(isGraduated({ name: 'DMV Prospects Class of 2026' }, spring)).toBe(false)
  })
})
