import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** Spec §9: a hash scrolls to its element 100 ms after navigation. */
export const HASH_SCROLL_DELAY_MS = 100

/**
 * On every route change without a hash, the page and the main container scroll to the
 * top (spec §2). Rendered by the layout, so it runs as soon as the path changes.
 *
 * Not on the first render: that is the page the browser loaded, which it has already
 * placed (top, a restored position, or a hash). A visitor who scrolled while the app was
 * starting must not be thrown back to the top when it hydrates, under a finger that is
 * about to tap.
 */
export function ScrollToTop({ mainId = 'main' }: { mainId?: string }) {
  const { pathname, hash } = useLocation()
  const firstPath = useRef<string | null>(pathname)

  useEffect(() => {
    if (firstPath.current === pathname) return
    firstPath.current = null
    if (hash) return
    window.scrollTo({ top: 0, left: 0 })
    const main = document.getElementById(mainId)
    if (main) main.scrollTop = 0
  }, [pathname, hash, mainId])

  return null
}

/**
 * A hash scrolls smoothly to the element with that id 100 ms after navigation (spec §2).
 * Render it beside the page, inside the page's Suspense boundary: its effect then runs
 * once the page (and so the target) is on screen, not while the loading screen shows.
 */
export function HashScroll() {
  const { pathname, hash } = useLocation()

  useEffect(() => {
    if (!hash) return
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)))
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      target?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    }, HASH_SCROLL_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [pathname, hash])

  return null
}
