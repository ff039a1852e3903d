import { describe, expect, it } from 'vitest'

import { playerSchema } from '../../entities/player.ts'
import { newRosterPlayer, rosterEntryLabel } from './new-player.ts'

describe('newRosterPlayer', () => {
  it('should be a valid roster entry', () => {
    expect(playerSchema.safeParse(newRosterPlayer([])).success).toBe(true)
  })

  it('should wear the lowest number nobody on the roster wears', () => {
    expect(
      newRosterPlayer([{ number: 1 }, { number: 3 }, { number: 2 }, { number: 7 }]).number,
    ).toBe(4)
  })

  it('should wear 99 when every number is taken', () => {
    const full = Array.from({ length: 99 }, (_, i) => ({ number: i + 1 }))
    expect(newRosterPlayer(full).number).toBe(99)
  })

  it('should get an id of its own each time', () => {
    expect(newRosterPlayer([]).id).not.toBe(newRosterPlayer([]).id)
  })
})

describe('rosterEntryLabel', () => {
  it('should name the player with their number', () => {
    expect(rosterEntryLabel({ name: 'Sam Lee', number: 12 })).toBe('Sam Lee, number 12')
  })
})
