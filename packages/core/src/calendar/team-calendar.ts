import { CLUB } from '../club/club-identity.ts'
import type { Field } from '../entities/fields-content.ts'
import type { ScheduleEntry, Team } from '../entities/team.ts'
import { buildCalendar, type IcsEvent } from './ics.ts'
import {
  directionsLink,
  ENTRY_STATUS_LABELS,
  entryPlace,
  entryTitle,
  parseClockTime,
  sortableTime,
} from './schedule-text.ts'
import { paths } from '../routing/public-paths.ts'

export {
  programCalendarPath,
  teamCalendarFileName,
  teamCalendarPath,
  webcalUrl,
} from './schedule-text.ts'

/** Options of {@link teamCalendar}. */
export type TeamCalendarOptions = {
  /** The site's public origin (`https://example.org`): adds links to the team and field pages. */
  siteUrl?: string
}

// Fixed, not the site's host: an event keeps its UID if the site moves, so calendar apps that
// imported it update it rather than showing it twice.
const UID_DOMAIN = 'team-schedules.club'

function icsStatus(entry: ScheduleEntry): IcsEvent['status'] {
  if (entry.status === 'cancelled') return 'CANCELLED'
  if (entry.status === 'postponed') return 'TENTATIVE'
  return 'CONFIRMED'
}

function origin(siteUrl: string | undefined): string | undefined {
  const trimmed = siteUrl?.replace(/\/+$/, '')
  return trimmed && /^https?:\/\/[^\s/]+$/i.test(trimmed) ? trimmed : undefined
}

function event(
  team: Team,
  entry: ScheduleEntry,
  fields: readonly Field[],
  site: string | undefined,
): IcsEvent {
  const place = entryPlace(entry, fields)
  const time = parseClockTime(entry.time)
  const status = entry.status === 'scheduled' ? '' : `${ENTRY_STATUS_LABELS[entry.status]}: `
  const details = [
    entry.note,
    place.field && site
      ? `Field status: ${site}${paths.fields(`field-${encodeURIComponent(place.field.id)}`)}`
      : '',
    place.field ? `Directions: ${directionsLink(place.field)}` : '',
    time ? '' : 'Start time to be announced.',
  ].filter(Boolean)
  return {
    uid: `${team.id}-${entry.id}@${UID_DOMAIN}`,
    start: time ? { date: entry.date, ...time } : { date: entry.date },
    durationMinutes: entry.durationMinutes,
    summary: `${status}${entryTitle(team.name, entry)}`,
    location: [place.name, place.address].filter(Boolean).join(', '),
    description: details.join('\n'),
    ...(site ? { url: `${site}${paths.teamByKey(team.id)}` } : {}),
    status: icsStatus(entry),
  }
}

/**
 * A team's schedule as an iCalendar file (RFC 5545), every entry an event in the club's time
 * zone; entries without a start time are all-day events. `now` is the file's DTSTAMP. Pure: the
 * page's download button and a build step can both call it.
 *
 * @example
 * teamCalendar(teams['big-train-12u'], fieldsContent.fields, new Date(), { siteUrl })
 */
export function teamCalendar(
  team: Team,
  fields: readonly Field[],
  now: Date,
  options: TeamCalendarOptions = {},
): string {
  const site = origin(options.siteUrl)
  const entries = [...(team.schedule ?? [])].sort((a, b) =>
    `${a.date} ${sortableTime(a.time)}`.localeCompare(`${b.date} ${sortableTime(b.time)}`),
  )
  return buildCalendar({
    name: `${team.name} schedule`,
    productId: `-//${CLUB.name}//Team schedules//EN`,
    events: entries.map((entry) => event(team, entry, fields, site)),
    now,
  })
}

const byStart = (a: ScheduleEntry, b: ScheduleEntry) =>
  `${a.date} ${sortableTime(a.time)}`.localeCompare(`${b.date} ${sortableTime(b.time)}`)

/**
 * Every team of one program in one calendar (a family with two children in recreation
 * subscribes once). Events keep their team calendar's UIDs; a program without teams yet gets
 * an empty calendar under its name, which fills once teams are published.
 *
 * @example
 * programCalendar('Recreation Baseball', Object.values(teams).filter(…), fields, new Date(), { siteUrl })
 */
export function programCalendar(
  programName: string,
  teams: readonly Team[],
  fields: readonly Field[],
  now: Date,
  options: TeamCalendarOptions = {},
): string {
  const site = origin(options.siteUrl)
  const events = teams
    .flatMap((team) => (team.schedule ?? []).map((entry) => ({ team, entry })))
    .sort((a, b) => byStart(a.entry, b.entry))
    .map(({ team, entry }) => event(team, entry, fields, site))
  return buildCalendar({
    name: `${programName} schedule`,
    productId: `-//${CLUB.name}//Team schedules//EN`,
    events,
    now,
  })
}
