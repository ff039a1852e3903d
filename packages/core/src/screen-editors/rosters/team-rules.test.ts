import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { Teams } from '../../entities/team.ts'
import {
  checkStaff,
  checkTeams,
  coachedTeams,
  newTeam,
  newTeamId,
  toTeamsForm,
  withoutCoaches,
} from './team-rules.ts'

const stored = () => structuredClone(DEFAULT_CONTENT.teams) as Teams

describe('checkTeams', () => {
  it('should give back the stored teams unchanged', () => {
    const teams = stored()
    expect(checkTeams(toTeamsForm(teams))).toEqual({ ok: true, teams })
  })

  it('should report a roster entry that breaks the rules, by team and player', () => {
    const values = toTeamsForm(stored())
    const team = values['big-train-10u']
    const first = team?.roster[0]
    if (!team || !first) throw new Error('no sample roster')
    first.number = '100'
    const checked = checkTeams(values)
    expect(checked.ok ? {} : checked.errors).toEqual({
      'big-train-10u': { players: { [first.id]: { number: 'Enter a number from 1 to 99.' } } },
    })
  })

  it('should require a team name', () => {
    const values = toTeamsForm(stored())
    ;(values['select-13u'] as { name: string }).name = '  '
    const checked = checkTeams(values)
    expect(checked.ok ? undefined : checked.errors['select-13u']?.name).toBe(
      'Give the team a name.',
    )
  })

  it('should store a new team with an empty roster', () => {
    const values = {
      ...toTeamsForm(stored()),
      'select-15u': newTeam({ id: 'select-15u', name: ' Select  15U ', programSlug: 'select' }),
    }
    const checked = checkTeams(values)
    expect(checked.ok ? checked.teams['select-15u'] : undefined).toEqual({
      id: 'select-15u',
      name: 'Select 15U',
      programSlug: 'select',
      logoUrl: '',
      coaches: [],
      roster: [],
      teamPageContent: { intro: '' },
    })
  })
})

describe('newTeamId', () => {
  it('should make a slug from the name', () => {
    expect(newTeamId('Flash 14U — Gold!', new Set())).toBe('flash-14u-gold')
  })

  it('should not reuse a taken id', () => {
    expect(newTeamId('Select 13U', new Set(['select-13u', 'select-13u-2']))).toBe('select-13u-3')
  })

  it('should fall back to "team" for a name without letters or digits', () => {
    expect(newTeamId('★★', new Set())).toBe('team')
  })
})

describe('staff rules', () => {
  it('should require a name on each staff card', () => {
    expect(
      checkStaff([
        { id: 'a', name: 'Pat', subtitle: '', imageUrl: '' },
        { id: 'b', name: ' ', subtitle: 'Coach', imageUrl: '' },
      ]),
    ).toEqual({ b: { name: 'Give the staff member a name.' } })
  })

  it('should take a removed staff member off every team they coach', () => {
    const values = toTeamsForm(stored())
    const { teams, changed } = withoutCoaches(values, new Set(['softball-director']))
    expect([changed, teams['flash-12u']?.coaches]).toEqual([
      [
        'Flash 12U',
        'Flash 18U',
        'Recreation Softball 8U',
        'Recreation Softball 10U',
        'Recreation Softball 12U',
      ],
      ['coach-halvorsen'],
    ])
  })

  it('should list the teams each staff member coaches', () => {
    expect(coachedTeams(toTeamsForm(stored())).get('softball-director')).toEqual([
      'Flash 12U',
      'Flash 18U',
      'Recreation Softball 8U',
      'Recreation Softball 10U',
      'Recreation Softball 12U',
    ])
  })
})
