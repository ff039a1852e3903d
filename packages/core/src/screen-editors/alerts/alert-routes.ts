import { FOOTER_NAV } from '../../site/site-nav.ts'

/** A page an alert can be limited to: its site path and what the editor calls it. */
export type RouteOption = { path: string; label: string }

/**
 * The site's main pages as target-page choices for the alerts editor: the footer's sitemap
 * (the main navigation plus the game-day pages), home first. A redirect such as `/dmv` is
 * offered at the page it shows, because alerts are matched against the path being viewed.
 *
 * @example
 * <AlertsEditor routes={defaultAlertRoutes()} … />
 */
export function defaultAlertRoutes(): RouteOption[] {
  const routes = new Map<string, RouteOption>()
  for (const item of FOOTER_NAV.flatMap((group) => group.items)) {
    const path = item.alsoAt?.[0] ?? item.to
    if (!routes.has(path)) routes.set(path, { path, label: item.label })
  }
  return [...routes.values()].sort((a, b) => Number(b.path === '/') - Number(a.path === '/'))
}
