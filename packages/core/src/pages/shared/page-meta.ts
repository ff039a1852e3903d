import { CLUB_SHORT_NAME } from './club-names.ts'

/** What a page puts in its head: title, description and an optional share image. */
export type PageMeta = { title: string; description: string; image?: string }

const MAX_DESCRIPTION = 160

/** `Name | {club short name}` (`CLUB_SHORT_NAME` from club-names.ts). */
export function pageTitle(name: string): string {
  const trimmed = name.trim()
  return trimmed ? `${trimmed} | ${CLUB_SHORT_NAME}` : CLUB_SHORT_NAME
}

/** Head tags of an item page whose slug names nothing: the not-found title, and where to look instead. */
export function notFoundMeta(description: string): PageMeta {
  return { title: pageTitle('Page not found'), description }
}

/**
 * Content text shaped into a meta description of at most 160 characters (search results
 * cut longer ones), ending at a word boundary with an ellipsis when it has to shorten.
 * When the text alone is too short to describe the page (under 120 characters), `tail`,
 * a sentence written for families, is added after it.
 */
export function metaDescription(text: string, tail = ''): string {
  let clean = text.replace(/\s+/g, ' ').trim()
  if (tail && clean.length < 120) clean = `${clean} ${tail}`.trim()
  if (clean.length <= MAX_DESCRIPTION) return clean
  const cut = clean.slice(0, MAX_DESCRIPTION - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}

/**
 * Head tags of a page about one stored item (an article, an event, a team): `name` as the
 * title, a description from its `text` (with `tail` when the text is short, see
 * {@link metaDescription}) and its image to share, when it has one.
 */
export function itemMeta({
  name,
  text,
  tail,
  image,
}: {
  name: string
  text: string
  tail?: string
  image?: string | undefined
}): PageMeta {
  return {
    title: pageTitle(name),
    description: metaDescription(text, tail),
    ...(image ? { image } : {}),
  }
}

/** `siteUrl` joined with a site path, or kept as is when already absolute. */
export function absoluteUrl(siteUrl: string, link: string): string {
  if (/^https?:\/\//i.test(link)) return link
  return `${siteUrl.replace(/\/+$/, '')}/${link.replace(/^\/+/, '')}`
}
