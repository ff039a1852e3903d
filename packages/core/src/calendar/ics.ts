/*
 * The parts of iCalendar (RFC 5545) the club's calendar files need: escaped text, folded
 * lines, dates and times in the club's time zone with its VTIMEZONE, and events. Pure string
 * building, so the same code runs in the browser (a download) and at build time (a file).
 */

import { CLUB_TIME_ZONE } from '../club/club-time.ts'

/**
 * The time zone every date and time in the club's calendars is written in: the club's (its
 * VTIMEZONE below carries that zone's rules).
 */
export const ICS_TIME_ZONE = CLUB_TIME_ZONE

const CRLF = '\r\n'
const MAX_LINE_OCTETS = 75
const encoder = new TextEncoder()

/**
 * Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma get a backslash, line
 * breaks become `\n`, and other control characters (which TEXT may not hold) are dropped.
 *
 * @example
 * escapeText('Hollow Oak Park, Field 2; bring water') // 'Hollow Oak Park\\, Field 2\\; bring water'
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, '')
  )
}

/**
 * Folds one content line so that no physical line is longer than 75 octets (RFC 5545 §3.1):
 * each continuation starts with a space. It never splits a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    // The first line may hold 75 octets; a continuation's leading space counts towards its 75.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join(`${CRLF} `)
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

/** A calendar date as `YYYYMMDD`, from `YYYY-MM-DD`. */
export function icsDate(isoDate: string): string {
  return isoDate.replace(/-/g, '')
}

/** An instant as a UTC DATE-TIME, e.g. `20261123T111053Z`. */
export function icsUtc(instant: Date): string {
  return (
    `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  )
}

/** A wall-clock date and time in the club's time zone. */
export type LocalDateTime = { date: string; hour: number; minute: number }

/** The local date and time `minutes` after `start`, on the wall clock (days roll over). */
export function addMinutes(start: LocalDateTime, minutes: number): LocalDateTime {
  const [year = 1970, month = 1, day = 1] = start.date.split('-').map(Number)
  const total = start.hour * 60 + start.minute + minutes
  const dayOffset = Math.floor(total / 1440)
  const inDay = total - dayOffset * 1440
  const shifted = new Date(Date.UTC(year, month - 1, day + dayOffset))
  return {
    date: `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    hour: Math.floor(inDay / 60),
    minute: inDay % 60,
  }
}

/** The calendar date after `isoDate`. */
export function nextDate(isoDate: string): string {
  return addMinutes({ date: isoDate, hour: 0, minute: 0 }, 1440).date
}

function localDateTime(value: LocalDateTime): string {
  return `${icsDate(value.date)}T${pad(value.hour)}${pad(value.minute)}00`
}

// Eastern time since 2007: daylight time from the second Sunday of March to the first Sunday
// of November, both at 2:00 AM.
const NEW_YORK_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${ICS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
]

/** One event of a calendar file. */
export type IcsEvent = {
  /** Globally unique and stable across downloads, so calendar apps update instead of duplicating. */
  uid: string
  /**
   * A timed event (wall clock in {@link ICS_TIME_ZONE}), or an all-day event on `date` (through
   * `lastDate`, inclusive, when it lasts several days).
   */
  start: LocalDateTime | { date: string; lastDate?: string }
  /** Length of a timed event; ignored for an all-day one (which lasts its day). */
  durationMinutes: number
  summary: string
  location?: string
  description?: string
  url?: string
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
}

/** A whole calendar file. */
export type IcsCalendar = {
  /** The calendar's display name (`X-WR-CALNAME`). */
  name: string
  /** Who made the file, e.g. `-//Club//Team schedules//EN`. */
  productId: string
  events: readonly IcsEvent[]
  /** When the file was made (`DTSTAMP` of every event). */
  now: Date
}

function isTimed(start: IcsEvent['start']): start is LocalDateTime {
  return 'hour' in start
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${event.uid}`, `DTSTAMP:${stamp}`]
  if (isTimed(event.start)) {
    const end = addMinutes(event.start, event.durationMinutes)
    lines.push(`DTSTART;TZID=${ICS_TIME_ZONE}:${localDateTime(event.start)}`)
    lines.push(`DTEND;TZID=${ICS_TIME_ZONE}:${localDateTime(end)}`)
  } else {
    lines.push(`DTSTART;VALUE=DATE:${icsDate(event.start.date)}`)
    const last =
      event.start.lastDate && event.start.lastDate > event.start.date
        ? event.start.lastDate
        : event.start.date
    lines.push(`DTEND;VALUE=DATE:${icsDate(nextDate(last))}`)
  }
  lines.push(`SUMMARY:${escapeText(event.summary)}`)
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`)
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`)
  // A URI value is not TEXT: it is written as is, and only ever a checked http(s) address.
  if (event.url && /^https?:\/\/[^\s"<>]+$/i.test(event.url)) lines.push(`URL:${event.url}`)
  lines.push(`STATUS:${event.status}`, 'END:VEVENT')
  return lines
}

/**
 * The text of a calendar file: CRLF line ends, folded lines, the club's time zone and one
 * VEVENT per event.
 *
 * @example
 * buildCalendar({ name: 'Big Train 12U', productId: '-//Club//Schedules//EN', events, now })
 */
export function buildCalendar(calendar: IcsCalendar): string {
  const stamp = icsUtc(calendar.now)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${ICS_TIME_ZONE}`,
    ...NEW_YORK_VTIMEZONE,
    ...calendar.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join(CRLF) + CRLF
}
