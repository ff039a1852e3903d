import { describe, expect, it } from 'vitest'

import { teamSchema } from '../../entities/team.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import { rosterName, rosterPrivacyFor, teamAge } from './roster-privacy.ts'

describe('roster privacy', () => {
  it('should hide heights and weights and shorten names under 13U by default', () => {
    const flash12 = defaultTeams['flash-12u']
    const select13 = defaultTeams['select-13u']
    if (!flash12 || !select13) throw new Error('sample teams missing')
    expect(teamAge(flash12)).toBe(12)
    expect(rosterPrivacyFor(flash12)).toEqual({ showHeightWeight: false, names: 'first-initial' })
    expect(rosterPrivacyFor(select13)).toEqual({ showHeightWeight: true, names: 'full' })
  })

  it('should follow the team’s own setting', () => {
    const team = {
      ...defaultTeams['flash-12u']!,
      rosterPrivacy: { showHeightWeight: true, names: 'full' as const },
    }
    expect(rosterPrivacyFor(team)).toEqual({ showHeightWeight: true, names: 'full' })
  })

  it('should read names as the club chooses', () => {
    expect(rosterName('Sam Rivera', 'first-initial')).toBe('Sam R.')
    expect(rosterName('Ana María de la Cruz', 'first-initial')).toBe('Ana C.')
    expect(rosterName('Sam', 'first-initial')).toBe('Sam')
    expect(rosterName('Sam Rivera', 'full')).toBe('Sam Rivera')
  })

  it('should parse a stored team with no setting, and treat a malformed one as unset', () => {
    const stored = structuredClone(defaultTeams['flash-12u'])
    expect(teamSchema.safeParse(stored).success).toBe(true)
    const damaged = teamSchema.parse({
      ...stored,
      rosterPrivacy: { showHeightWeight: 'yes', names: 'nick' },
    })
    expect(damaged.rosterPrivacy).toEqual({ showHeightWeight: undefined, names: undefined })
  })
})
