import { describe, expect, it } from 'vitest'

import { PAUSED_MESSAGE, createConnectivity } from './connectivity.ts'
import { RequestFailure, withRetry } from './retry.ts'

const FAST = { attempts: Infinity, baseMs: 5, maxMs: 20 }

describe('createConnectivity', () => {
  it('should tell a passing fault (the backend answers) from an outage', async () => {
    let probes = 0
    const connectivity = createConnectivity({
      probe: async () => {
        probes += 1
        return true
      },
      backoff: FAST,
    })
    expect(await connectivity.failedToConnect()).toBe(false)
    expect(probes).toBe(1)
    expect(connectivity.stats().pauses).toBe(0)
  })

  it('should pause once for every caller, probe until the backend answers, then let all go on', async () => {
    let answers = false
    let probes = 0
    const messages: string[] = []
    const connectivity = createConnectivity({
      probe: async () => {
        probes += 1
        // Back after the fourth probe.
        if (probes >= 4) answers = true
        return answers
      },
      backoff: FAST,
      onPause: (message) => messages.push(message),
    })
    const waits = await Promise.all([
      connectivity.failedToConnect(),
      connectivity.failedToConnect(),
      connectivity.failedToConnect(),
    ])
    expect(waits).toEqual([true, true, true])
    expect(messages).toEqual([PAUSED_MESSAGE])
    expect(probes).toBe(4)
    expect(connectivity.stats().pauses).toBe(1)
  })

  it('should have withRetry wait out an outage without spending its tries', async () => {
    let down = true
    let probes = 0
    const connectivity = createConnectivity({
      probe: async () => {
        probes += 1
        if (probes >= 3) down = false
        return !down
      },
      backoff: FAST,
    })
    let calls = 0
    const result = await withRetry(
      async () => {
        calls += 1
        if (down) throw new RequestFailure('fetch failed', 'retry', undefined)
        return 'done'
      },
      { attempts: 1, baseMs: 1, maxMs: 1 },
      { unreachable: connectivity.failedToConnect },
    )
    expect(result).toBe('done')
    expect(calls).toBe(2)
  })

  it('should stop waiting when the run is cancelled', async () => {
    const controller = new AbortController()
    const connectivity = createConnectivity({
      probe: async () => false,
      backoff: FAST,
      // The run's signal ends the probing too.
      signal: controller.signal,
      onPause: () => controller.abort(new Error('Cancelled')),
    })
    await expect(connectivity.failedToConnect(controller.signal)).rejects.toThrow('Cancelled')
  })
})
