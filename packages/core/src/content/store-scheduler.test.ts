import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createStoreScheduler } from './store-scheduler.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('the store scheduler', () => {
  it('should run a task after its delay', () => {
    const scheduler = createStoreScheduler()
    const run = vi.fn()
    scheduler.later(100, run)
    vi.advanceTimersByTime(99)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledOnce()
  })

  it('should not run a cancelled task', () => {
    const scheduler = createStoreScheduler()
    const run = vi.fn()
    scheduler.cancel(scheduler.later(100, run))
    vi.advanceTimersByTime(1000)
    expect(run).not.toHaveBeenCalled()
  })

  it('should run nothing once disposed and say so', () => {
    const scheduler = createStoreScheduler()
    const run = vi.fn()
    scheduler.later(100, run)
    scheduler.dispose()
    vi.advanceTimersByTime(1000)
    expect(run).not.toHaveBeenCalled()
    expect(scheduler.isDisposed()).toBe(true)
    expect(vi.getTimerCount()).toBe(0)
  })
})
