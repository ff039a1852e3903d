/**
 * The window's size and position, remembered between runs. Plain data and rules: main reads
 * and writes it through electron-store, and restores it only where a display can show it.
 */
import { z } from 'zod'

/** A rectangle in screen coordinates. */
export type Rect = { x: number; y: number; width: number; height: number }

export const ZWindowState = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  isMaximized: z.boolean(),
})
export type WindowState = z.infer<typeof ZWindowState>

export const MIN_SIZE = { width: 800, height: 600 }
export const DEFAULT_SIZE = { width: 1280, height: 860 }
/** How much of the title bar must be on a display for the saved place to be used. */
const VISIBLE_MIN = 100

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))

/**
 * Where the window opens: the saved place when it is valid and its title bar is on one of
 * the displays' work areas (a monitor may have been unplugged); otherwise the default size,
 * centred on the primary display. Sizes never go below the minimum
 * nor beyond the display.
 */
export function restoreWindowState(
  saved: unknown,
  workAreas: readonly Rect[],
  /** The primary display's work area (`screen.getPrimaryDisplay()`); the list's order is none. */
  primaryArea?: Rect,
): WindowState {
  const primary = primaryArea ?? workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE }
  const fit = (value: number, min: number, max: number) => Math.max(min, Math.min(value, max))
  const parsed = ZWindowState.safeParse(saved)
  if (parsed.success) {
    const state = parsed.data
    const titleBar = { x: state.x, y: state.y, width: state.width, height: 32 }
    const display = workAreas.find((area) => overlap(titleBar, area) >= VISIBLE_MIN * 32)
    if (display) {
      return {
        ...state,
        width: fit(state.width, MIN_SIZE.width, Math.max(MIN_SIZE.width, display.width)),
        height: fit(state.height, MIN_SIZE.height, Math.max(MIN_SIZE.height, display.height)),
      }
    }
  }
  const width = fit(DEFAULT_SIZE.width, MIN_SIZE.width, Math.max(MIN_SIZE.width, primary.width))
  const height = fit(
    DEFAULT_SIZE.height,
    MIN_SIZE.height,
    Math.max(MIN_SIZE.height, primary.height),
  )
  return {
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + (primary.height - height) / 2),
    width,
    height,
    isMaximized: false,
  }
}

/** What to save when the window moves or closes: the normal (unmaximized) bounds and the flag. */
export function captureWindowState(normalBounds: Rect, isMaximized: boolean): WindowState {
  return {
    x: Math.round(normalBounds.x),
    y: Math.round(normalBounds.y),
    width: Math.round(normalBounds.width),
    height: Math.round(normalBounds.height),
    isMaximized,
  }
}
