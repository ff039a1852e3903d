import { CLUB } from '../club/club-identity.ts'
import { paths } from '../routing/public-paths.ts'
import type { HeadData } from './head.tsx'
import { NEWS_FEED_TITLE } from './news-feed.ts'
import { CLUB_SHORT_NAME } from '../pages/shared/club-names.ts'
import {
  DEFAULT_SHARE_SOURCE,
  SHARE_IMAGE,
  shareImagePath,
  shareImageTitle,
} from './share-image.ts'

/** The title a page's share image carries (see shareImageTitle). */
export function shareTitleOf(title: string): string {
  return shareImageTitle(title, [CLUB.name, CLUB_SHORT_NAME])
}

// A route's head as tags: rendered into the prerendered HTML, and applied to the document
// after a client-side navigation. Not needed for a page's start (its HTML has its head), so
// the browser loads it once idle (see useHead).

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
  const image = absolute(
    siteUrl,
    shareImagePath(head.image || DEFAULT_SHARE_SOURCE, shareTitleOf(head.title)),
  )
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
export function applyHead(head: HeadData, siteUrl: string) {
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
