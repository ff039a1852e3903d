import { uniqueId } from '../../entities/unique-id.ts'
import type { Player } from '../../entities/player.ts'

/** The lowest and highest jersey number a roster entry may carry (spec §3). */
const NUMBERS = { min: 1, max: 99 } as const

/**
 * The roster entry an editor adds in place: a placeholder to type over, valid for the schema,
 * wearing the lowest number nobody on `roster` wears (99 when every number is taken).
 *
 * @example
 * newRosterPlayer([{ number: 1 }, { number: 2 }]).number // 3
 */
export function newRosterPlayer(roster: readonly Pick<Player, 'number'>[]): Player {
  const taken = new Set(roster.map((player) => player.number))
  let number: number = NUMBERS.min
  while (taken.has(number) && number < NUMBERS.max) number++
  return {
    id: uniqueId('player'),
    name: 'New player',
    number,
    position: 'INF',
    batsThrows: 'R/R',
    gradYear: null,
    highSchool: '',
    height: '',
    weight: null,
    imageUrl: '',
  }
}

/**
 * How an editor's list controls name a roster entry ("Move Sam Lee, number 12 up"): the name,
 * with the number that tells two players of one name apart.
 */
export function rosterEntryLabel(player: Pick<Player, 'name' | 'number'>): string {
  return `${player.name}, number ${player.number}`
}
