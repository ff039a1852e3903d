import { describe, expect, it } from 'vitest'

import { timeAgo, timeAgoRefreshMs, timeSince } from './time-ago.ts'

const NOW = new Date('2026-11-26T18:12:30Z')

describe('timeSince', () => {
  it('reads minutes, hours, days, then the date', () => {
    expect(timeSince('2026-11-26T18:12:00Z', NOW)).toBe('just now')
    expect(timeSince('2026-11-26T18:00:00Z', NOW)).toBe('12 min ago')
    expect(timeSince('2026-11-26T15:00:00Z', NOW)).toBe('3 h ago')
    expect(timeSince('2026-11-25T17:00:00Z', NOW)).toBe('yesterday')
    expect(timeSince('2026-11-20T12:15:00Z', NOW)).toBe('6 days ago')
    // 03:00 UTC on the 2nd is still the 1st in the club's time zone.
    expect(timeSince('2026-10-02T03:00:00Z', NOW)).toBe('on October 1, 2026')
  })

  it('treats a time slightly ahead as just now, and a non-date as unknown', () => {
    expect(timeSince('2026-11-26T18:20:00Z', NOW)).toBe('just now')
    expect(timeSince('soon', NOW)).toBeUndefined()
  })
})

describe('timeAgo in seconds (who saved last)', () => {
  it.each([
    [0, 'just now'],
    [999, 'just now'],
    [5_000, '5 s ago'],
    [59_999, '59 s ago'],
    [60_000, '1 min ago'],
    [3_599_999, '59 min ago'],
    [7_200_000, '2 h ago'],
    [30 * 3_600_000, 'yesterday'],
    [-3_000, 'just now'],
  ])('should say %i ms as %j', (elapsed, text) => {
    expect(timeAgo(1_000_000, 1_000_000 + elapsed, { seconds: true })).toBe(text)
  })

  it('should say "just now" for the first minute without seconds', () => {
    expect(timeAgo(0, 59_999)).toBe('just now')
  })

  it('should be redrawn every second for a minute, then every minute', () => {
    expect(timeAgoRefreshMs(0, 30_000)).toBe(1_000)
    expect(timeAgoRefreshMs(0, 61_000)).toBe(60_000)
  })
})
