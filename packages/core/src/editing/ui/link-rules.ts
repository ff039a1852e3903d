import { classifyLink } from '../../entities/links.ts'
import { prerenderPaths } from '../../site/prerender-paths.ts'
import { NAV_ITEMS } from '../../site/site-nav.ts'

/** A page of the site a link can point at. */
export type RouteOption = { path: string; label: string }

/** How an editor's link reads: fine (with what to store), or refused with a reason to show. */
export type LinkCheck = { ok: true; href: string } | { ok: false; message: string }

/**
 * Checks a link typed by an editor against the site's link rules (entities/links.ts): a site
 * path, an in-page anchor, or an http(s), mailto: or tel: address. What is stored is what the
 * classifier read, so the page renders exactly what was checked.
 *
 * @example
 * checkLink('https://example.org') // { ok: true, href: 'https://example.org/' }
 * checkLink('javascript:alert(1)') // { ok: false, message: 'The javascript: scheme is not allowed' }
 */
export function checkLink(raw: string): LinkCheck {
  const link = classifyLink(raw)
  if (link.kind === 'refused') {
    return {
      ok: false,
      message:
        link.reason === 'Relative address'
          ? 'Start site paths with / and web addresses with https://'
          : link.reason,
    }
  }
  return { ok: true, href: link.href }
}

function labelFor(path: string): string {
  const nav = NAV_ITEMS.find((item) => item.to === path)
  if (nav) return nav.label
  const words = path.split('/').filter(Boolean).at(-1) ?? ''
  return words
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/**
 * The pages a link picker offers: the main navigation first (in its order), then every other
 * prerendered page (programs, teams, news, events), each once.
 *
 * @example
 * siteRoutes()[0] // { path: '/', label: 'Home' }
 */
export function siteRoutes(): RouteOption[] {
  const paths = [...NAV_ITEMS.map((item) => item.to), ...prerenderPaths()]
  return [...new Set(paths)].map((path) => ({ path, label: `${labelFor(path)} (${path})` }))
}
