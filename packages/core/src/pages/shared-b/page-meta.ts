import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'

/** What a page puts in its head: title, description and an optional share image. */
export type PageMeta = { title: string; description: string; image?: string }

/** `Rules & FAQ | Capital Baseball`. */
export function pageTitle(name: string): string {
  return `${name} | ${CLUB_SHORT_NAME}`
}

/**
 * Content text shaped into a meta description of at most 160 characters (cut at a word). When
 * the text alone is too short to describe the page (under 120 characters), `tail`, a sentence
 * written for families, is added after it.
 */
export function metaDescription(text: string, tail: string): string {
  let clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length < 120) clean = `${clean} ${tail}`.trim()
  if (clean.length <= 160) return clean
  const cut = clean.slice(0, 159)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > 100 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

/** `siteUrl` joined with a site path or kept as is when already absolute. */
export function absoluteUrl(siteUrl: string, link: string): string {
  if (/^https?:\/\//i.test(link)) return link
  return `${siteUrl.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`
}
