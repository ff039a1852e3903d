import { describe, expect, it } from 'vitest'

import { SWIPE_THRESHOLD_PX, swipeStep } from './use-swipe.ts'

describe('swipeStep', () => {
  it('should go to the next slide when the finger moves left past the threshold', () => {
    expect(swipeStep(-SWIPE_THRESHOLD_PX, 0)).toBe(1)
    expect(swipeStep(-120, 20)).toBe(1)
  })

  it('should go back when the finger moves right past the threshold', () => {
    expect(swipeStep(SWIPE_THRESHOLD_PX, 0)).toBe(-1)
    expect(swipeStep(200, -40)).toBe(-1)
  })

  it('should ignore short moves and mostly vertical ones (a scroll)', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50)
    expect(swipeStep(-49, 0)).toBe(0)
    expect(swipeStep(60, 80)).toBe(0)
    expect(swipeStep(-70, -70)).toBe(0)
  })
})
