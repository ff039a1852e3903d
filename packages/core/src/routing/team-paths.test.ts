import { describe, expect, it } from 'vitest'

import { defaultTeams } from '../defaults/teams.ts'
import { paths, teamKeyFor } from './public-paths.ts'

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

describe('paths.team', () => {
  it('should give the spec address of each listed team', () => {
    expect(paths.team('flash-18u')).toBe('/programs/flash-softball/18u')
    expect(paths.team('big-train-12u')).toBe('/programs/big-train/12u')
    expect(paths.team('dmv-prospects-2028')).toBe('/dmv/2028')
  })

  it('should fall back to /team/{key} for other teams', () => {
    expect(paths.team('select-14u')).toBe('/team/select-14u')
  })

  it('should round-trip every built-in team through teamKeyFor', () => {
    for (const teamKey of Object.keys(defaultTeams)) {
      const [, first, second, third] = paths.team(teamKey).split('/')
      const params =
        first === 'dmv'
          ? { year: second }
          : first === 'team'
            ? { teamKey: second }
            : { program: second ?? '', team: third ?? '' }
      expect(teamKeyFor(params)).toBe(teamKey)
    }
  })

  it('should put a team staff add to Big Train below its program', () => {
    expect(paths.team('big-train-9u')).toBe('/programs/big-train/9u')
    expect(teamKeyFor({ program: 'big-train', team: '9u' })).toBe('big-train-9u')
  })
})
