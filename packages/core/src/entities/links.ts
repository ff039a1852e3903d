/*
 * The one judge of where a link from content may point. The link schemas, SmartLink and the
 * HTML sanitizer all ask it, so a link refused in one place is refused everywhere.
 *
 * IMPORTANT: pure and dependency-free. It runs in the first bundle (SmartLink), in the
 * sanitizer (also in Node when prerendering) and inside the zod schemas.
 */

/** Longest link or image address. */
export const MAX_URL = 2_048

/**
 * What a link from content is:
 * - `internal`: a path on this site (`/programs#tryouts`), for the router;
 * - `anchor`: a place on the current page (`#weather-policy`);
 * - `external`: an `http(s)` address elsewhere, opened without handing over this page;
 * - `mailto`, `tel`: a mail or phone link;
 * - `refused`: anything else (`javascript:`, `data:`, protocol-relative `//host`, `\`…).
 */
export type LinkKind = 'internal' | 'anchor' | 'external' | 'mailto' | 'tel' | 'refused'

/**
 * A classified link. `href` is what to render: the address as the browser would read it,
 * so what was checked is exactly what is emitted.
 */
export type ClassifiedLink =
  { kind: Exclude<LinkKind, 'refused'>; href: string } | { kind: 'refused'; reason: string }

// Resolving against a made-up origin of our own tells a site path from an address that only
// looks like one: whatever leaves this origin when resolved leaves the site in a browser too.
const SITE = 'https://site.invalid'
const SITE_ORIGIN = new URL(SITE).origin
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/
const TEL = /^tel:[0-9A-Za-z+*#(). ,;=-]+$/i

const refused = (reason: string): ClassifiedLink => ({ kind: 'refused', reason })

/** Control characters and the space, which the URL parser strips from both ends. */
const isEdgeSpace = (code: number) => code <= 0x20
/** Browsers drop tabs and newlines anywhere (`java\nscript:`); they never belong in a link. */
const isControl = (code: number) => code < 0x20 || code === 0x7f

function trimEdges(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && isEdgeSpace(text.charCodeAt(start))) start++
  while (end > start && isEdgeSpace(text.charCodeAt(end - 1))) end--
  return text.slice(start, end)
}

function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isControl(text.charCodeAt(i))) return true
  return false
}

/**
 * Classifies a link from content: a site path, an in-page anchor, an `http(s)` address,
 * a `mailto:` or `tel:` link, or refused.
 *
 * @example
 * classifyLink('/programs')          // { kind: 'internal', href: '/programs' }
 * classifyLink('//evil.example/a')   // { kind: 'refused', … }
 * classifyLink('HTTPS://Example.org') // { kind: 'external', href: 'https://example.org/' }
 */
export function classifyLink(raw: string): ClassifiedLink {
  if (typeof raw !== 'string') return refused('Not text')
  if (raw.length > MAX_URL) return refused('Too long')
  const link = trimEdges(raw)
  if (link === '') return refused('Empty')
  if (hasControl(link)) return refused('Control characters')
  // Browsers read `\` as `/`, so `/\host` and `\\host` leave the site.
  if (link.includes('\\')) return refused('Backslash')
  if (link.startsWith('#')) return { kind: 'anchor', href: link }
  if (link.startsWith('/')) return internal(link)
  const scheme = SCHEME.exec(link)?.[1]?.toLowerCase()
  switch (scheme) {
    case 'http':
    case 'https':
      return external(link)
    case 'mailto':
      return link.length > 'mailto:'.length ? { kind: 'mailto', href: link } : refused('Empty')
    case 'tel':
      return TEL.test(link) ? { kind: 'tel', href: link } : refused('Invalid phone link')
    case undefined:
      // `programs` or `../x` would mean something else on every page: site paths start with `/`.
      return refused('Relative address')
    default:
      return refused(`The ${scheme}: scheme is not allowed`)
  }
}

function internal(link: string): ClassifiedLink {
  // `//host` is another site; `/%2Fhost` and `/%5Chost` become one once a server on the way
  // decodes them (and answers with a redirect).
  if (/^\/(?:\/|%2f)/i.test(link) || /%5c/i.test(link)) return refused('Leaves the site')
  let url: URL
  try {
    url = new URL(link, SITE)
  } catch {
    return refused('Unreadable address')
  }
  const href = url.pathname + url.search + url.hash
  // Dot segments can fold into `//host` (`/.//host`): what is rendered must stay a site path.
  if (url.origin !== SITE_ORIGIN || !href.startsWith('/') || href.startsWith('//')) {
    return refused('Leaves the site')
  }
  return { kind: 'internal', href }
}

function external(link: string): ClassifiedLink {
  // `https:host` or `https:/path` would resolve against this site's address; insist on `//`.
  if (!/^https?:\/\//i.test(link)) return refused('Web addresses start with http:// or https://')
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return refused('Unreadable address')
  }
  if (url.hostname === '') return refused('No host')
  // `https://club.org@evil.example` reads as the club's address but goes elsewhere.
  if (url.username !== '' || url.password !== '') return refused('Credentials in the address')
  return { kind: 'external', href: url.href }
}

/** True when `href` may be rendered as a link at all. */
export function isAllowedLink(href: string): boolean {
  return classifyLink(href).kind !== 'refused'
}

/** True when `src` may be an image address: a site path or an `http(s)` address. */
export function isAllowedImageSrc(src: string): boolean {
  const { kind } = classifyLink(src)
  return kind === 'internal' || kind === 'external'
}
