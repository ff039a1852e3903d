/** A timer handle of the host (browser or Node). */
export type Timer = ReturnType<typeof setTimeout>

/**
 * The store's timers. Every part of the store schedules through one of these, so that
 * `dispose()` stops them all at once and a timer that fires late never touches a
 * disposed store.
 */
export type StoreScheduler = {
  /** Runs `run` after `ms`, unless the scheduler is disposed first. */
  later(ms: number, run: () => void): Timer
  /** Cancels a timer of this scheduler; `undefined` is ignored. */
  cancel(timer: Timer | undefined): void
  /** True once `dispose()` ran: the store answers nothing any more. */
  isDisposed(): boolean
  /** Cancels every timer and marks the scheduler disposed. */
  dispose(): void
}

/**
 * Creates the timers of one store.
 *
 * @example
 * const scheduler = createStoreScheduler()
 * scheduler.later(1000, () => void loadBackground())
 * scheduler.dispose() // nothing runs any more
 */
export function createStoreScheduler(): StoreScheduler {
  const timers = new Set<Timer>()
  let disposed = false
  const cancel = (timer: Timer | undefined) => {
    if (timer === undefined) return
    clearTimeout(timer)
    timers.delete(timer)
  }
  return {
    later(ms, run) {
      const timer = setTimeout(() => {
        timers.delete(timer)
        if (!disposed) run()
      }, ms)
      timers.add(timer)
      return timer
    },
    cancel,
    isDisposed: () => disposed,
    dispose() {
      disposed = true
      for (const timer of [...timers]) cancel(timer)
    },
  }
}
