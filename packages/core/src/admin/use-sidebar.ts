import { useCallback, useState, useSyncExternalStore } from 'react'

/** Spec §2 and §9: below 1024 px the admin layout is mobile and the sidebar is forced closed. */
export const MOBILE_QUERY = '(max-width: 1023.98px)'

/** What the admin shell needs to draw its sidebar. */
export type SidebarState = {
  /** Below 1024 px: the sidebar, when open, lies over the page instead of beside it. */
  mobile: boolean
  open: boolean
  setOpen(open: boolean): void
  toggle(): void
}

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined
  const query = window.matchMedia(MOBILE_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const isMobile = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.(MOBILE_QUERY).matches)

/**
 * The admin sidebar's state: open at first on a wide window, closed at first on a narrow one,
 * and closed again whenever the window narrows past 1024 px (widening reopens it, as the
 * desktop layout always starts with it open).
 *
 * @example
 * const sidebar = useSidebar()
 * <button aria-expanded={sidebar.open} onClick={sidebar.toggle}>Menu</button>
 */
export function useSidebar(): SidebarState {
  const mobile = useSyncExternalStore(subscribe, isMobile, () => false)
  const [state, setState] = useState(() => ({ mobile, open: !mobile }))
  // Crossing the breakpoint resets the sidebar during render, so no frame shows the wrong layout.
  let current = state
  if (state.mobile !== mobile) {
    current = { mobile, open: !mobile }
    setState(current)
  }
  const setOpen = useCallback((open: boolean) => setState((s) => ({ ...s, open })), [])
  const toggle = useCallback(() => setState((s) => ({ ...s, open: !s.open })), [])
  return { mobile, open: current.open, setOpen, toggle }
}
