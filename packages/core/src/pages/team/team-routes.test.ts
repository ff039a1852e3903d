import { describe, expect, it } from 'vitest'

import { defaultTeams } from '../../defaults/teams.ts'
import { TEAM_ROUTES, teamKeyFor, teamPathFor } from './team-routes.ts'

describe('teamKeyFor', () => {
  it('should map Big Train program routes to big-train keys', () => {
    expect(teamKeyFor({ program: 'big-train', team: '10u' })).toBe('big-train-10u')
    expect(teamKeyFor({ program: 'big-train', team: '14u' })).toBe('big-train-14u')
  })

  it('should map Flash softball routes to flash- keys', () => {
    expect(teamKeyFor({ program: 'flash-softball', team: '18u' })).toBe('flash-18u')
    expect(teamKeyFor({ program: 'flash-softball', team: '12u' })).toBe('flash-12u')
  })

  it('should map DMV class years to dmv-prospects keys', () => {
    expect(teamKeyFor({ year: '2026' })).toBe('dmv-prospects-2026')
    expect(teamKeyFor({ program: 'dmv', team: '2027' })).toBe('dmv-prospects-2027')
    expect(teamKeyFor({ program: 'dmv-prospects', team: '2028' })).toBe('dmv-prospects-2028')
  })

  it('should pass a /team/{teamKey} key through', () => {
    expect(teamKeyFor({ teamKey: 'select-13u' })).toBe('select-13u')
  })

  it('should ignore letter case', () => {
    expect(teamKeyFor({ program: 'Big-Train', team: '10U' })).toBe('big-train-10u')
  })

  it('should return undefined for parameters that cannot name a team', () => {
    expect(teamKeyFor({})).toBeUndefined()
    expect(teamKeyFor({ program: 'big-train' })).toBeUndefined()
    expect(teamKeyFor({ teamKey: '../admin' })).toBeUndefined()
    expect(teamKeyFor({ year: '2026/../x' })).toBeUndefined()
  })
})

describe('teamPathFor', () => {
  it('should give the spec address of each listed team', () => {
    expect(teamPathFor('flash-18u')).toBe('/programs/flash-softball/18u')
    expect(teamPathFor('big-train-12u')).toBe('/programs/big-train/12u')
    expect(teamPathFor('dmv-prospects-2028')).toBe('/dmv/2028')
  })

  it('should fall back to /team/{key} for other teams', () => {
    expect(teamPathFor('select-14u')).toBe('/team/select-14u')
  })

  it('should round-trip every fixed route through teamKeyFor', () => {
    for (const route of TEAM_ROUTES) {
      const [, first, second, third] = route.path.split('/')
      const params =
        first === 'dmv' ? { year: second } : { program: second ?? '', team: third ?? '' }
      expect(teamKeyFor(params)).toBe(route.teamKey)
      expect(defaultTeams[route.teamKey]).toBeDefined()
    }
  })
})
