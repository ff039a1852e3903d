import { describe, expect, it } from 'vitest'

import {
  clubDayOf,
  decisionTimeFor,
  endOfClubDay,
  isClubWeekend,
  sameClubDay,
  weekdayOf,
} from './status-day.ts'

describe('the club day of a status', () => {
  it('should read the day in New York, not in UTC', () => {
    // 11:30 PM on Friday, December 4, 2026 in New York is already Saturday in UTC.
    expect(clubDayOf('2026-12-05T04:30:00Z')).toBe('2026-12-04')
    expect(clubDayOf('2026-12-05T05:00:00Z')).toBe('2026-12-05')
    // Summer time: UTC-4.
    expect(clubDayOf('2027-07-01T03:59:00Z')).toBe('2027-06-30')
    expect(clubDayOf('2027-07-01T04:00:00Z')).toBe('2027-07-01')
    expect(clubDayOf('not a date')).toBeUndefined()
  })

  it('should tell yesterday from today across midnight at the club', () => {
    const justAfterMidnight = new Date('2026-12-06T05:01:00Z')
    expect(sameClubDay('2026-12-06T04:59:00Z', justAfterMidnight)).toBe(false)
    expect(sameClubDay('2026-12-06T05:00:00Z', justAfterMidnight)).toBe(true)
    expect(sameClubDay('soon', justAfterMidnight)).toBe(false)
  })

  it('should end the day at the next midnight in New York', () => {
    expect(endOfClubDay(new Date('2026-12-06T15:00:00Z')).toISOString()).toBe(
      '2026-12-07T04:59:59.999Z',
    )
    // 11:30 PM: the day ends half an hour later, not a day later.
    expect(endOfClubDay(new Date('2026-12-07T04:30:00Z')).toISOString()).toBe(
      '2026-12-07T04:59:59.999Z',
    )
    // Just past midnight: the whole new day.
    expect(endOfClubDay(new Date('2026-12-07T05:00:00Z')).toISOString()).toBe(
      '2026-12-08T04:59:59.999Z',
    )
    expect(endOfClubDay(new Date('2027-07-01T12:00:00Z')).toISOString()).toBe(
      '2027-07-02T03:59:59.999Z',
    )
  })

  it('should end the days clocks change on at their own midnight (23 and 25 hours long)', () => {
    // Sunday, March 14, 2027: clocks go forward at 2:00 AM, the day ends at 04:00 UTC.
    const spring = endOfClubDay(new Date('2027-03-14T06:00:00Z'))
    expect(spring.toISOString()).toBe('2027-03-15T03:59:59.999Z')
    // Sunday, November 7, 2027: clocks go back at 2:00 AM, the day ends at 05:00 UTC.
    const autumn = endOfClubDay(new Date('2027-11-07T04:30:00Z'))
    expect(autumn.toISOString()).toBe('2027-11-08T04:59:59.999Z')
    expect(autumn.getTime() - Date.parse('2027-11-07T04:00:00Z') + 1).toBe(25 * 3_600_000)
  })

  it('should end the day the same whatever the machine’s zone', () => {
    // The result depends on the instant only: the same for every instant of the club day.
    const day = ['2026-12-06T05:00:00Z', '2026-12-06T17:00:00Z', '2026-12-07T04:59:59Z']
    expect(new Set(day.map((at) => endOfClubDay(new Date(at)).toISOString())).size).toBe(1)
  })
})

describe('when the day’s decisions are due', () => {
  it('should know the weekday of a club date', () => {
    expect(weekdayOf('2026-12-06')).toBe(0) // a Sunday
    expect(weekdayOf('2026-12-05')).toBe(6)
    expect(weekdayOf('2026-12-07')).toBe(1)
  })

  it('should give 3:00 PM on weekdays and 9:00 AM on weekends', () => {
    expect(decisionTimeFor(new Date('2026-12-04T20:00:00Z'))).toBe('3:00 PM') // Friday
    expect(decisionTimeFor(new Date('2026-12-05T12:00:00Z'))).toBe('9:00 AM') // Saturday
    expect(decisionTimeFor(new Date('2026-12-06T12:00:00Z'))).toBe('9:00 AM') // Sunday
    expect(decisionTimeFor(new Date('2026-12-07T12:00:00Z'))).toBe('3:00 PM') // Monday
  })

  it('should take the weekend from the club’s clock, not UTC', () => {
    // 11:00 PM on Friday in New York is Saturday in UTC: still a weekday at the club.
    const fridayNight = new Date('2026-12-05T04:00:00Z')
    expect(isClubWeekend(fridayNight)).toBe(false)
    expect(decisionTimeFor(fridayNight)).toBe('3:00 PM')
    // 11:00 PM on Sunday is Monday in UTC: still the weekend.
    const sundayNight = new Date('2026-12-07T04:00:00Z')
    expect(isClubWeekend(sundayNight)).toBe(true)
  })

  it('should use the times it is given', () => {
    const times = { countyWeekdayDecision: '2:00 PM', countyWeekendDecision: '8:00 AM' }
    expect(decisionTimeFor(new Date('2026-12-06T12:00:00Z'), times)).toBe('8:00 AM')
  })
})
