import { backoffMs } from '../backend/backoff.ts'
import type { StoreScheduler, Timer } from './store-scheduler.ts'

/**
 * The kept saves' automatic retries, at most one planned per key: the wait doubles with each
 * failed attempt (`retryBaseMs` up to `retryMaxMs`, backend/backoff.ts), and the time it runs
 * is offered to the editor.
 */
export type SaveRetries = {
  /** Plans the next retry of `key` after `attempts` failures, replacing a planned one. */
  plan(key: string, attempts: number, run: () => void): void
  /** Cancels the planned retry of `key`, if any. */
  clear(key: string): void
  /** When the planned retry of `key` runs (ms since the epoch), if one is planned. */
  nextAt(key: string): number | undefined
  /** Forgets every planned retry (their timers die with the scheduler). */
  forget(): void
}

/**
 * Creates the retries of one store's queue over its scheduler.
 *
 * @example
 * const retries = createSaveRetries({ scheduler, retryBaseMs: 1000, retryMaxMs: 60_000 })
 * retries.plan('alerts', 3, () => send('alerts')) // in 4 s
 */
export function createSaveRetries(options: {
  scheduler: StoreScheduler
  retryBaseMs: number
  retryMaxMs: number
  now?: (() => number) | undefined
}): SaveRetries {
  const { scheduler, retryBaseMs, retryMaxMs } = options
  const now = options.now ?? Date.now
  const planned = new Map<string, { timer: Timer; at: number }>()
  const clear = (key: string) => {
    const retry = planned.get(key)
    if (!retry) return
    scheduler.cancel(retry.timer)
    planned.delete(key)
  }
  return {
    plan(key, attempts, run) {
      clear(key)
      const delay = backoffMs(retryBaseMs, retryMaxMs, attempts)
      const timer = scheduler.later(delay, () => {
        planned.delete(key)
        run()
      })
      planned.set(key, { timer, at: now() + delay })
    },
    clear,
    nextAt: (key) => planned.get(key)?.at,
    forget() {
      planned.clear()
    },
  }
}
