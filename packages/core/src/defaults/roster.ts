import type { BatsThrows, Player, PlayerPosition } from '../entities/player.ts'
import { ROSTER_SEASON_YEAR, SAMPLE_ROSTER } from '../club/club-facts.ts'
import { IMAGES } from './images.ts'

/** Heights (inches) and weights (lbs) a sample player of some age is drawn from. */
export type SizeBand = {
  minInches: number
  maxInches: number
  minWeight: number
  maxWeight: number
}

/**
 * Plausible sizes by age. High-school players (15 and over, the DMV Prospects classes) use the
 * spec's sample weights, 150–189 lbs; younger age groups are drawn from typical heights and
 * weights for their age, so a 10U player is not listed at 170 lbs.
 */
const SIZE_BANDS: readonly { fromAge: number; band: SizeBand }[] = [
  {
    fromAge: 15,
    band: {
      minInches: 64,
      maxInches: 75,
      minWeight: SAMPLE_ROSTER.minWeight,
      maxWeight: SAMPLE_ROSTER.maxWeight,
    },
  },
  { fromAge: 14, band: { minInches: 61, maxInches: 69, minWeight: 100, maxWeight: 150 } },
  { fromAge: 13, band: { minInches: 59, maxInches: 66, minWeight: 85, maxWeight: 135 } },
  { fromAge: 11, band: { minInches: 54, maxInches: 63, minWeight: 70, maxWeight: 115 } },
  { fromAge: 0, band: { minInches: 50, maxInches: 58, minWeight: 55, maxWeight: 90 } },
]

/** A player's age in the roster season, from the year they graduate from high school. */
const ageFor = (gradYear: number) => 18 - (gradYear - ROSTER_SEASON_YEAR)

/** Players start high school at about 14; younger ones list none. */
const HIGH_SCHOOL_AGE = 14

/**
 * The size band of players who graduate in `gradYear`: their age in the roster season is
 * 18 minus the years left until they graduate (teams.ts gives an nU team the graduation year
 * of n-year-olds the same way).
 */
export function sizeBandFor(gradYear: number): SizeBand {
  const age = ageFor(gradYear)
  const found = SIZE_BANDS.find((entry) => age >= entry.fromAge) ?? SIZE_BANDS.at(-1)
  if (!found) throw new Error('sizeBandFor: no size bands')
  return found.band
}

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
 * The placeholder roster of a sample team: `players` (`SAMPLE_ROSTER.size` unless given, at most
 * that) players named "Player 1"...,
 * with distinct numbers from 1 to 99, the listed positions, bats/throws, and heights and
 * weights plausible for their age ({@link sizeBandFor}: 150–189 lbs for high school), drawn
 * from a generator seeded by the team id, so the result never changes.
 */
export function placeholderRoster(
  teamId: string,
  gradYear: number,
  players: number = SAMPLE_ROSTER.size,
): Player[] {
  const random = seededRandom(hash(teamId))
  const numbers = Array.from({ length: 99 }, (_, i) => i + 1)
  // Fisher–Yates over the first `size` slots only.
  for (let i = 0; i < SAMPLE_ROSTER.size; i++) {
    const j = i + Math.floor(random() * (numbers.length - i))
    const a = numbers[i] as number
    numbers[i] = numbers[j] as number
    numbers[j] = a
  }
  const size = sizeBandFor(gradYear)
  const heightSpan = size.maxInches - size.minInches + 1
  const weightSpan = size.maxWeight - size.minWeight + 1
  return POSITIONS.slice(0, players).map((position, index) => {
    const inches = size.minInches + Math.floor(random() * heightSpan)
    // Taller players tend to be heavier: the weight follows the height, with some spread.
    const tallness = heightSpan > 1 ? (inches - size.minInches) / (heightSpan - 1) : 0.5
    const weight =
      size.minWeight + Math.floor(Math.min(0.999, 0.6 * tallness + 0.4 * random()) * weightSpan)
    return {
      id: `${teamId}-player-${String(index + 1).padStart(2, '0')}`,
      name: `Player ${index + 1}`,
      number: numbers[index] as number,
      position,
      batsThrows: pick(HANDS, random),
      gradYear,
      highSchool: ageFor(gradYear) >= HIGH_SCHOOL_AGE ? 'TBA' : '',
      height: `${Math.floor(inches / 12)}'${inches % 12}"`,
      weight,
      imageUrl: IMAGES.avatars.player,
    }
  })
}
