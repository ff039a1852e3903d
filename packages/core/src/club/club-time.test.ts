import { describe, expect, it } from 'vitest'

import {
  clubToday,
  formatClubDate,
  formatClubDateRange,
  formatClubDateTime,
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
