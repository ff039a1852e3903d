import { useEffect } from 'react'

import { PAGE_INTERACTIVE_ATTRIBUTE } from './early-links.ts'

/** The User Timing mark made when the first page becomes interactive. */
export const PAGE_INTERACTIVE_MARK = 'club:page-interactive'

/**
 * Rendered beside the page, inside its Suspense boundary: its effect runs once the page
 * has hydrated, and from then on the app, not the browser, follows the page's links (see
 * early-links.ts).
 */
export function MarkPageInteractive() {
  useEffect(() => {
    const root = document.documentElement
    if (root.hasAttribute(PAGE_INTERACTIVE_ATTRIBUTE)) return
    root.setAttribute(PAGE_INTERACTIVE_ATTRIBUTE, '')
    // For measurements (bench:web): what a page fetches before this is its start-up cost.
    performance.mark(PAGE_INTERACTIVE_MARK)
  }, [])
  return null
}
