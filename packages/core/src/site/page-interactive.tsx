import { useEffect } from 'react'

import { PAGE_INTERACTIVE_ATTRIBUTE } from './early-links.ts'

/**
 * Rendered beside the page, inside its Suspense boundary: its effect runs once the page
 * has hydrated, and from then on the app, not the browser, follows the page's links (see
 * early-links.ts).
 */
export function MarkPageInteractive() {
  useEffect(() => {
    document.documentElement.setAttribute(PAGE_INTERACTIVE_ATTRIBUTE, '')
  }, [])
  return null
}
