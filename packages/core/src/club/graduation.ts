import type { Team, Teams } from '../entities/team.ts'
import { clubToday } from './club-time.ts'

/*
 * Class teams (DMV Prospects "Class of 2027") belong to one graduating class. A class is a
 * current team through July 31 of its class year, in club time (America/New_York): its seniors
 * graduate in June and play out the summer showcase season. From August 1 of that year it is a
 * past team: no practices, no tryouts, out of the current team lists, its page pointing to the
 * alumni. Always computed from the date the page is rendered for, never from a stored flag.
 *
 * The class year is read from the team's name ("… Class of 2026"), the name staff edit and
 * families read, so a class team staff add later follows the same rule.
 */

/** The last month (1–12) and day of its class year on which a class is still a current team. */
export const CLASS_CURRENT_UNTIL = { month: 7, day: 31 } as const

const CLASS_OF = /\bClass of (\d{4})\b/i

/**
 * The graduation year a team or tryout group's name states, or `undefined` for a team that is
 * not one class (an age group such as "Big Train 12U").
 *
 * @example
 * classYearOf('DMV Prospects Class of 2026') // 2026
 * classYearOf('Flash 12U') // undefined
 */
export function classYearOf(name: string): number | undefined {
  const match = CLASS_OF.exec(name)
  return match ? Number(match[1]) : undefined
}

/** The first club date (`YYYY-MM-DD`) on which the class of `year` is a past team. */
export function classPastFrom(year: number): string {
  // August 1 of the class year: the day after CLASS_CURRENT_UNTIL.
  const { month, day } = CLASS_CURRENT_UNTIL
  const after = new Date(Date.UTC(year, month - 1, day + 1))
  return after.toISOString().slice(0, 10)
}

/**
 * True when `name` names a class whose graduation year is over at `now` (club time): from
 * August 1 of the class year on.
 *
 * @example
 * isPastClass('DMV Prospects Class of 2026', new Date('2026-12-06T12:00:00Z')) // true
 * isPastClass('DMV Prospects Class of 2026', new Date('2026-08-01T03:59:00Z')) // false (July 31, 11:59 PM in club time)
 */
export function isPastClass(name: string, now: Date): boolean {
  const year = classYearOf(name)
  return year !== undefined && clubToday(now) >= classPastFrom(year)
}

/** True when `team` is a class team past its graduation year at `now`. */
export function isGraduated(team: Pick<Team, 'name'>, now: Date): boolean {
  return isPastClass(team.name, now)
}

/** The teams still current at `now` (graduated classes left out), in stored order. */
export function currentTeams(teams: Teams, now: Date): Teams {
  const kept = Object.entries(teams).filter(([, team]) => !isGraduated(team, now))
  return kept.length === Object.keys(teams).length ? teams : Object.fromEntries(kept)
}

/** The graduated class teams at `now`, with their keys, in stored order. */
export function pastTeams(teams: Teams, now: Date): { key: string; team: Team }[] {
  return Object.entries(teams)
    .filter(([, team]) => isGraduated(team, now))
    .map(([key, team]) => ({ key, team }))
}
