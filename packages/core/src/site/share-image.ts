/*
 * Share images (Open Graph, Twitter cards). Messaging apps do not preview SVG, and the site's
 * images may be SVG, so every page's share image is a JPEG the build renders from the page's own
 * image (apps/web/scripts/share-images.ts), at an address made from that image's address: the
 * head names it the same way in the prerendered HTML and after a navigation in the browser.
 */

/** The size and type of every share image (the size link previews expect). */
export const SHARE_IMAGE = { width: 1200, height: 630, type: 'image/jpeg' } as const

/** The image of pages without one of their own. */
export const DEFAULT_SHARE_SOURCE = '/images/hero/home-hero.svg'

/** The folder of the share images in the built site. */
export const SHARE_IMAGE_FOLDER = '/share'

/** A 53-bit hash of a string (cyrb53), as 14 hex digits: the same in Node and every browser. */
function hash(text: string): string {
  let h1 = 0xdeadbeef
  let h2 = 0x41c6ce57
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    h1 = Math.imul(h1 ^ code, 2654435761)
    h2 = Math.imul(h2 ^ code, 1597334677)
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909)
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909)
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0')
}

/**
 * The title a share image carries: the page's title without the club's name after it (the
 * image names the club on a line of its own), at most 90 characters.
 *
 * @example
 * shareImageTitle('Fields | Youth Baseball & Softball') // 'Fields'
 */
export function shareImageTitle(pageTitle: string, clubNames: readonly string[]): string {
  let title = pageTitle.replace(/\s+/g, ' ').trim()
  for (const name of clubNames) {
    const suffix = ` | ${name}`
    if (title.endsWith(suffix)) title = title.slice(0, -suffix.length).trim()
  }
  return title.length > 90 ? `${title.slice(0, 89).trimEnd()}…` : title
}

/**
 * The site path of the share image made from `source` (a site path or an http(s) address)
 * with `title` drawn on it: each image and title has its own file.
 *
 * @example
 * shareImagePath('/images/hero/home-hero.svg', 'Fields') // '/share/…14 hex digits….jpg'
 */
export function shareImagePath(source: string, title = ''): string {
  return `${SHARE_IMAGE_FOLDER}/${hash(title ? `${source}\n${title}` : source)}.jpg`
}
