import { createContext, useContext, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'

/**
 * The moment the page was prerendered. Hydration renders with it, so the HTML matches
 * exactly; right after, the clock takes over (alerts and events that depend on the time
 * are then re-evaluated) and ticks every minute.
 */
const RenderTimeContext = createContext<number>(0)

let clock = Date.now()
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | undefined

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (!timer) {
    clock = Date.now()
    timer = setInterval(() => {
      clock = Date.now()
      for (const l of listeners) l()
    }, 60_000)
  }
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  }
}

export function RenderTimeProvider({
  initial,
  children,
}: {
  initial: number
  children: ReactNode
}) {
  const now = useSyncExternalStore(
    subscribe,
    () => clock,
    () => initial,
  )
  return <RenderTimeContext.Provider value={now}>{children}</RenderTimeContext.Provider>
}

/** The current time for time-dependent content (minute resolution). */
export function useNow(): Date {
  const now = useContext(RenderTimeContext)
  return new Date(now)
}
