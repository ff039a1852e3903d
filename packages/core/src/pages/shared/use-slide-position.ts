import { useState } from 'react'

import { useSwipe } from './use-swipe.ts'
import type { SwipeOptions } from './use-swipe.ts'

/**
 * Which of `count` slides a carousel shows and how to move it: `go(step)` moves that many
 * slides, wrapping around at either end, and records the way it went (`direction`, for the
 * slide-in); `swipe` holds the pointer handlers that move it on a sideways swipe, and is empty
 * while there is only one slide. The slide shown stays inside the list, which can shrink while
 * the page is open (an editor removes a slide).
 *
 * @example
 * const { current, direction, go, swipe } = useSlidePosition(images.length)
 * <div data-direction={direction ?? undefined} {...swipe}>…</div>
 */
export function useSlidePosition(count: number, onDrag?: SwipeOptions['onDrag']) {
  const [chosen, setChosen] = useState(0)
  const [direction, setDirection] = useState<'next' | 'previous' | null>(null)
  const current = Math.min(chosen, Math.max(count - 1, 0))
  const go = (step: number) => {
    setDirection(step > 0 ? 'next' : 'previous')
    setChosen((current + step + count) % count)
  }
  const swipe = useSwipe({ onSwipe: go, onDrag })
  return { current, direction, go, swipe: count > 1 ? swipe : {} }
}
