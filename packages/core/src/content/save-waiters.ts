import type { SaveOutcome } from './store-types.ts'

/** The callers waiting for the outcome of a key's next settled send. */
export type SaveWaiters = {
  /** Resolves with the outcome of the key's next settled send. */
  wait(key: string): Promise<SaveOutcome>
  /** True when someone waits for `key`. */
  has(key: string): boolean
  /** Tells everyone waiting for `key`, then forgets them. */
  finish(key: string, outcome: SaveOutcome): void
}

/**
 * Creates the waiting list of one store's queue.
 *
 * @example
 * const waiters = createSaveWaiters()
 * const outcome = waiters.wait('alerts')
 * waiters.finish('alerts', 'stored') // outcome resolves to 'stored'
 */
export function createSaveWaiters(): SaveWaiters {
  const waiting = new Map<string, ((outcome: SaveOutcome) => void)[]>()
  return {
    wait: (key) =>
      new Promise<SaveOutcome>((resolve) => {
        const list = waiting.get(key) ?? []
        list.push(resolve)
        waiting.set(key, list)
      }),
    has: (key) => waiting.has(key),
    finish(key, outcome) {
      const resolvers = waiting.get(key) ?? []
      waiting.delete(key)
      for (const resolve of resolvers) resolve(outcome)
    },
  }
}
