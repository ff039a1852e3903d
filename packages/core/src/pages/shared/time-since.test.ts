import { describe, expect, it } from 'vitest'

import { timeSince } from './time-since.ts'

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
