import { describe, expect, it } from 'vitest'

import { asOfText, fieldStatusOn } from './field-status.ts'

describe('a field’s status on a day', () => {
  const field = { status: 'open' as const, statusUpdatedAt: '2026-12-06T14:00:00.000Z' }

  it('should be the status on the day it was set, at the club', () => {
    expect(fieldStatusOn(field, '2026-12-06')).toBe('open')
  })

  it('should be nothing on any other day, the day after or next April', () => {
    expect(fieldStatusOn(field, '2026-12-07')).toBeUndefined()
    expect(fieldStatusOn(field, '2027-04-10')).toBeUndefined()
    expect(fieldStatusOn(field, '2026-12-05')).toBeUndefined()
  })

  it('should read the day in New York: a late-evening check is that evening’s', () => {
    // 11:30 PM on December 6 in New York is December 7 in UTC.
    const late = { status: 'closed' as const, statusUpdatedAt: '2026-12-07T04:30:00.000Z' }
    expect(fieldStatusOn(late, '2026-12-06')).toBe('closed')
    expect(fieldStatusOn(late, '2026-12-07')).toBeUndefined()
  })

  it('should be nothing for a field never checked', () => {
    expect(fieldStatusOn({ status: 'open', statusUpdatedAt: null }, '2026-12-06')).toBeUndefined()
  })
})

describe('as of', () => {
  it('should give the time alone on the same club day, and the date otherwise', () => {
    const built = new Date('2026-12-06T21:12:00Z')
    expect(asOfText(built, new Date('2026-12-06T23:00:00Z'))).toBe('4:12 PM')
    // 1:00 AM on December 7 in New York: the build was yesterday's.
    expect(asOfText(built, new Date('2026-12-07T06:00:00Z'))).toBe('December 6, 2026, 4:12 PM')
  })
})
