import { clubDateParts } from '../../club/club-time.ts'

/*
 * A `datetime-local` input holds a wall-clock time with no zone. The site shows every date in
 * the club's zone (America/New_York), so the editors read and write these inputs in that zone
 * too: a director travelling elsewhere still types the time families will see.
 */

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

const pad = (value: number) => String(value).padStart(2, '0')

/**
 * The `datetime-local` value showing `iso` on the club's wall clock, or `''` when `iso` is not a
 * date.
 *
 * @example
 * toClubInputValue('2026-06-01T12:00:00.000Z') // '2026-06-01T08:00'
 */
export function toClubInputValue(iso: string): string {
  const time = Date.parse(iso)
  if (Number.isNaN(time)) return ''
  const { year, month, day, hour, minute } = clubDateParts(new Date(time))
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}`
}

/**
 * The instant (ISO 8601, UTC) a `datetime-local` value names on the club's wall clock (seconds
 * optional, as an input with a step under a minute gives), or `null` when the value is empty or
 * malformed. A time skipped when clocks go forward lands an hour on.
 *
 * @example
 * fromClubInputValue('2026-06-01T08:00') // '2026-06-01T12:00:00.000Z'
 */
export function fromClubInputValue(value: string): string | null {
  const match = LOCAL_INPUT.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  const seconds = Number(match[6] ?? 0)
  if (seconds > 59) return null
  const wall = Date.UTC(year, month - 1, day, hour, minute)
  if (new Date(wall).getUTCDate() !== day) return null
  // Start from the wall clock read as UTC and correct by the zone's offset at the guess; a
  // second pass settles the guesses that land across a daylight-saving change.
  let guess = wall
  for (let pass = 0; pass < 2; pass++) {
    const seen = clubDateParts(new Date(guess))
    guess += wall - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute)
  }
  return new Date(guess + seconds * 1000).toISOString()
}
