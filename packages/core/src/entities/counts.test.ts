import { describe, expect, it } from 'vitest'

import { formatCount } from './counts.ts'

describe('formatCount', () => {
  it('should group the digits by threes with commas, as Intl writes en-US', () => {
    for (const count of [0, 7, 999, 1000, 12_345, 2_000_000, 1_048_576, -4200]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-US'))
    }
  })
})
