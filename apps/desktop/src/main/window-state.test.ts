import { describe, expect, it } from 'vitest'

import { captureWindowState, DEFAULT_SIZE, MIN_SIZE, restoreWindowState } from './window-state.ts'

const primary = { x: 0, y: 0, width: 1920, height: 1040 }
const second = { x: 1920, y: 0, width: 1280, height: 1000 }

describe('restoreWindowState', () => {
  it('should restore a saved place that is on a display', () => {
    const saved = { x: 2000, y: 40, width: 1000, height: 700, isMaximized: true }
    expect(restoreWindowState(saved, [primary, second])).toEqual(saved)
  })

  it('should centre the default size when nothing was saved', () => {
    expect(restoreWindowState(undefined, [primary])).toEqual({
      x: (1920 - DEFAULT_SIZE.width) / 2,
      y: (1040 - DEFAULT_SIZE.height) / 2,
      ...DEFAULT_SIZE,
      isMaximized: false,
    })
  })

  it('should move back to the primary display when the saved one is gone', () => {
    const saved = { x: 2000, y: 40, width: 1000, height: 700, isMaximized: false }
    expect(restoreWindowState(saved, [primary]).x).toBeLessThan(1920)
  })

  it('should ignore a damaged saved value', () => {
    expect(restoreWindowState({ x: 'left' }, [primary]).width).toBe(DEFAULT_SIZE.width)
  })

  it('should never restore below the minimum size', () => {
    const saved = { x: 10, y: 10, width: 200, height: 100, isMaximized: false }
    expect(restoreWindowState(saved, [primary])).toMatchObject(MIN_SIZE)
  })
})

describe('captureWindowState', () => {
  it('should round the bounds and keep the maximized flag', () => {
    expect(captureWindowState({ x: 1.4, y: 2.6, width: 900.2, height: 700.7 }, true)).toEqual({
      x: 1,
      y: 3,
      width: 900,
      height: 701,
      isMaximized: true,
    })
  })
})
