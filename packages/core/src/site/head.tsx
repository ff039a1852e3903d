import { createContext, useContext, useEffect } from 'react'

/** What a route puts in the document head: title, description, canonical, Open Graph, JSON-LD. */
export type HeadData = {
  title: string
  description: string
  /** The route's path, for the canonical URL. */
  path: string
  /**
   * The page's image (a path or URL) for Open Graph; link previews get a JPEG made from it
   * (shareImagePath in share-image.ts).
   */
  image?: string
  jsonLd?: readonly Record<string, unknown>[]
  /** Pages that must not be indexed (not-found, admin). */
  noindex?: boolean
  /** The Open Graph type: `article` for a news post; `website` otherwise. */
  type?: 'website' | 'article'
}

/** Collects the head of the route being rendered during prerendering (server only). */
export type HeadCollector = { head?: HeadData; set(head: HeadData): void }

/** A collector for one prerendered page. */
export function createHeadCollector(): HeadCollector {
  const collector: HeadCollector = {
    set(head) {
      collector.head = head
    },
  }
  return collector
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null)

/** The public origin (for canonical URLs): the build's SITE_URL, or the page's own origin. */
export const SiteUrlContext = createContext<string>('')

/**
 * Sets the route's head: collected while prerendering, applied to the document after a
 * client-side navigation.
 */
export function useHead(head: HeadData) {
  const collector = useContext(HeadCollectorContext)
  const siteUrl = useContext(SiteUrlContext)
  collector?.set(head)
  const serialized = JSON.stringify(head)
  useEffect(() => {
    // The first page's head is in its HTML already: the tags' code loads once the browser is
    // idle, outside the start-up chunk, and stays for every navigation after.
    const apply = () =>
      void import('./head-tags.ts').then(({ applyHead }) =>
        applyHead(JSON.parse(serialized) as HeadData, siteUrl || window.location.origin),
      )
    // A head replaced before it was applied (a quick second navigation) is never applied.
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(apply, { timeout: 1000 })
      return () => cancelIdleCallback(idle)
    }
    const timer = setTimeout(apply, 200)
    return () => clearTimeout(timer)
  }, [serialized, siteUrl])
}
