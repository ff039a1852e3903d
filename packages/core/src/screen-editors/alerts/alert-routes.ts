import { pageOf } from '../../alerts/alert-visibility.ts'
import { pathLabel, publicPaths, routeAt } from '../../site/route-registry.ts'
import { paths } from '../../routing/public-paths.ts'
import type { RouteDocuments } from '../../site/route-registry.ts'
import type { PublicRouteId } from '../../routing/public-paths.ts'
import { FOOTER_NAV } from '../../site/site-nav.ts'

/** The groups of pages the alerts editor offers, in the order it lists them. */
export const ROUTE_GROUPS = ['Site pages', 'Programs', 'Teams', 'Events', 'News posts'] as const

/** A group of {@link ROUTE_GROUPS}. */
export type RouteGroup = (typeof ROUTE_GROUPS)[number]

/**
 * A page an alert can be limited to: its site path and what the editor calls it, and (in the
 * full list, `alertRoutes`) the group the editor lists it under.
 */
export type RouteOption = { path: string; label: string; group?: RouteGroup }

/**
 * The site's main pages as target-page choices: the footer's sitemap (the main navigation
 * plus the game-day pages), home first. A redirect such as `/dmv` is offered at the page it
 * shows, because alerts are matched against the path being viewed.
 *
 * @example
 * <AnnouncementComposer routes={defaultAlertRoutes()} … />
 */
export function defaultAlertRoutes(): RouteOption[] {
  const routes = new Map<string, RouteOption>()
  for (const item of FOOTER_NAV.flatMap((group) => group.items)) {
    const path = item.alsoAt?.[0] ?? item.to
    if (!routes.has(path)) routes.set(path, { path, label: item.label })
  }
  return [...routes.values()].sort((a, b) => Number(b.path === '/') - Number(a.path === '/'))
}

const GROUP_OF: Partial<Record<PublicRouteId, RouteGroup>> = {
  program: 'Programs',
  programTeam: 'Teams',
  team: 'Teams',
  dmvTeam: 'Teams',
  event: 'Events',
  newsPost: 'News posts',
}

const byLabel = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })

/**
 * Every page the route registry knows from the stored documents, as target-page choices for
 * the alerts editor, grouped: the site's main pages (as `defaultAlertRoutes`), then each
 * program, team, event and news post, named as the site names them ("Big Train 12U"). A team
 * is offered once, at its canonical address (an alert matches it at each of its addresses).
 *
 * @example
 * alertRoutes({ teams, programsContent, clinics, newsPosts })
 * // [{ path: '/', label: 'Home', group: 'Site pages' }, …,
 * //  { path: '/programs/big-train/12u', label: 'Big Train 12U', group: 'Teams' }, …]
 */
export function alertRoutes(documents: RouteDocuments): RouteOption[] {
  const seen = new Set<string>()
  const site: RouteOption[] = []
  const more: (RouteOption & { group: RouteGroup })[] = []
  for (const route of defaultAlertRoutes()) {
    seen.add(pageOf(route.path))
    site.push({ ...route, group: 'Site pages' })
  }
  const names = pageNames(documents)
  for (const path of publicPaths(documents)) {
    const page = pageOf(path)
    if (seen.has(page)) continue
    seen.add(page)
    const at = routeAt(path)
    const group = (at && GROUP_OF[at.route.id]) ?? 'Site pages'
    const option = { path: `/${page}`, label: names.get(page) ?? pathLabel(path), group }
    if (group === 'Site pages') site.push(option)
    else more.push(option)
  }
  more.sort(
    (a, b) =>
      ROUTE_GROUPS.indexOf(a.group) - ROUTE_GROUPS.indexOf(b.group) ||
      byLabel.compare(a.label, b.label),
  )
  return [...site, ...more]
}

/** The name each program, team, event and news post goes by, by page (see `pageOf`). */
function pageNames(documents: RouteDocuments): Map<string, string> {
  const names = new Map<string, string>()
  const add = (path: string, name: string | undefined) => {
    const label = name?.trim()
    if (label) names.set(pageOf(path), label)
  }
  for (const [slug, program] of Object.entries(documents.programsContent)) {
    add(paths.program(slug), program?.name)
  }
  for (const [key, team] of Object.entries(documents.teams)) add(paths.teamByKey(key), team.name)
  for (const clinic of documents.clinics) add(paths.event(clinic.slug), clinic.title)
  for (const post of documents.newsPosts) add(paths.newsPost(post.slug), post.title)
  return names
}
