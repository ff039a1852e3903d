import { describe, expect, it } from 'vitest'

import { RequestFailure, backoffMs, classifyStatus, withRetry } from './retry.ts'

const policy = { attempts: 3, baseMs: 100, maxMs: 1000 }
const noWait = async () => {}

describe('classifyStatus', () => {
  it('should retry 429, 5xx and network faults, refresh on 401, and give up on the rest', () => {
    expect([429, 500, 503, 408, undefined].map(classifyStatus)).toEqual(Array(5).fill('retry'))
    expect(classifyStatus(401)).toBe('refresh')
    expect([400, 403, 404, 413].map(classifyStatus)).toEqual(Array(4).fill('fatal'))
  })
})

describe('backoffMs', () => {
  it('should double each time, stay under the cap and within the jitter band', () => {
    expect(backoffMs(policy, 1, () => 0)).toBe(50)
    expect(backoffMs(policy, 1, () => 1)).toBe(100)
    expect(backoffMs(policy, 3, () => 1)).toBe(400)
    expect(backoffMs(policy, 10, () => 1)).toBe(1000)
  })
})

describe('withRetry', () => {
  it('should try again after passing faults and return the first success', async () => {
    const waits: number[] = []
    let calls = 0
    const result = await withRetry(
      async () => {
        calls += 1
        if (calls < 3) throw new RequestFailure('busy', 'retry', 503)
        return 'done'
      },
      policy,
      { wait: async (ms) => void waits.push(ms) },
    )
    expect(result).toBe('done')
    expect(calls).toBe(3)
    expect(waits).toHaveLength(2)
  })

  it('should give up after the last try with the last failure', async () => {
    let calls = 0
    const run = withRetry(
      async () => {
        calls += 1
        throw new RequestFailure(`busy ${calls}`, 'retry', 429)
      },
      policy,
      { wait: noWait },
    )
    await expect(run).rejects.toThrow('busy 3')
  })

  it('should not retry a fatal failure', async () => {
    let calls = 0
    await expect(
      withRetry(
        async () => {
          calls += 1
          throw new RequestFailure('forbidden', 'fatal', 403)
        },
        policy,
        { wait: noWait },
      ),
    ).rejects.toThrow('forbidden')
    expect(calls).toBe(1)
  })

  it('should refresh the session once on 401 and then succeed', async () => {
    let token = 'old'
    let refreshes = 0
    const result = await withRetry(
      async () => {
        if (token === 'old') throw new RequestFailure('expired', 'refresh', 401)
        return token
      },
      policy,
      {
        wait: noWait,
        refresh: async () => {
          refreshes += 1
          token = 'new'
        },
      },
    )
    expect(result).toBe('new')
    expect(refreshes).toBe(1)
  })

  it('should stop waiting when cancelled', async () => {
    const controller = new AbortController()
    const run = withRetry(
      async () => {
        throw new RequestFailure('busy', 'retry', 503)
      },
      { attempts: 5, baseMs: 60_000, maxMs: 60_000 },
      { signal: controller.signal },
    )
    setTimeout(() => controller.abort(new Error('Cancelled')), 10)
    await expect(run).rejects.toThrow('Cancelled')
  })
})
