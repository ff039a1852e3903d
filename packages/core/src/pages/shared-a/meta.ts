import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'

/** What a page puts in its SEO tags; the lead renders it into the head. */
export type PageMeta = { title: string; description: string; image?: string }

const MAX_DESCRIPTION = 160

/** `Name | {club short name}` (`CLUB_SHORT_NAME` from the site navigation). */
export function pageTitle(name: string): string {
  const trimmed = name.trim()
  return trimmed ? `${trimmed} | ${CLUB_SHORT_NAME}` : CLUB_SHORT_NAME
}

/**
 * Collapses whitespace and keeps a description within 160 characters (search results cut longer
 * ones), ending at a word boundary with an ellipsis when it has to shorten.
 */
export function metaDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= MAX_DESCRIPTION) return clean
  const cut = clean.slice(0, MAX_DESCRIPTION - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`
}
