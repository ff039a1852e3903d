import { createContext, useContext, useEffect } from 'react'

import { CLUB } from '../club/club-identity.ts'
import { paths } from '../routing/public-paths.ts'
import { NEWS_FEED_TITLE } from './news-feed.ts'
import { DEFAULT_SHARE_SOURCE, SHARE_IMAGE, shareImagePath } from './share-image.ts'

/** What a route puts in the document head: title, description, canonical, Open Graph, JSON-LD. */
export type HeadData = {
  title: string
  description: string
  /** The route's path, for the canonical URL. */
  path: string
  /**
   * The page's image (a path or URL) for Open Graph; link previews get a JPEG made from it
   * ({@link shareImagePath}).
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

function absolute(siteUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`
}

function escapeAttr(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** JSON for a <script> element: `<` is escaped so stored text can never close the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

type Tag = { kind: 'meta-name' | 'meta-property' | 'link'; key: string; value: string }

function tagsFor(head: HeadData, siteUrl: string): Tag[] {
  const url = absolute(siteUrl, head.path)
  const image = absolute(siteUrl, shareImagePath(head.image || DEFAULT_SHARE_SOURCE))
  const tags: Tag[] = [
    { kind: 'meta-name', key: 'description', value: head.description },
    { kind: 'link', key: 'canonical', value: url },
    { kind: 'meta-property', key: 'og:type', value: head.type ?? 'website' },
    { kind: 'meta-property', key: 'og:site_name', value: CLUB.name },
    { kind: 'meta-property', key: 'og:title', value: head.title },
    { kind: 'meta-property', key: 'og:description', value: head.description },
    { kind: 'meta-property', key: 'og:url', value: url },
    { kind: 'meta-property', key: 'og:image', value: image },
    { kind: 'meta-property', key: 'og:image:type', value: SHARE_IMAGE.type },
    { kind: 'meta-property', key: 'og:image:width', value: String(SHARE_IMAGE.width) },
    { kind: 'meta-property', key: 'og:image:height', value: String(SHARE_IMAGE.height) },
    { kind: 'meta-name', key: 'twitter:card', value: 'summary_large_image' },
    { kind: 'meta-name', key: 'twitter:title', value: head.title },
    { kind: 'meta-name', key: 'twitter:description', value: head.description },
    { kind: 'meta-name', key: 'twitter:image', value: image },
  ]
  if (head.noindex) tags.push({ kind: 'meta-name', key: 'robots', value: 'noindex' })
  return tags
}

/** The head as HTML, for prerendering. */
export function renderHeadHtml(head: HeadData, siteUrl: string): string {
  const lines = [
    `<title>${escapeAttr(head.title)}</title>`,
    // Every page names the news feed, so a feed reader finds it from any address.
    `<link rel="alternate" type="application/rss+xml" title="${escapeAttr(NEWS_FEED_TITLE)}" href="${escapeAttr(absolute(siteUrl, paths.newsFeed()))}" />`,
  ]
  for (const tag of tagsFor(head, siteUrl)) {
    if (tag.kind === 'link') lines.push(`<link rel="${tag.key}" href="${escapeAttr(tag.value)}" />`)
    else if (tag.kind === 'meta-name')
      lines.push(`<meta name="${tag.key}" content="${escapeAttr(tag.value)}" />`)
    else lines.push(`<meta property="${tag.key}" content="${escapeAttr(tag.value)}" />`)
  }
  if (head.jsonLd && head.jsonLd.length > 0) {
    const data = head.jsonLd.length === 1 ? head.jsonLd[0] : head.jsonLd
    lines.push(
      `<script type="application/ld+json" id="structured-data">${jsonForScript(data)}</script>`,
    )
  }
  return lines.join('\n    ')
}

/** Brings the live document's head in line with `head` after a client-side navigation. */
function applyHead(head: HeadData, siteUrl: string) {
  document.title = head.title
  for (const tag of tagsFor(head, siteUrl)) {
    const selector =
      tag.kind === 'link'
        ? `link[rel="${tag.key}"]`
        : tag.kind === 'meta-name'
          ? `meta[name="${tag.key}"]`
          : `meta[property="${tag.key}"]`
    let element = document.head.querySelector(selector)
    if (!element) {
      element = document.createElement(tag.kind === 'link' ? 'link' : 'meta')
      if (tag.kind === 'link') element.setAttribute('rel', tag.key)
      else element.setAttribute(tag.kind === 'meta-name' ? 'name' : 'property', tag.key)
      document.head.appendChild(element)
    }
    element.setAttribute(tag.kind === 'link' ? 'href' : 'content', tag.value)
  }
  if (!head.noindex) document.head.querySelector('meta[name="robots"]')?.remove()
  const existing = document.getElementById('structured-data')
  if (head.jsonLd && head.jsonLd.length > 0) {
    const script = existing ?? document.createElement('script')
    script.id = 'structured-data'
    script.setAttribute('type', 'application/ld+json')
    script.textContent = JSON.stringify(head.jsonLd.length === 1 ? head.jsonLd[0] : head.jsonLd)
    if (!existing) document.head.appendChild(script)
  } else {
    existing?.remove()
  }
}

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
    applyHead(JSON.parse(serialized) as HeadData, siteUrl || window.location.origin)
  }, [serialized, siteUrl])
}
