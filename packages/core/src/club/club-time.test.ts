import { describe, expect, it } from 'vitest'

import {
  CLUB_TIME_ZONE,
  clubDateParts,
  clubToday,
  clubZoneName,
  formatClubDate,
  formatClubDateRange,
  formatClubDateTime,
  formatClubShortDateTime,
  formatClubShortDay,
} from './club-time.ts'

describe('club time', () => {
  it('should read a calendar date as written, without shifting it through UTC', () => {
    expect(formatClubDate('2026-11-02')).toBe('November 2, 2026')
    expect(formatClubDate('2026-01-01')).toBe('January 1, 2026')
  })

  it('should return anything that is not a calendar date unchanged', () => {
    expect(formatClubDate('soon')).toBe('soon')
    expect(formatClubDate('2026-13-01')).toBe('2026-13-01')
  })

  it('should give today in New York, not in UTC', () => {
    // 03:00 UTC on 31 January is still 30 January (22:00) in New York.
    expect(clubToday(new Date('2027-01-31T03:00:00Z'))).toBe('2027-01-30')
    expect(clubToday(new Date('2027-01-31T05:30:00Z'))).toBe('2027-01-31')
    // Summer time: UTC-4.
    expect(clubToday(new Date('2027-07-01T03:59:00Z'))).toBe('2027-06-30')
  })

  it('should format an instant in New York time with our own words', () => {
    expect(formatClubDateTime('2026-11-02T20:05:00Z')).toBe('November 2, 2026, 3:05 PM')
    expect(formatClubDateTime('2026-07-04T04:00:00Z')).toBe('July 4, 2026, 12:00 AM')
    expect(formatClubDateTime('2026-07-04T16:30:00Z')).toBe('July 4, 2026, 12:30 PM')
  })

  it('should shorten date ranges within a month or a year', () => {
    expect(formatClubDateRange('2027-06-21', '2027-06-25')).toBe('June 21–25, 2027')
    expect(formatClubDateRange('2027-06-29', '2027-07-02')).toBe('June 29 – July 2, 2027')
    expect(formatClubDateRange('2026-12-28', '2027-01-02')).toBe(
      'December 28, 2026 – January 2, 2027',
    )
    expect(formatClubDateRange('2027-04-10', '2027-04-10')).toBe('April 10, 2027')
  })
})

describe('formatClubShortDay', () => {
  it('should give the day in the club’s time, not UTC’s', () => {
    // 11:30 PM on Dec 5 in Maryland is 04:30 on Dec 6 in UTC.
    expect(formatClubShortDay('2026-12-06T04:30:00Z')).toBe('Dec 5, 2026')
    expect(formatClubShortDay('2026-07-04T12:00:00Z')).toBe('Jul 4, 2026')
    expect(formatClubShortDay('not a date')).toBe('not a date')
  })
})

describe('the club’s clock without Intl', () => {
  // What Intl's time zone data says (the ICU this Node ships): the answer clubDateParts must give.
  const zoned = new Intl.DateTimeFormat('en-US', {
    timeZone: CLUB_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'short',
  })
  const byIntl = (ms: number) => {
    const parts = Object.fromEntries(
      zoned.formatToParts(ms).map((part) => [part.type, part.value] as const),
    )
    return {
      parts: {
        year: Number(parts.year),
        month: Number(parts.month),
        day: Number(parts.day),
        hour: Number(parts.hour) % 24,
        minute: Number(parts.minute),
      },
      zone: parts.timeZoneName,
    }
  }

  it('should agree with Intl on every day from 2007 to 2045, on both sides of every change of clocks', () => {
    // The clocks change at 06:00 or 07:00 UTC: each day's 05:00, 06:00 and 07:00 meet every
    // change's last hour before and first hour after. A change of the law shows up here, as
    // Node's zone data changes, before any page shows a wrong hour.
    const mismatches: string[] = []
    const hours = [5, 6, 7].map((hour) => hour * 3_600_000)
    for (let day = Date.UTC(2007, 0, 1); day < Date.UTC(2046, 0, 1); day += 86_400_000) {
      for (const ms of hours.map((hour) => day + hour)) {
        const want = byIntl(ms)
        const got = clubDateParts(new Date(ms))
        const zone = clubZoneName(new Date(ms))
        if (JSON.stringify(got) !== JSON.stringify(want.parts) || zone !== want.zone)
          mismatches.push(`${new Date(ms).toISOString()}: ${JSON.stringify(got)} ${zone}`)
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([])
  })

  it('should change at 2 AM on March’s second Sunday and November’s first, to the millisecond', () => {
    const springAhead = Date.UTC(2027, 2, 14, 7) // Sunday March 14, 2027, 2 AM EST
    expect(clubDateParts(new Date(springAhead - 1))).toMatchObject({ hour: 1, minute: 59 })
    expect(clubDateParts(new Date(springAhead))).toMatchObject({ day: 14, hour: 3, minute: 0 })
    expect([clubZoneName(new Date(springAhead - 1)), clubZoneName(new Date(springAhead))]).toEqual([
      'EST',
      'EDT',
    ])
    const fallBack = Date.UTC(2027, 10, 7, 6) // Sunday November 7, 2027, 2 AM EDT
    expect(clubDateParts(new Date(fallBack - 1))).toMatchObject({ hour: 1, minute: 59 })
    expect(clubDateParts(new Date(fallBack))).toMatchObject({ day: 7, hour: 1, minute: 0 })
  })

  it('should ask Intl for years before the present rules', () => {
    // In 2006 daylight time began on April 2, not on March's second Sunday (the 12th).
    const march20 = Date.UTC(2006, 2, 20, 12)
    expect(clubDateParts(new Date(march20))).toEqual(byIntl(march20).parts)
    expect(clubDateParts(new Date(march20)).hour).toBe(7)
    expect(clubZoneName(new Date(march20))).toBe('EST')
  })

  it('should write an instant short with its zone, and nothing for what is not one', () => {
    expect(formatClubShortDateTime('2026-11-20T12:00:00.000Z')).toBe('Nov 20, 2026, 7:00 AM EST')
    expect(formatClubShortDateTime('2026-06-01T03:05:00Z')).toBe('May 31, 2026, 11:05 PM EDT')
    expect(formatClubShortDateTime('2026-07-04T16:00:00Z')).toBe('Jul 4, 2026, 12:00 PM EDT')
    expect(formatClubShortDateTime('soon')).toBeUndefined()
  })
})
