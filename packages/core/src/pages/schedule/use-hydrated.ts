import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates prerendered HTML (and on the server), true afterwards. Parts of a
 * page that depend on what the HTML could not know (the query string of a prerendered page)
 * render their prerendered form first and switch right after, so hydration always matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
