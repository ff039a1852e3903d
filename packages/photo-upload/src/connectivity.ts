import { backoffMs, sleep } from './retry.ts'
import type { RetryPolicy } from './retry.ts'

/**
 * Whether the backend can be reached, shared by every request of a run. A request that got no
 * answer at all (refused, reset, timed out) asks {@link Connectivity.failedToConnect}: one probe
 * tells a passing fault (the backend answers: retry as usual) from an outage (it does not). In
 * an outage the whole run pauses, once, while the probe is repeated with backoff; every request
 * waits for the same probe, and all go on as soon as the backend answers again.
 */
export type Connectivity = {
  /** Resolves at once, or, during an outage, when the backend answers again. */
  ready(signal?: AbortSignal): Promise<void>
  /**
   * Called after a request got no answer. Resolves `true` after an outage has passed (try
   * again, without counting it as a failed try), `false` when the backend answers (a passing
   * fault). Rejects when `signal` aborts.
   */
  failedToConnect(signal?: AbortSignal): Promise<boolean>
  /** Outages so far and the time spent waiting them out. */
  stats(): { pauses: number; pausedMs: number }
}

/** The message shown once per outage. */
export const PAUSED_MESSAGE = 'paused: backend unreachable'

/** Probing waits 1 s, then 2 s, 4 s … at most 15 s, until the backend answers. */
export const DEFAULT_PROBE_BACKOFF: RetryPolicy = {
  attempts: Infinity,
  baseMs: 1_000,
  maxMs: 15_000,
}

export type ConnectivityOptions = {
  /** Resolves `true` when the backend gives any answer. */
  probe: () => Promise<boolean>
  backoff?: RetryPolicy
  /** Told once when an outage begins. */
  onPause?: (message: string) => void
  /** Told when the backend answers again, with how long it was away. */
  onResume?: (pausedMs: number) => void
  /** Ends the probing (the run was cancelled). */
  signal?: AbortSignal
}

/** A probe of a Supabase project: any HTTP answer from its auth health endpoint counts. */
export function probeBackend(url: string, anonKey: string, timeoutMs = 3_000) {
  const health = new URL('/auth/v1/health', url)
  return async (): Promise<boolean> => {
    try {
      const answer = await fetch(health, {
        headers: { apikey: anonKey },
        signal: AbortSignal.timeout(timeoutMs),
      })
      await answer.body?.cancel()
      return true
    } catch {
      return false
    }
  }
}

function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise
  signal.throwIfAborted()
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error as Error)
      },
    )
  })
}

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const backoff = options.backoff ?? DEFAULT_PROBE_BACKOFF
  let pauses = 0
  let pausedMs = 0
  // The check under way (one for all callers), and the outage, while there is one.
  let checking: Promise<boolean> | undefined
  let outage: Promise<void> | undefined

  const waitOut = async () => {
    const since = Date.now()
    pauses += 1
    options.onPause?.(PAUSED_MESSAGE)
    for (let attempt = 1; ; attempt += 1) {
      await sleep(backoffMs(backoff, attempt), options.signal)
      if (await options.probe()) break
    }
    const away = Date.now() - since
    pausedMs += away
    options.onResume?.(away)
  }

  const check = async (): Promise<boolean> => {
    if (outage) {
      await outage
      return true
    }
    if (await options.probe()) return false
    outage = waitOut().finally(() => {
      outage = undefined
    })
    await outage
    return true
  }

  return {
    async ready(signal) {
      if (outage) await untilAborted(outage, signal)
    },
    failedToConnect(signal) {
      checking ??= check().finally(() => {
        checking = undefined
      })
      return untilAborted(checking, signal)
    },
    stats: () => ({ pauses, pausedMs }),
  }
}
