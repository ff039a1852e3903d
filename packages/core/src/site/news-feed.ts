import { CLUB } from '../club/club-identity.ts'
import type { NewsPost } from '../entities/news-post.ts'
import { paths } from '../routing/public-paths.ts'

/** Text for XML content and attributes: the five special characters escaped, controls dropped. */
function xml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** `YYYY-MM-DD` as an RFC 822 date at noon UTC (RSS 2.0's pubDate), or undefined. */
function rfc822(isoDate: string): string | undefined {
  const time = Date.parse(`${isoDate}T12:00:00Z`)
  return Number.isNaN(time) ? undefined : new Date(time).toUTCString()
}

/** The feed's title, also given to the head's `<link rel="alternate">`. */
export const NEWS_FEED_TITLE = `${CLUB.name}: News & Updates`

/**
 * The news posts as an RSS 2.0 feed (`paths.newsFeed()`), newest first, each with its title,
 * address, date, summary and image. Built from what is stored when the site is built.
 *
 * @example
 * newsFeed(posts, 'https://club.example.org', new Date())
 */
export function newsFeed(posts: readonly NewsPost[], siteUrl: string, now: Date): string {
  const site = siteUrl.replace(/\/+$/, '')
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${site}${path}`)
  const sorted = [...posts].sort((a, b) => b.date.localeCompare(a.date))
  const items = sorted.map((post) => {
    const link = absolute(paths.newsPost(post.slug))
    const image = post.imageUrl || post.cardImageUrl
    const date = rfc822(post.date)
    return [
      '    <item>',
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="true">${xml(link)}</guid>`,
      date ? `      <pubDate>${date}</pubDate>` : '',
      `      <description>${xml(post.excerpt || post.cardExcerpt)}</description>`,
      post.author ? `      <dc:creator>${xml(post.author)}</dc:creator>` : '',
      image ? `      <media:content url="${xml(absolute(image))}" medium="image" />` : '',
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${xml(NEWS_FEED_TITLE)}</title>`,
    `    <link>${xml(absolute(paths.news()))}</link>`,
    `    <atom:link href="${xml(absolute(paths.newsFeed()))}" rel="self" type="application/rss+xml" />`,
    `    <description>${xml(`News, registration updates and announcements from ${CLUB.name}.`)}</description>`,
    '    <language>en-us</language>',
    `    <lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
