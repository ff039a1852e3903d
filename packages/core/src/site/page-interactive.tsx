import { useLayoutEffect } from 'react'

import { PAGE_INTERACTIVE_ATTRIBUTE } from './early-links.ts'

/** The User Timing mark made when the first page becomes interactive. */
export const PAGE_INTERACTIVE_MARK = 'club:page-interactive'

/**
 * Rendered beside the page, inside its Suspense boundary: its effect runs once the page
 * has hydrated, and from then on the app, not the browser, follows the page's links (see
 * early-links.ts). A layout effect: it runs as hydration commits, before the re-render that
 * follows it (the pages' reads of documents they do not hold start there), which a passive
 * effect would let go first on a busy phone.
 */
export function MarkPageInteractive() {
  useLayoutEffect(() => {
    const root = document.documentElement
    if (root.hasAttribute(PAGE_INTERACTIVE_ATTRIBUTE)) return
    root.setAttribute(PAGE_INTERACTIVE_ATTRIBUTE, '')
    // For measurements (bench:web): what a page fetches before this is its start-up cost.
    performance.mark(PAGE_INTERACTIVE_MARK)
  }, [])
  return null
}
