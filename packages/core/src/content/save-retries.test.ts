import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { createSaveRetries } from './save-retries.ts'
import { createStoreScheduler } from './store-scheduler.ts'

describe('save retries', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const setup = () => {
    const scheduler = createStoreScheduler()
    let clock = 10_000
    const retries = createSaveRetries({
      scheduler,
      retryBaseMs: 1000,
      retryMaxMs: 4000,
      now: () => clock,
    })
    return { scheduler, retries, tick: (ms: number) => (clock += ms) }
  }

  it('should wait 1 s, doubling with each failure up to the longest wait', async () => {
    const { retries } = setup()
    const runs: number[] = []
    for (const [attempts, wait] of [
      [1, 1000],
      [3, 4000],
      [9, 4000],
    ] as const) {
      retries.plan('alerts', attempts, () => runs.push(attempts))
      expect(retries.nextAt('alerts')).toBe(10_000 + wait)
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(runs).toEqual([])
      await vi.advanceTimersByTimeAsync(1)
      expect(runs).toEqual([attempts])
      expect(retries.nextAt('alerts')).toBeUndefined()
      runs.length = 0
    }
  })

  it('should keep one planned retry per key, replaced or cleared', async () => {
    const { retries } = setup()
    const runs: string[] = []
    retries.plan('alerts', 1, () => runs.push('first'))
    retries.plan('alerts', 2, () => runs.push('second'))
    retries.plan('teams', 1, () => runs.push('teams'))
    retries.clear('teams')
    expect(retries.nextAt('teams')).toBeUndefined()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toEqual(['second'])
  })

  it('should run nothing once the store is disposed', async () => {
    const { scheduler, retries } = setup()
    const runs: string[] = []
    retries.plan('alerts', 1, () => runs.push('alerts'))
    scheduler.dispose()
    retries.forget()
    await vi.advanceTimersByTimeAsync(5000)
    expect(runs).toEqual([])
    expect(retries.nextAt('alerts')).toBeUndefined()
  })
})
