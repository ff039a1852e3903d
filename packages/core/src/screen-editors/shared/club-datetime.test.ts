import { describe, expect, it } from 'vitest'

import { fromClubInputValue, toClubInputValue } from './club-datetime.ts'

describe('club date-time inputs', () => {
  it('should show an instant on the club wall clock in summer', () => {
    expect(toClubInputValue('2026-06-01T12:00:00.000Z')).toBe('2026-06-01T08:00')
  })

  it('should show an instant on the club wall clock in winter', () => {
    expect(toClubInputValue('2026-12-01T17:30:00.000Z')).toBe('2026-12-01T12:30')
  })

  it('should show nothing for a value that is not a date', () => {
    expect(toClubInputValue('soon')).toBe('')
  })

  it('should read a summer wall-clock time as Eastern daylight time', () => {
    expect(fromClubInputValue('2026-06-01T08:00')).toBe('2026-06-01T12:00:00.000Z')
  })

  it('should read a winter wall-clock time as Eastern standard time', () => {
    expect(fromClubInputValue('2026-12-01T12:30')).toBe('2026-12-01T17:30:00.000Z')
  })

  it('should read the first hour after clocks go back as daylight time', () => {
    expect(fromClubInputValue('2026-11-01T00:30')).toBe('2026-11-01T04:30:00.000Z')
  })

  it('should keep the seconds of a value that has them', () => {
    expect(fromClubInputValue('2026-06-01T08:00:05')).toBe('2026-06-01T12:00:05.000Z')
    expect(fromClubInputValue('2026-06-01T08:00:60')).toBeNull()
  })

  it('should read an empty or impossible value as nothing', () => {
    expect([fromClubInputValue(''), fromClubInputValue('2026-02-30T10:00')]).toEqual([null, null])
  })

  it('should give back the same wall-clock time it was given', () => {
    for (const value of ['2026-03-08T01:59', '2026-03-08T03:00', '2026-11-01T03:00']) {
      expect(toClubInputValue(fromClubInputValue(value) ?? '')).toBe(value)
    }
  })
})
