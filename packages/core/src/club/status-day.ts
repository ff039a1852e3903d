/*
 * A status is about a day: the weather policy's decisions are made for one club day (by
 * 3:00 PM on weekdays and 9:00 AM on weekends, in the club's time zone), so yesterday's
 * "Games on" is no answer for today. Pure: every function takes the instant it reasons about.
 */

import { WEATHER_POLICY } from './weather-policy.ts'
import { clubDateParts, clubToday } from './club-time.ts'

/** The club day (`YYYY-MM-DD`, America/New_York) an instant falls on, or undefined for no date. */
export function clubDayOf(isoDateTime: string): string | undefined {
  const time = Date.parse(isoDateTime)
  return Number.isNaN(time) ? undefined : clubToday(new Date(time))
}

/** True when both instants fall on the same club day (false when either is not a date). */
export function sameClubDay(a: string, b: Date): boolean {
  const day = clubDayOf(a)
  return day !== undefined && day === clubToday(b)
}

/**
 * The day of the week of a club date (`YYYY-MM-DD`): 0 for Sunday … 6 for Saturday. A calendar
 * date has one weekday wherever it is read, so it is computed in UTC.
 */
export function weekdayOf(clubDate: string): number {
  const [year = 1970, month = 1, day = 1] = clubDate.split('-').map(Number)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}

/** True on Saturday and Sunday at the club. */
export function isClubWeekend(now: Date): boolean {
  const weekday = weekdayOf(clubToday(now))
  return weekday === 0 || weekday === 6
}

/** When the day's decisions are posted, as the weather policy words them. */
export type DecisionTimes = { countyWeekdayDecision: string; countyWeekendDecision: string }

/**
 * The time today's decisions are due by at the club: `9:00 AM` on weekends, `3:00 PM` on
 * weekdays (the weather policy's times unless others are given).
 *
 * @example
 * decisionTimeFor(new Date('2026-12-06T12:00:00Z')) // '9:00 AM' (a Sunday)
 */
export function decisionTimeFor(now: Date, times: DecisionTimes = WEATHER_POLICY): string {
  return isClubWeekend(now) ? times.countyWeekendDecision : times.countyWeekdayDecision
}

/**
 * The last millisecond of the club day `instant` falls on: the moment before the next midnight
 * in America/New_York, whatever the machine's zone, on the days clocks change too (a club day
 * is 23, 24 or 25 hours long).
 *
 * @example
 * endOfClubDay(new Date('2026-12-06T15:00:00Z')).toISOString() // '2026-12-07T04:59:59.999Z'
 */
export function endOfClubDay(instant: Date): Date {
  const { year, month, day } = clubDateParts(instant)
  // The next midnight on the club's wall clock, read as UTC, then corrected by the zone's
  // offset at the guess; a second pass settles a guess that lands across a change of offset.
  const wall = Date.UTC(year, month - 1, day + 1)
  let guess = wall
  for (let pass = 0; pass < 2; pass++) {
    const seen = clubDateParts(new Date(guess))
    guess += wall - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute)
  }
  return new Date(guess - 1)
}
