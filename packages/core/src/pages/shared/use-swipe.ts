import { useRef } from 'react'
import type { PointerEvent as ReactPointerEvent } from 'react'

/** How far a finger must travel sideways to count as a swipe (the spec's swipe threshold). */
export const SWIPE_THRESHOLD_PX = 50

/**
 * The step a gesture asks for: 1 (next) when the finger moved left at least `threshold`
 * pixels, -1 (previous) when it moved right, 0 when it was short or mostly vertical (a scroll).
 */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0
  return dx < 0 ? 1 : -1
}

/** What {@link useSwipe} reports. */
export type SwipeOptions = {
  /** Called once per swipe with the step it asks for. */
  onSwipe: (step: -1 | 1) => void
  /** Called while a finger moves with how far it is from where it started (0 when it lifts). */
  onDrag?: (dx: number) => void
}

type Start = { pointerId: number; x: number; y: number }

/**
 * Pointer handlers that turn a horizontal touch or pen swipe into a step. A mouse is left
 * alone (it has the buttons, and dragging an image with it means something else). Give the
 * element `touch-action: pan-y` so the browser keeps vertical scrolling and hands sideways
 * moves to these handlers.
 *
 * @example
 * const swipe = useSwipe({ onSwipe: (step) => go(step) })
 * <div className="slides" {...swipe}>…</div>
 */
export function useSwipe({ onSwipe, onDrag }: SwipeOptions) {
  const start = useRef<Start | null>(null)
  const end = (event: ReactPointerEvent<HTMLElement>, counts: boolean) => {
    const from = start.current
    if (!from || from.pointerId !== event.pointerId) return
    start.current = null
    onDrag?.(0)
    if (!counts) return
    const step = swipeStep(event.clientX - from.x, event.clientY - from.y)
    if (step !== 0) onSwipe(step)
  }
  return {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse' || !event.isPrimary) return
      start.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY }
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const from = start.current
      if (!from || from.pointerId !== event.pointerId) return
      const dx = event.clientX - from.x
      if (Math.abs(dx) > Math.abs(event.clientY - from.y)) onDrag?.(dx)
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      end(event, true)
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      end(event, false)
    },
  }
}
