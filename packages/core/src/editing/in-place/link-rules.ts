import { classifyLink } from '../../entities/links.ts'
import { pathLabel, publicPaths } from '../../site/route-registry.ts'
import type { RouteDocuments } from '../../site/route-registry.ts'
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

/**
 * The pages a link picker offers: the main navigation first (in its order), then every other
 * page the stored documents give (programs, teams, news posts, events), each once.
 *
 * @example
 * siteRoutes(documents)[0] // { path: '/', label: 'Home (/)' }
 */
export function siteRoutes(documents: RouteDocuments): RouteOption[] {
  const paths = [...NAV_ITEMS.map((item) => item.to), ...publicPaths(documents)]
  return [...new Set(paths)].map((path) => ({ path, label: `${pathLabel(path)} (${path})` }))
}
