/*
 * Dates as the club's families read them. The league plays in Montgomery County and D.C., so
 * every date is shown in America/New_York, whatever the zone of the machine that renders it.
 * The words are ours, so a prerendered page and its hydrated copy agree even when Node and the
 * browser ship different ICU data (spacing before "PM" etc.).
 *
 * Nor is Intl asked for the zone's offset in the years whose rules are known (see
 * rulesOffsetMinutes): a page's first Intl call loads ICU's locale data, 20–30 ms of its
 * start-up on the 2-core test host (about 100 ms at Lighthouse's 4× CPU), for nothing the
 * public pages need. club-time.test.ts holds every change of offset to Intl's answer.
 */

/** The club's time zone. */
export const CLUB_TIME_ZONE = 'America/New_York'

/** The months' names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Wall-clock fields of an instant in the club's time zone. */
export type ClubDateParts = {
  year: number
  /** 1–12 */
  month: number
  day: number
  /** 0–23 */
  hour: number
  minute: number
}

/** The first year the United States' present daylight-saving rules apply. */
const RULES_FROM = 2007
/** The last year they are assumed to: after it (or before RULES_FROM) Intl answers. */
const RULES_TO = 2099

/** The day of the month of the `nth` Sunday of `month` (0–11) in `year`. */
function nthSunday(year: number, month: number, nth: number): number {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay()
  return 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1)
}

/**
 * America/New_York's offset from UTC at `ms`, in minutes, by the rules in force since 2007:
 * UTC−4 from 2 AM on March's second Sunday to 2 AM on November's first, else UTC−5. Undefined
 * for an instant outside RULES_FROM–RULES_TO (or not a time), which Intl's zone data answers.
 */
function rulesOffsetMinutes(ms: number): number | undefined {
  const year = new Date(ms).getUTCFullYear()
  if (!(year >= RULES_FROM && year <= RULES_TO)) return undefined
  // 2 AM standard time is 07:00 UTC; 2 AM daylight time is 06:00 UTC.
  const starts = Date.UTC(year, 2, nthSunday(year, 2, 2), 7)
  const ends = Date.UTC(year, 10, nthSunday(year, 10, 1), 6)
  return ms >= starts && ms < ends ? -240 : -300
}

let zoned: Intl.DateTimeFormat | undefined

/** clubDateParts by Intl's zone data, for the years rulesOffsetMinutes does not know. */
function intlDateParts(instant: Date): ClubDateParts {
  zoned ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CLUB_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  })
  const parts: Record<string, number> = {}
  for (const part of zoned.formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines report midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  }
}

/** The wall-clock date and time of `instant` in America/New_York. */
export function clubDateParts(instant: Date): ClubDateParts {
  const offset = rulesOffsetMinutes(instant.getTime())
  if (offset === undefined) return intlDateParts(instant)
  const wall = new Date(instant.getTime() + offset * 60_000)
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
  }
}

/** The club's zone at `instant` as its clocks name it: `EST` or `EDT`. */
export function clubZoneName(instant: Date): string {
  const offset = rulesOffsetMinutes(instant.getTime())
  if (offset !== undefined) return offset === -240 ? 'EDT' : 'EST'
  const name = new Intl.DateTimeFormat('en-US', { timeZone: CLUB_TIME_ZONE, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')
  return name?.value ?? ''
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** Today's date at the club (`YYYY-MM-DD`) at the instant `now`. */
export function clubToday(now: Date): string {
  const { year, month, day } = clubDateParts(now)
  return `${year}-${pad(month)}-${pad(day)}`
}

function splitDate(isoDate: string): { year: number; month: number; day: number } | undefined {
  const match = CALENDAR_DATE.exec(isoDate)
  if (!match) return undefined
  const month = Number(match[2])
  if (month < 1 || month > 12) return undefined
  return { year: Number(match[1]), month, day: Number(match[3]) }
}

function monthName(month: number): string {
  return MONTHS[month - 1] ?? ''
}

/**
 * A calendar date (`YYYY-MM-DD`, already the club's local date) as `November 2, 2026`. It is
 * read as written, never through UTC, so it cannot slip to the previous day. Anything else is
 * returned unchanged.
 */
export function formatClubDate(isoDate: string): string {
  const date = splitDate(isoDate)
  if (!date) return isoDate
  return `${monthName(date.month)} ${date.day}, ${date.year}`
}

/**
 * An inclusive range of calendar dates, as short as reads naturally: `June 22, 2026`,
 * `June 22–26, 2026`, `June 29 – July 2, 2026`, `December 28, 2026 – January 2, 2027`.
 */
export function formatClubDateRange(startDate: string, endDate: string): string {
  const start = splitDate(startDate)
  const end = splitDate(endDate)
  if (!start || !end) return startDate === endDate ? startDate : `${startDate} – ${endDate}`
  if (startDate === endDate) return formatClubDate(startDate)
  if (start.year !== end.year) return `${formatClubDate(startDate)} – ${formatClubDate(endDate)}`
  if (start.month !== end.month) {
    return `${monthName(start.month)} ${start.day} – ${monthName(end.month)} ${end.day}, ${end.year}`
  }
  return `${monthName(start.month)} ${start.day}–${end.day}, ${end.year}`
}

/** An instant (ISO 8601) as `November 2, 2026, 3:05 PM` in the club's time zone. */
export function formatClubDateTime(isoDateTime: string): string {
  const time = Date.parse(isoDateTime)
  if (Number.isNaN(time)) return isoDateTime
  const { year, month, day, hour, minute } = clubDateParts(new Date(time))
  return `${monthName(month)} ${day}, ${year}, ${clock(hour, minute)}`
}

/** A wall-clock time as `3:05 PM`. */
function clock(hour: number, minute: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  return `${hour12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`
}

/**
 * An instant (ISO 8601) as `Nov 20, 2026, 7:00 AM EST`: short, in the club's time zone, named.
 * Undefined when it is not an instant.
 */
export function formatClubShortDateTime(isoDateTime: string): string | undefined {
  const time = Date.parse(isoDateTime)
  if (Number.isNaN(time)) return undefined
  const instant = new Date(time)
  const { year, month, day, hour, minute } = clubDateParts(instant)
  return `${monthName(month).slice(0, 3)} ${day}, ${year}, ${clock(hour, minute)} ${clubZoneName(instant)}`
}

/**
 * The day of an instant (ISO 8601) in the club's time zone, short: `Dec 5, 2026`. An upload
 * at 11 PM in Maryland is on Dec 5 there, though it is Dec 6 in UTC.
 */
export function formatClubShortDay(isoDateTime: string): string {
  const time = Date.parse(isoDateTime)
  if (Number.isNaN(time)) return isoDateTime
  const { year, month, day } = clubDateParts(new Date(time))
  return `${monthName(month).slice(0, 3)} ${day}, ${year}`
}
