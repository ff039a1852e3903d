import { createContext, startTransition, useContext, useEffect, useState } from 'react'
import type { ReactNode } from 'react'

/**
 * The moment the page was prerendered. Hydration renders with it, so the HTML matches
 * exactly; right after, the clock takes over (alerts and events that depend on the time
 * are then re-evaluated) and ticks every minute.
 *
 * The clock's updates are transitions: the first one arrives while the page may still be
 * hydrating, and an urgent update would make React finish hydrating everything below in
 * one long, blocking task. As a transition it waits its turn and yields to the browser.
 */
const RenderTimeContext = createContext<number>(0)
/** The moment the page was prerendered, which stays: what the page was built with dates from it. */
const BuiltAtContext = createContext<number>(0)

const TICK_MS = 60_000

export function RenderTimeProvider({
  initial,
  children,
}: {
  initial: number
  children: ReactNode
}) {
  const [now, setNow] = useState(initial)
  useEffect(() => {
    const tick = () => startTransition(() => setNow(Date.now()))
    tick()
    const timer = setInterval(tick, TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return (
    <BuiltAtContext.Provider value={initial}>
      <RenderTimeContext.Provider value={now}>{children}</RenderTimeContext.Provider>
    </BuiltAtContext.Provider>
  )
}

/** The current time for time-dependent content (minute resolution). */
export function useNow(): Date {
  const now = useContext(RenderTimeContext)
  return new Date(now)
}

/**
 * When the page was built (prerendered; for a page rendered in the browser, when the app
 * started): the time what it shows before the first read is "as of".
 */
export function useBuiltAt(): Date | undefined {
  const at = useContext(BuiltAtContext)
  return at > 0 ? new Date(at) : undefined
}
