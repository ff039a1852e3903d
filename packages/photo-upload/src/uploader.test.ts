import { describe, expect, it } from 'vitest'

import { runPool, toRequestFailure } from './uploader.ts'

describe('toRequestFailure', () => {
  it('should classify Storage answers and network faults', () => {
    expect(toRequestFailure({ message: 'busy', status: 503 }).kind).toBe('retry')
    expect(toRequestFailure({ message: 'slow down', status: 429 }).kind).toBe('retry')
    expect(toRequestFailure({ message: 'jwt expired', status: 401 }).kind).toBe('refresh')
    expect(toRequestFailure({ message: 'too big', status: 413 }).kind).toBe('fatal')
    const network = toRequestFailure({
      message: 'fetch failed',
      originalError: new Error('ECONNRESET'),
    })
    expect(network.kind).toBe('retry')
    expect(network.message).toBe('fetch failed: ECONNRESET')
  })
})

describe('runPool', () => {
  it('should never run more than the given number at once, and run them all', async () => {
    let running = 0
    let peak = 0
    const done: number[] = []
    await runPool(
      Array.from({ length: 20 }, (_, index) => index),
      4,
      async (item) => {
        running += 1
        peak = Math.max(peak, running)
        await new Promise((resolve) => setTimeout(resolve, 2))
        running -= 1
        done.push(item)
      },
    )
    expect(peak).toBe(4)
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index))
  })

  it('should stop taking items once cancelled', async () => {
    const controller = new AbortController()
    let started = 0
    await runPool(
      Array.from({ length: 100 }),
      2,
      async () => {
        started += 1
        if (started === 5) controller.abort()
        await Promise.resolve()
      },
      controller.signal,
    )
    expect(started).toBeLessThan(8)
  })
})
