import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startHarness } from '../../../test-utils/harness.ts'
import type { Harness } from '../../../test-utils/harness.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { Team, Teams } from '../../entities/team.ts'
import { rosterName, rosterPrivacyFor } from './roster-privacy.ts'

// One roster privacy: what a team page shows of its players (roster-privacy.ts) is what the
// database lets visitors read of them (public.teams_public_form, migration
// 20261207000200_public_rosters.sql, which derives `publicTeams`).

/** A team as its page shows it, by the pages' own rules. */
function asShown(team: Team): Team {
  const { names, showHeightWeight } = rosterPrivacyFor(team)
  return {
    ...team,
    roster: team.roster.map((player) => ({
      ...player,
      name: rosterName(player.name, names),
      ...(showHeightWeight ? {} : { height: '', weight: null }),
    })),
  }
}

const sample = DEFAULT_CONTENT.teams
const first = (team: Team, name: string) => ({
  ...team,
  roster: [{ ...team.roster[0]!, name, height: `5'1"`, weight: 101 }, ...team.roster.slice(1)],
})
/** The samples, with names of every shape and each setting over the age's default. */
const TEAMS: Teams = {
  ...sample,
  'big-train-10u': first(sample['big-train-10u']!, '  Ana María   de la Cruz '),
  'big-train-12u': first(sample['big-train-12u']!, 'Cher'),
  'big-train-14u': {
    ...first(sample['big-train-14u']!, 'Riley Chen'),
    rosterPrivacy: { names: 'first-initial', showHeightWeight: true },
  },
  'flash-12u': { ...first(sample['flash-12u']!, 'Mia Gomez'), rosterPrivacy: { names: 'full' } },
  'select-13u': {
    ...first(sample['select-13u']!, 'Jordan Lee'),
    rosterPrivacy: { showHeightWeight: false },
  },
}

describe('roster privacy', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(() => h?.stop())

  it('should give visitors in the database what each team page shows, team by team', async () => {
    const { data, error } = await h.anon.rpc('teams_public_form', { teams: TEAMS })
    expect(error).toBeNull()
    const shown = data as Teams
    expect(Object.keys(shown).sort()).toEqual(Object.keys(TEAMS).sort())
    for (const [id, team] of Object.entries(TEAMS)) expect(shown[id], id).toEqual(asShown(team))
    // The rules were met both ways: some names shortened, some heights gone, some kept.
    expect(shown['big-train-10u']!.roster[0]).toMatchObject({ name: 'Ana C.', weight: null })
    expect(shown['big-train-14u']!.roster[0]).toMatchObject({ name: 'Riley C.', weight: 101 })
    expect(shown['flash-12u']!.roster[0]).toMatchObject({ name: 'Mia Gomez', weight: null })
  })
})
