import type { Field } from '../entities/fields-content.ts'
import type { ScheduleEntry, ScheduleEntryKind, ScheduleStatus } from '../entities/team.ts'
import { paths } from '../routing/public-paths.ts'

/*
 * How a schedule entry reads, shared by the pages and the calendar files so that a game has
 * the same name on the site and in a family's calendar. Type-only imports: no zod here.
 */

/** How each kind of entry reads on a badge. */
export const ENTRY_KIND_LABELS: Record<ScheduleEntryKind, string> = {
  game: 'Game',
  practice: 'Practice',
  tournament: 'Tournament',
  event: 'Event',
}

/** How each status reads. */
export const ENTRY_STATUS_LABELS: Record<ScheduleStatus, string> = {
  scheduled: 'Scheduled',
  postponed: 'Postponed',
  cancelled: 'Cancelled',
}

/**
 * The entry's title for a team: `Big Train 12U vs Rock Creek Owls` (home), `… at …` (away),
 * `Big Train 12U: Winter workout` (practices, tournaments, events).
 */
export function entryTitle(teamName: string, entry: ScheduleEntry): string {
  if (entry.kind === 'game') {
    if (!entry.opponent) return `${teamName} game`
    return `${teamName} ${entry.homeAway === 'away' ? 'at' : 'vs'} ${entry.opponent}`
  }
  const what = entry.opponent || ENTRY_KIND_LABELS[entry.kind]
  return `${teamName}: ${what}`
}

/** The opponent or event alone, for a list that already says which team: `vs Rock Creek Owls`. */
export function entryHeadline(entry: ScheduleEntry): string {
  if (entry.kind === 'game') {
    if (!entry.opponent) return 'Game, opponent to be announced'
    return `${entry.homeAway === 'away' ? 'at' : 'vs'} ${entry.opponent}`
  }
  return entry.opponent || ENTRY_KIND_LABELS[entry.kind]
}

/** What a place needs of a field. */
export type PlaceField = Pick<Field, 'id' | 'name' | 'address' | 'mapLink'>

/** Where an entry takes place. */
export type EntryPlace<F extends PlaceField = PlaceField> = {
  /** The club's field, when the entry names one that exists. */
  field?: F
  /** What to show: the field's name, or the entry's own location text. */
  name: string
  /** The field's street address, when known. */
  address: string
}

/** Resolves the entry's field id against the club's fields; an unknown id falls back to text. */
export function entryPlace<F extends PlaceField>(
  entry: ScheduleEntry,
  fields: readonly F[],
): EntryPlace<F> {
  const field = entry.fieldId
    ? fields.find((candidate) => candidate.id === entry.fieldId)
    : undefined
  if (field) return { field, name: field.name, address: field.address }
  return { name: entry.location, address: '' }
}

/** A map search for an address, for fields without a map link of their own. */
export function mapSearchLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}

/** Where a field's directions are: its own map link, or a map search for its address. */
export function directionsLink(field: Pick<Field, 'address' | 'mapLink'>): string {
  return field.mapLink || mapSearchLink(field.address)
}

const TIME = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/

/** `3:30 PM` as 24-hour numbers, or `undefined` for `''` (to be announced). */
export function parseClockTime(time: string): { hour: number; minute: number } | undefined {
  const match = TIME.exec(time)
  if (!match) return undefined
  const hour12 = Number(match[1]) % 12
  return { hour: match[3] === 'PM' ? hour12 + 12 : hour12, minute: Number(match[2]) }
}

/** `HH:MM` for sorting; entries without a time sort first on their day. */
export function sortableTime(time: string): string {
  const parsed = parseClockTime(time)
  if (!parsed) return '00:00'
  return `${String(parsed.hour).padStart(2, '0')}:${String(parsed.minute).padStart(2, '0')}`
}

/** A team's calendar file name, for downloads and for the file published at build time. */
export function teamCalendarFileName(teamId: string): string {
  return `${teamId}.ics`
}

/** The site path of a team's calendar file (`/calendars/big-train-12u.ics`). */
export function teamCalendarPath(teamId: string): string {
  return paths.teamCalendar(teamCalendarFileName(teamId))
}

/** The site path of a program's calendar, every team of it in one feed (`/calendars/recreation.ics`). */
export function programCalendarPath(programSlug: string): string {
  return paths.programCalendar(programSlug)
}

/**
 * The subscription address of a calendar file: the same address with `webcal://`, which
 * phones and calendar apps open as a subscription that they refresh by themselves.
 * Undefined without an http(s) origin to build it from.
 *
 * @example
 * webcalUrl('https://club.example.org', '/calendars/select-13u.ics') // 'webcal://club.example.org/calendars/select-13u.ics'
 */
export function webcalUrl(origin: string | undefined, path: string): string | undefined {
  const match = /^https?:\/\/([^\s/]+)\/*$/i.exec(origin ?? '')
  return match ? `webcal://${match[1]}${path}` : undefined
}
