import { BATS_THROWS, PLAYER_POSITIONS, playerSchema } from '../../entities/player.ts'
import type { BatsThrows, Player, PlayerPosition } from '../../entities/player.ts'
import { schemaError } from '../shared/schema-errors.ts'

/*
 * The roster rules (spec §3, Player): a number from 1 to 99, one of the spec's positions, one
 * of its bats/throws pairs, and the optional details within the entity's bounds. The roster
 * form and the spreadsheet paste read values through the same functions, so a value the form
 * refuses is refused by a paste too, with the same words. The length limits and their words are
 * the schema's (entities/player.ts).
 */

/** The lowest and highest jersey number (spec §3). */
export const PLAYER_NUMBER_RANGE = { min: 1, max: 99 } as const
/** The graduation years the entity accepts. */
export const GRAD_YEAR_RANGE = { min: 1950, max: 2100 } as const
/** The weights (lb) the entity accepts. */
export const WEIGHT_RANGE = { min: 40, max: 400 } as const

/**
 * A roster entry as the form holds it: every field is text as typed, so that a half-typed or
 * wrong value stays on screen with its problem instead of being lost. `imageUrl` is carried
 * through unchanged (photos are chosen on the team page).
 */
export type PlayerForm = {
  id: string
  number: string
  name: string
  /** One of {@link PLAYER_POSITIONS}, or `''` until chosen. */
  position: string
  /** One of {@link BATS_THROWS}, or `''` until chosen. */
  batsThrows: string
  gradYear: string
  highSchool: string
  height: string
  weight: string
  imageUrl: string
}

/**
 * The fields of a roster entry the editor can show a problem next to, in the public roster's
 * order (a paste without a header row, a pasted change).
 */
export const PLAYER_FIELDS = [
  'number',
  'name',
  'position',
  'batsThrows',
  'gradYear',
  'highSchool',
  'height',
  'weight',
] as const

/** One of {@link PLAYER_FIELDS}. */
export type PlayerField = (typeof PLAYER_FIELDS)[number]

/** The problems of one roster entry, by field; empty when it can be saved. */
export type PlayerErrors = Partial<Record<PlayerField, string>>

/** A value read from text: the value, or why it cannot be one. */
export type Reading<T> = { ok: true; value: T } | { ok: false; problem: string }

const ok = <T>(value: T): Reading<T> => ({ ok: true, value })
const refused = <T>(problem: string): Reading<T> => ({ ok: false, problem })

/** A tidied text, or what the player schema's `field` says of it (too long). */
function readText(field: 'name' | 'highSchool' | 'height', text: string): Reading<string> {
  const value = tidyText(text)
  const problem = schemaError(playerSchema.shape[field], value)
  return problem === undefined ? ok(value) : refused(problem)
}

/** Spaces collapsed and trimmed: how names and schools are stored. */
export function tidyText(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/**
 * A jersey number from text: `7`, `07` and `#7` are 7; anything but a whole number from 1 to 99
 * is refused.
 *
 * @example
 * readNumber('#12') // { ok: true, value: 12 }
 * readNumber('100') // { ok: false, problem: 'Enter a number from 1 to 99.' }
 */
export function readNumber(text: string): Reading<number> {
  const digits = text.trim().replace(/^#\s*/, '')
  const { min, max } = PLAYER_NUMBER_RANGE
  const problem = `Enter a number from ${min} to ${max}.`
  if (!/^\d{1,3}$/.test(digits)) return refused(problem)
  const value = Number(digits)
  return value >= min && value <= max ? ok(value) : refused(problem)
}

// Words spreadsheets use for positions, mapped to the spec's codes. Centre and right field are
// outfield positions; the spec lists LF and OF only.
const POSITION_WORDS: Readonly<Record<string, PlayerPosition>> = {
  PITCHER: 'P',
  CATCHER: 'C',
  'FIRST BASE': '1B',
  'SECOND BASE': '2B',
  'THIRD BASE': '3B',
  SHORTSTOP: 'SS',
  'SHORT STOP': 'SS',
  'LEFT FIELD': 'LF',
  OUTFIELD: 'OF',
  OUTFIELDER: 'OF',
  CF: 'OF',
  RF: 'OF',
  'CENTER FIELD': 'OF',
  'RIGHT FIELD': 'OF',
  INFIELD: 'INF',
  INFIELDER: 'INF',
  IF: 'INF',
}

const POSITION_LIST = PLAYER_POSITIONS.join(', ')

/**
 * A position from text, case ignored: one of the spec's codes (P, C, 1B, 2B, 3B, SS, LF, OF,
 * INF) or its name (`Shortstop`, `first base`). A list such as `P/SS` gives its first position,
 * which is the one a roster shows.
 *
 * @example
 * readPosition('ss') // { ok: true, value: 'SS' }
 * readPosition('P/1B') // { ok: true, value: 'P' }
 */
export function readPosition(text: string): Reading<PlayerPosition> {
  const wanted = tidyText(text).toUpperCase()
  const problem = `Choose one of ${POSITION_LIST}.`
  if (wanted === '') return refused('Choose a position.')
  const first = tidyText(wanted.split(/[/,;|]/)[0] ?? '')
  const code = (PLAYER_POSITIONS as readonly string[]).includes(first)
    ? (first as PlayerPosition)
    : POSITION_WORDS[first]
  return code ? ok(code) : refused(problem)
}

const HAND: Readonly<Record<string, 'R' | 'L'>> = { R: 'R', RIGHT: 'R', L: 'L', LEFT: 'L' }
const BATTING: Readonly<Record<string, 'R' | 'L' | 'S'>> = {
  ...HAND,
  S: 'S',
  SWITCH: 'S',
  B: 'S',
  BOTH: 'S',
}

/** One hand (`R`, `right`, `L`, `left`), or undefined. */
function readHand(text: string): 'R' | 'L' | undefined {
  return HAND[tidyText(text).toUpperCase()]
}

/** A batting hand: a hand, or `S` / `switch` / `B` / `both` for a switch hitter. */
function readBatting(text: string): 'R' | 'L' | 'S' | undefined {
  return BATTING[tidyText(text).toUpperCase()]
}

/** True for a lone switch-hitter mark (`S`, `switch`, `B`, `both`): no throwing hand given. */
export function isLoneSwitch(text: string): boolean {
  return readBatting(text) === 'S'
}

const BATS_THROWS_LIST = BATS_THROWS.join(', ')

/**
 * Bats/throws from text, batting hand first: `R/R`, `l/r`, `RL`, `R-L`, `Right/Left`, or a
 * switch hitter's `S/R`, `SL`, `Switch/Right`. A lone `S` (no throwing hand) is read as `S/R`,
 * most switch hitters' throwing hand: the paste says so next to the row (isLoneSwitch).
 *
 * @example
 * readBatsThrows('l-r') // { ok: true, value: 'L/R' }
 * readBatsThrows('S/R') // { ok: true, value: 'S/R' }
 */
export function readBatsThrows(text: string): Reading<BatsThrows> {
  const value = tidyText(text).toUpperCase()
  if (value === '') return refused('Choose bats/throws.')
  if (isLoneSwitch(value)) return ok('S/R')
  const problem = `Use one of ${BATS_THROWS_LIST} (bats first).`
  const parts = /^[RLS][RL]$/.test(value) ? [...value] : value.split(/\s*[/\-\\|,]\s*|\s+/)
  if (parts.length !== 2) return refused(problem)
  return readPair(parts[0] ?? '', parts[1] ?? '') ?? refused(problem)
}

/**
 * Bats/throws from two separate cells (a spreadsheet's Bats and Throws columns).
 *
 * @example
 * readBatsAndThrows('L', 'R') // { ok: true, value: 'L/R' }
 */
export function readBatsAndThrows(bats: string, throws: string): Reading<BatsThrows> {
  if (tidyText(bats) === '' && tidyText(throws) === '') return refused('Choose bats/throws.')
  return (
    readPair(bats, throws) ??
    refused(
      `Use R, L or S (switch) for bats and R or L for throws (bats/throws must be one of ${BATS_THROWS_LIST}).`,
    )
  )
}

function readPair(bats: string, throws: string): Reading<BatsThrows> | undefined {
  const b = readBatting(bats)
  const t = readHand(throws)
  return b && t ? ok(`${b}/${t}` as BatsThrows) : undefined
}

/**
 * A graduation year, or null when blank.
 *
 * @example
 * readGradYear('2027') // { ok: true, value: 2027 }
 * readGradYear('') // { ok: true, value: null }
 */
export function readGradYear(text: string): Reading<number | null> {
  const value = text.trim()
  if (value === '') return ok(null)
  const { min, max } = GRAD_YEAR_RANGE
  const year = /^\d{4}$/.test(value) ? Number(value) : Number.NaN
  return year >= min && year <= max
    ? ok(year)
    : refused(`Enter a year from ${min} to ${max}, such as 2027, or leave it blank.`)
}

/**
 * A weight in pounds, or null when blank: `165`, `165 lb` and `165 lbs` are 165.
 *
 * @example
 * readWeight('172 lbs') // { ok: true, value: 172 }
 */
export function readWeight(text: string): Reading<number | null> {
  const value = text.trim().replace(/\s*(?:lbs?\.?|pounds)$/i, '')
  if (value === '') return ok(null)
  const { min, max } = WEIGHT_RANGE
  const pounds = /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN
  return pounds >= min && pounds <= max
    ? ok(pounds)
    : refused(`Enter a weight from ${min} to ${max} lb, or leave it blank.`)
}

/**
 * A height as shown to visitors (`5'10"`), or `''` when blank.
 *
 * @example
 * readHeight(` 5'10" `) // { ok: true, value: `5'10"` }
 */
export function readHeight(text: string): Reading<string> {
  return readText('height', text)
}

/** A player's name: required, at most the entity's length. */
export function readName(text: string): Reading<string> {
  if (tidyText(text) === '') return refused("Enter the player's name.")
  return readText('name', text)
}

/** A high school, or `''` when blank. */
export function readHighSchool(text: string): Reading<string> {
  return readText('highSchool', text)
}

/**
 * The form's copy of a stored roster entry.
 *
 * @example
 * toPlayerForm(player).number // '12'
 */
export function toPlayerForm(player: Player): PlayerForm {
  return {
    id: player.id,
    number: String(player.number),
    name: player.name,
    position: player.position,
    batsThrows: player.batsThrows,
    gradYear: player.gradYear === null ? '' : String(player.gradYear),
    highSchool: player.highSchool,
    height: player.height,
    weight: player.weight === null ? '' : String(player.weight),
    imageUrl: player.imageUrl,
  }
}

/** A blank roster entry for the form's Add player. */
export function emptyPlayerForm(id: string): PlayerForm {
  return {
    id,
    number: '',
    name: '',
    position: '',
    batsThrows: '',
    gradYear: '',
    highSchool: '',
    height: '',
    weight: '',
    imageUrl: '',
  }
}

/** The outcome of {@link checkPlayer}: the entry as stored, or its problems. */
export type PlayerCheck = { ok: true; player: Player } | { ok: false; errors: PlayerErrors }

/**
 * Checks a roster entry against the rules and, when every field passes, gives it as stored.
 *
 * @example
 * checkPlayer({ ...values, number: '0' }) // { ok: false, errors: { number: 'Enter a number from 1 to 99.' } }
 */
export function checkPlayer(playerForm: PlayerForm): PlayerCheck {
  const readings = {
    number: readNumber(playerForm.number),
    name: readName(playerForm.name),
    position: readPosition(playerForm.position),
    batsThrows: readBatsThrows(playerForm.batsThrows),
    gradYear: readGradYear(playerForm.gradYear),
    highSchool: readHighSchool(playerForm.highSchool),
    height: readHeight(playerForm.height),
    weight: readWeight(playerForm.weight),
  }
  const errors: PlayerErrors = {}
  for (const [field, reading] of Object.entries(readings)) {
    if (!reading.ok) errors[field as PlayerField] = reading.problem
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const values = Object.fromEntries(
    Object.entries(readings).map(([field, reading]) => [field, reading.ok ? reading.value : null]),
  )
  const parsed = playerSchema.safeParse({
    id: playerForm.id,
    imageUrl: playerForm.imageUrl,
    ...values,
  })
  // The readers mirror the schema; a refusal here means a stored id or photo address is bad.
  return parsed.success
    ? { ok: true, player: parsed.data }
    : { ok: false, errors: { name: 'This entry cannot be stored; remove it and add it again.' } }
}

/** Players who share a number: the number, and the ids of every player wearing it. */
export type SharedNumber = { number: number; ids: string[] }

/**
 * The numbers worn by more than one player of a roster, lowest first. Entries whose number is
 * not valid yet are left out (their own problem is shown instead).
 *
 * @example
 * sharedNumbers([{ id: 'a', number: '7' }, { id: 'b', number: '07' }]) // [{ number: 7, ids: ['a', 'b'] }]
 */
export function sharedNumbers(
  roster: readonly Pick<PlayerForm, 'id' | 'number'>[],
): SharedNumber[] {
  const byNumber = new Map<number, string[]>()
  for (const entry of roster) {
    const reading = readNumber(entry.number)
    if (!reading.ok) continue
    byNumber.set(reading.value, [...(byNumber.get(reading.value) ?? []), entry.id])
  }
  return [...byNumber.entries()]
    .filter(([, ids]) => ids.length > 1)
    .sort(([a], [b]) => a - b)
    .map(([number, ids]) => ({ number, ids }))
}

/**
 * A roster ordered by number (entries without a valid number last, in their order).
 *
 * @example
 * sortByNumber(players).map((d) => d.number) // ['2', '7', '18', '']
 */
export function sortByNumber(roster: readonly PlayerForm[]): PlayerForm[] {
  const key = (playerForm: PlayerForm) => {
    const reading = readNumber(playerForm.number)
    return reading.ok ? reading.value : Number.POSITIVE_INFINITY
  }
  // Array.prototype.sort is stable, so ties keep their order.
  return [...roster].sort((a, b) => key(a) - key(b))
}
