import type { BatsThrows, Player, PlayerPosition } from '../entities/player.ts'
import { SAMPLE_ROSTER } from './constants.ts'
import { IMAGES } from './images.ts'

// Fifteen roster spots, filled the way a youth team usually is: four arms, two catchers,
// every infield spot, outfielders and utility players.
const POSITIONS: readonly PlayerPosition[] = [
  'P',
  'P',
  'P',
  'P',
  'C',
  'C',
  '1B',
  '2B',
  '3B',
  'SS',
  'LF',
  'OF',
  'OF',
  'INF',
  'INF',
]

// Right/right is the most common combination; the repeats weight the draw towards it.
const HANDS: readonly BatsThrows[] = ['R/R', 'R/R', 'R/R', 'R/R', 'L/R', 'L/R', 'R/L', 'L/L']

/** A small seeded generator (mulberry32), so the samples are the same on every load. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** FNV-1a, to turn a team id into a seed. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)]
  if (item === undefined) throw new Error('pick: empty list')
  return item
}

/**
 * The placeholder roster of a sample team: `SAMPLE_ROSTER.size` players named "Player 1"...,
 * with distinct numbers from 1 to 99, the listed positions, bats/throws, heights and weights
 * (150–189 lbs), drawn from a generator seeded by the team id, so the result never changes.
 */
export function placeholderRoster(teamId: string, gradYear: number): Player[] {
  const random = seededRandom(hash(teamId))
  const numbers = Array.from({ length: 99 }, (_, i) => i + 1)
  // Fisher–Yates over the first `size` slots only.
  for (let i = 0; i < SAMPLE_ROSTER.size; i++) {
    const j = i + Math.floor(random() * (numbers.length - i))
    const a = numbers[i] as number
    numbers[i] = numbers[j] as number
    numbers[j] = a
  }
  const weightSpan = SAMPLE_ROSTER.maxWeight - SAMPLE_ROSTER.minWeight + 1
  return POSITIONS.map((position, index) => {
    const inches = 64 + Math.floor(random() * 12)
    return {
      id: `${teamId}-player-${String(index + 1).padStart(2, '0')}`,
      name: `Player ${index + 1}`,
      number: numbers[index] as number,
      position,
      batsThrows: pick(HANDS, random),
      gradYear,
      highSchool: 'TBA',
      height: `${Math.floor(inches / 12)}'${inches % 12}"`,
      weight: SAMPLE_ROSTER.minWeight + Math.floor(random() * weightSpan),
      imageUrl: IMAGES.avatars.player,
    }
  })
}
