import { describe, expect, it } from 'vitest'

import { timeAgo, timeAgoRefreshMs } from './saved-ago.ts'

describe('timeAgo', () => {
  it.each([
    [0, 'just now'],
    [999, 'just now'],
    [5_000, '5 s ago'],
    [59_999, '59 s ago'],
    [60_000, '1 min ago'],
    [3_599_999, '59 min ago'],
    [7_200_000, '2 h ago'],
    [-3_000, 'just now'],
  ])('should say %i ms as %j', (elapsed, text) => {
    expect(timeAgo(1_000_000, 1_000_000 + elapsed)).toBe(text)
  })

  it('should be redrawn every second for a minute, then every minute', () => {
    expect(timeAgoRefreshMs(0, 30_000)).toBe(1_000)
    expect(timeAgoRefreshMs(0, 61_000)).toBe(60_000)
  })
})
