import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** Spec §9: a hash scrolls to its element 100 ms after navigation. */
export const HASH_SCROLL_DELAY_MS = 100

/**
 * On every route change without a hash, the page and the main container scroll to the
 * top (spec §2): the public site's layout and the admin's shell both render it, so it runs
 * as soon as the path changes.
 *
 * Not on the first render: that is the page the browser loaded, which it has already
 * placed (top, a restored position, or a hash). A visitor who scrolled while the app was
 * starting must not be thrown back to the top when it hydrates, under a finger that is
 * about to tap. Nor on Back and Forward: the browser puts those pages back where they were.
 */
export function ScrollToTop({ mainId = 'main' }: { mainId?: string }) {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  const firstPath = useRef<string | null>(pathname)

  useEffect(() => {
    if (firstPath.current === pathname) return
    firstPath.current = null
    if (hash || navigationType === 'POP') return
    window.scrollTo({ top: 0, left: 0 })
    const main = document.getElementById(mainId)
    if (main) main.scrollTop = 0
  }, [pathname, hash, mainId, navigationType])

  return null
}

/** The location the browser opened (its key), the first one HashScroll or FocusPageHeading saw. */
const openedLocation: { key: string | null } = { key: null }

/** Whether `key` is the location the browser opened (remembered from the first call on). */
function isOpenedLocation(key: string): boolean {
  openedLocation.key ??= key
  return openedLocation.key === key
}

/**
 * A hash scrolls smoothly to the element with that id 100 ms after navigation (spec §2).
 * Render it beside the page, inside the page's Suspense boundary: its effect then runs
 * once the page (and so the target) is on screen, not while the loading screen shows.
 *
 * After a link inside the site (not on the page the browser opened, which the browser has
 * placed), focus moves to the target too, so that a keyboard or screen reader continues
 * from there rather than from the link followed (made focusable with tabindex -1 if need be).
 */
export function HashScroll() {
  const { pathname, hash, key } = useLocation()

  useEffect(() => {
    // This component is mounted again with each page: the first location is remembered here.
    const moveFocus = !isOpenedLocation(key)
    if (!hash) return
    const timer = window.setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)))
      if (!target) return
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
      if (moveFocus) {
        if (target.tabIndex < 0 && !target.hasAttribute('tabindex'))
          target.setAttribute('tabindex', '-1')
        target.focus({ preventScroll: true })
      }
    }, HASH_SCROLL_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [pathname, hash, key])

  return null
}

/**
 * After a move to another page inside the site, focus goes to the new page's heading (its
 * `h1`, made focusable with tabindex -1; the main region when it has none), so that a keyboard
 * or screen reader continues from the top of the new page, not from the link followed in the
 * header, and a screen reader reads the page's name (the title follows, see useHead). Render it
 * beside the page, inside the page's Suspense boundary, which the layout keys by path: it then
 * runs once per page, when the page is on screen. Not on the page the browser opened (the
 * browser has placed it), nor when the address has a hash (HashScroll focuses its target).
 */
export function FocusPageHeading({ mainId = 'main' }: { mainId?: string }) {
  const { hash, key } = useLocation()
  const first = useRef({ hash, key })

  useEffect(() => {
    const { hash: openedHash, key: openedKey } = first.current
    if (isOpenedLocation(openedKey) || openedHash) return
    const main = document.getElementById(mainId)
    const target = main?.querySelector<HTMLElement>('h1') ?? main
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: true })
  }, [mainId])

  return null
}
