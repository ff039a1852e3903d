import { PUBLIC_ROUTES, publicRoute, SITE_REDIRECT_LIST } from './route-registry.ts'
import { matchPattern, paths, ROUTE_PATTERNS } from '../routing/public-paths.ts'
import type { PublicRouteId } from '../routing/public-paths.ts'

/** One navigation entry: where it leads and what it says. */
export type NavLinkItem = {
  readonly to: string
  readonly label: string
  /** Other paths that show this entry's page, such as a redirect's target. */
  readonly alsoAt?: readonly string[]
  /**
   * Pages below other paths that belong to this entry (a team's page belongs to Teams &
   * Rosters): the navigation marks the entry as the current section there.
   */
  /** Route patterns (ROUTE_PATTERNS) of the pages it stands for besides its own. */
  readonly covers?: readonly string[]
}

/** A set of related entries the header shows behind one button. */
export type NavGroup = { readonly label: string; readonly items: readonly NavLinkItem[] }

/** Pages an entry stands for besides its own: a team's page is one of Teams & Rosters. */
const COVERS: Partial<Record<PublicRouteId, readonly string[]>> = {
  // A team's own page, at each of its addresses.
  teams: [ROUTE_PATTERNS.team, ROUTE_PATTERNS.dmvTeam, ROUTE_PATTERNS.programTeam],
}

/** The navigation entry of a public route, as the route registry names it. */
function navLink(id: PublicRouteId): NavLinkItem {
  const route = publicRoute(id)
  if (!route.nav) throw new Error(`route ${id} is not in the navigation`)
  const covers = COVERS[id]
  return { to: route.pattern, label: route.nav.label, ...(covers ? { covers } : {}) }
}

/** The navigation entry of a redirect (it also marks the page it leads to as current). */
function navRedirect(from: string): NavLinkItem {
  const redirect = SITE_REDIRECT_LIST.find((candidate) => candidate.from === from)
  if (!redirect?.nav) throw new Error(`redirect ${from} is not in the navigation`)
  return { to: redirect.from, label: redirect.nav.label, alsoAt: [redirect.to] }
}

const HOME = navLink('home')
const ABOUT = navLink('about')
const PROGRAMS = navLink('programs')
const TEAMS = navLink('teams')
const DMV = navRedirect(paths.dmv())
const EVENTS = navLink('events')
const ALUMNI = navLink('alumni')
const FIELDS = navLink('fields')
const RULES = navLink('rules')
const WEATHER = navLink('weatherPolicy')
const NEWS = navLink('news')
const CONTACT = navLink('contact')
const DONATE = navLink('donate')
const SPONSORS = navLink('sponsors')
const SCHEDULE = navLink('schedule')
const LIVE_UPDATES = navLink('liveUpdates')

/**
 * The main navigation, in the spec's order (§2), with the game-day pages (schedules, live
 * updates) beside the fields. The phone menu lists it as it is.
 */
export const NAV_ITEMS: readonly NavLinkItem[] = [
  ...PUBLIC_ROUTES.flatMap(({ id, nav }) =>
    nav?.position === undefined ? [] : [{ position: nav.position, item: navLink(id) }],
  ),
  ...SITE_REDIRECT_LIST.flatMap(({ from, nav }) =>
    nav?.position === undefined ? [] : [{ position: nav.position, item: navRedirect(from) }],
  ),
]
  .sort((a, b) => a.position - b.position)
  .map(({ item }) => item)

/**
 * The same entries as the wide header shows them: fourteen links do not fit one row, so
 * related pages share a menu. Home is the logo. Game-day pages that the spec lists
 * elsewhere (schedules, live updates) join the group a family looks in on a game day.
 */
export const HEADER_NAV: readonly (NavLinkItem | NavGroup)[] = [
  { label: 'Programs', items: [PROGRAMS, TEAMS, DMV, EVENTS] },
  { label: 'Game Day', items: [FIELDS, SCHEDULE, LIVE_UPDATES, WEATHER, RULES] },
  NEWS,
  { label: 'About', items: [ABOUT, ALUMNI, SPONSORS, DONATE] },
  CONTACT,
]

/** The header's calls to action, shown beside the navigation and atop the phone menu. */
export const HEADER_ACTIONS = {
  schedule: { to: paths.schedule(), label: 'Schedule' },
  register: { to: paths.programs(), label: 'Register' },
} as const

/** The footer's sitemap: every entry of the main navigation, and the game-day pages. */
export const FOOTER_NAV: readonly NavGroup[] = [
  { label: 'Play', items: [PROGRAMS, TEAMS, DMV, EVENTS] },
  { label: 'Game Day', items: [FIELDS, SCHEDULE, LIVE_UPDATES, WEATHER, RULES] },
  { label: 'Club', items: [HOME, ABOUT, NEWS, ALUMNI, SPONSORS, DONATE, CONTACT] },
]

/** True when `entry` is a group of links rather than one link. */
export function isNavGroup(entry: NavLinkItem | NavGroup): entry is NavGroup {
  return 'items' in entry
}

function trimmed(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** True when `pathname` (without the editing prefix) is the page `item` leads to. */
export function isCurrentPage(item: NavLinkItem, pathname: string): boolean {
  const path = trimmed(pathname)
  return [item.to, ...(item.alsoAt ?? [])].some((candidate) => candidate === path)
}

/** True when `pathname` is a page `item` covers that is not its own (a team's page for Teams & Rosters). */
export function isCoveredPage(item: NavLinkItem, pathname: string): boolean {
  const path = trimmed(pathname)
  return (
    !isCurrentPage(item, path) &&
    (item.covers ?? []).some((pattern) => matchPattern(pattern, path) !== undefined)
  )
}

/** True when `pathname` is the page `item` leads to or a page below it (a program's team, an article). */
export function isInSection(item: NavLinkItem, pathname: string): boolean {
  if (item.to === '/') return trimmed(pathname) === '/'
  const path = trimmed(pathname)
  return (
    [item.to, ...(item.alsoAt ?? [])].some(
      (candidate) => path === candidate || path.startsWith(`${candidate}/`),
    ) || isCoveredPage(item, path)
  )
}
