import { describe, expect, it } from 'vitest'

import { movePlayer, planMove } from './roster-move.ts'
import type { MovableTeam } from './roster-move.ts'
import type { PlayerForm } from './roster-rules.ts'

type TeamForm = MovableTeam<PlayerForm> & { roster: PlayerForm[] }
type TeamsForm = Record<string, TeamForm>

const player = (id: string, number: string, name: string): PlayerForm => ({
  id,
  number,
  name,
  position: 'SS',
  batsThrows: 'R/R',
  gradYear: '2033',
  highSchool: 'Einstein HS',
  height: `4'11"`,
  weight: '92',
  imageUrl: 'https://example.test/photo.jpg',
})

const team = (id: string, name: string, roster: PlayerForm[]): TeamForm => ({ id, name, roster })

const teams = (): TeamsForm => ({
  'big-train-12u': team('big-train-12u', 'Big Train 12U', [
    player('a', '7', 'Sam Rivera'),
    player('b', '8', 'Lee Park'),
  ]),
  'big-train-14u': team('big-train-14u', 'Big Train 14U', [player('c', '7', 'Ari Cole')]),
  'big-train-10u': team('big-train-10u', 'Big Train 10U', []),
})

describe('moving a player between teams', () => {
  it('should keep every field and take the player off the old roster', () => {
    const before = teams()
    const after = movePlayer(before, 'big-train-12u', 'a', 'big-train-14u', () => 'new')
    expect(after['big-train-12u']?.roster.map((p) => p.id)).toEqual(['b'])
    expect(after['big-train-14u']?.roster.at(-1)).toEqual(before['big-train-12u']?.roster[0])
  })

  it('should move a stored player (a number, not text) and find its clash alike', () => {
    const stored = {
      a: { id: 'a', name: 'A 12U', roster: [{ id: 'p', name: 'Sam', number: 7 }] },
      b: { id: 'b', name: 'B 14U', roster: [{ id: 'q', name: 'Ari', number: 7 }] },
    }
    expect(planMove(stored, 'a', 'p', 'b')?.clashesWith.map((p) => p.id)).toEqual(['q'])
    expect(movePlayer(stored, 'a', 'p', 'b', () => 'x').b?.roster.map((p) => p.id)).toEqual([
      'q',
      'p',
    ])
  })

  it('should give a new id only when the new roster already uses it', () => {
    const before = teams()
    before['big-train-14u']!.roster.push(player('a', '30', 'Other A'))
    const after = movePlayer(before, 'big-train-12u', 'a', 'big-train-14u', () => 'fresh')
    expect(after['big-train-14u']?.roster.at(-1)).toEqual({
      ...player('a', '7', 'Sam Rivera'),
      id: 'fresh',
    })
  })

  it('should find a number worn on the new team', () => {
    const plan = planMove(teams(), 'big-train-12u', 'a', 'big-train-14u')
    expect(plan?.clashesWith.map((p) => p.name)).toEqual(['Ari Cole'])
    expect(planMove(teams(), 'big-train-12u', 'b', 'big-train-14u')?.clashesWith).toEqual([])
  })

  it('should say what a team that shows more would newly show', () => {
    // 12U hides heights, weights and full names by default; 14U shows them.
    expect(planMove(teams(), 'big-train-12u', 'a', 'big-train-14u')?.exposes).toEqual([
      'full name',
      'height and weight',
    ])
    // Moving down in age shows nothing new.
    expect(planMove(teams(), 'big-train-12u', 'a', 'big-train-10u')?.exposes).toEqual([])
    // A team's own setting counts, not only its age.
    const open = teams()
    open['big-train-10u']!.rosterPrivacy = { showHeightWeight: true, names: 'first-initial' }
    expect(planMove(open, 'big-train-12u', 'a', 'big-train-10u')?.exposes).toEqual([
      'height and weight',
    ])
  })
})
