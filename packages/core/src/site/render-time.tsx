import { createContext, useContext, useEffect, useState } from 'react'
import type { ReactNode } from 'react'

/**
 * The moment the page was prerendered. The first client render uses it, so hydration
 * matches the HTML exactly; right after, the clock takes over (alerts and events that
 * depend on the time are then re-evaluated).
 */
const RenderTimeContext = createContext<number>(0)

export function RenderTimeProvider({ initial, children }: { initial: number; children: ReactNode }) {
  const [now, setNow] = useState(initial)
  useEffect(() => {
    setNow(Date.now())
    const timer = window.setInterval(() => setNow(Date.now()), 60_000)
    return () => window.clearInterval(timer)
  }, [])
  return <RenderTimeContext.Provider value={now}>{children}</RenderTimeContext.Provider>
}

/** The current time for time-dependent content (minute resolution). */
export function useNow(): Date {
  const now = useContext(RenderTimeContext)
  return new Date(now)
}
