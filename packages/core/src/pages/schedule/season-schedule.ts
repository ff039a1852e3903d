import { sortableTime } from '../../calendar/schedule-text.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { ScheduleEntry, Team, Teams } from '../../entities/team.ts'
import { clubToday } from '../../club/club-time.ts'
import { isProgramSlug } from '../shared/programs.ts'
import { paths } from '../../routing/public-paths.ts'

/*
 * The season schedule: every team's entries in one list, filtered by program or team, and split
 * into what is still to come and what is over. "Today" is the club's date at the render time
 * (site/render-time.tsx), so the prerendered page and its hydration agree; an entry stays
 * upcoming for the whole of its day.
 */

/** One entry with its team and its place in that team's stored schedule (where edits go). */
export type ScheduleRow = { teamKey: string; team: Team; entry: ScheduleEntry; index: number }

/** Which entries to show: one program's, one team's, or (both empty) everyone's. */
export type ScheduleFilter = { program: ProgramSlug | ''; team: string }

/** No filter: every team. */
export const ALL_TEAMS: ScheduleFilter = { program: '', team: '' }

function when(row: ScheduleRow): string {
  return `${row.entry.date} ${sortableTime(row.entry.time)}`
}

/**
 * By date, then start time, then team name (ignoring case). Compared as text, not with
 * localeCompare, whose first call loads ICU's collation data during the page's start-up
 * (see club/club-time.ts).
 */
function compareRows(a: ScheduleRow, b: ScheduleRow): number {
  const [first, second] = [when(a), when(b)]
  if (first !== second) return first < second ? -1 : 1
  const [one, other] = [a.team.name.toLowerCase(), b.team.name.toLowerCase()]
  return one < other ? -1 : one > other ? 1 : 0
}

/** Every team's entries, soonest first (by date, then start time, then team name). */
export function seasonRows(teams: Teams): ScheduleRow[] {
  const rows = Object.entries(teams).flatMap(([teamKey, team]) =>
    (team.schedule ?? []).map((entry, index) => ({ teamKey, team, entry, index })),
  )
  return rows.sort(compareRows)
}

/** The rows a filter keeps. A team filter wins over a program filter. */
export function filterRows(rows: readonly ScheduleRow[], filter: ScheduleFilter): ScheduleRow[] {
  if (filter.team) return rows.filter((row) => row.teamKey === filter.team)
  if (filter.program) return rows.filter((row) => row.team.programSlug === filter.program)
  return [...rows]
}

/** Rows still to come (today included), soonest first, and rows that are over, latest first. */
export function splitRows(
  rows: readonly ScheduleRow[],
  now: Date,
): { upcoming: ScheduleRow[]; past: ScheduleRow[] } {
  const today = clubToday(now)
  return {
    upcoming: rows.filter((row) => row.entry.date >= today),
    past: rows.filter((row) => row.entry.date < today).reverse(),
  }
}

/** A team's next `limit` entries from today on, soonest first. */
export function upcomingForTeam(
  teamKey: string,
  team: Team,
  now: Date,
  limit: number,
): ScheduleRow[] {
  return splitRows(seasonRows({ [teamKey]: team }), now).upcoming.slice(0, limit)
}

/** Rows grouped by date, in the order given. */
export function groupByDate(rows: readonly ScheduleRow[]): { date: string; rows: ScheduleRow[] }[] {
  const groups: { date: string; rows: ScheduleRow[] }[] = []
  for (const row of rows) {
    const last = groups.at(-1)
    if (last?.date === row.entry.date) last.rows.push(row)
    else groups.push({ date: row.entry.date, rows: [row] })
  }
  return groups
}

/**
 * Programs that have at least one team, in the club's program order: the filter offers each,
 * so a family finds its team's program (a team without games yet says so when picked).
 */
export function programsWithTeams(teams: Teams): ProgramSlug[] {
  const used = new Set(Object.values(teams).map((team) => team.programSlug))
  return PROGRAM_SLUGS.filter((slug) => used.has(slug))
}

/** Every team, optionally of one program, in the `teams` document's order. */
export function teamsOf(teams: Teams, program: ProgramSlug | ''): { key: string; team: Team }[] {
  return Object.entries(teams)
    .filter(([, team]) => !program || team.programSlug === program)
    .map(([key, team]) => ({ key, team }))
}

/** Teams with a schedule, optionally of one program, in the `teams` document's order. */
export function teamsWithSchedules(
  teams: Teams,
  program: ProgramSlug | '',
): { key: string; team: Team }[] {
  return Object.entries(teams)
    .filter(([, team]) => (team.schedule ?? []).length > 0)
    .filter(([, team]) => !program || team.programSlug === program)
    .map(([key, team]) => ({ key, team }))
}

/**
 * The filter a query string asks for (`?program=big-train`, `?team=big-train-12u`), keeping
 * only values that name a program or team that exists. A team implies its program.
 */
export function readScheduleFilter(search: URLSearchParams, teams: Teams): ScheduleFilter {
  const teamKey = search.get('team') ?? ''
  const team = teamKey && Object.hasOwn(teams, teamKey) ? teams[teamKey] : undefined
  if (team) return { program: team.programSlug, team: teamKey }
  const program = search.get('program') ?? ''
  return { program: isProgramSlug(program) ? program : '', team: '' }
}

/** The /schedule address that shows a filter (team first, as it is the narrower). */
export function scheduleHref(filter: ScheduleFilter): string {
  if (filter.team) return paths.schedule(`team=${encodeURIComponent(filter.team)}`)
  if (filter.program) return paths.schedule(`program=${encodeURIComponent(filter.program)}`)
  return paths.schedule()
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * A calendar date as a schedule shows it, read as written (never through a time zone).
 *
 * @example
 * formatEntryDay('2026-11-28') // { weekday: 'Saturday', short: 'Sat, Nov 28', year: 2026 }
 */
export function formatEntryDay(isoDate: string): { weekday: string; short: string; year: number } {
  const [year = 1970, month = 1, day = 1] = isoDate.split('-').map(Number)
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? ''
  return { weekday, short: `${weekday.slice(0, 3)}, ${MONTHS[month - 1] ?? ''} ${day}`, year }
}
