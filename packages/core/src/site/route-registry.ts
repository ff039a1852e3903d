/*
 * IMPORTANT: the one description of the public site's routes. The router (site-routes.tsx),
 * the prerender and the sitemap (prerender-paths.ts, the web app's build), the documents a page
 * follows live (realtime/shown-keys.ts), the link picker (editing/in-place/link-rules.ts), the
 * navigation (site-nav.ts), canonical addresses and the end-to-end route list all read it.
 *
 * It is free of zod and of sample content, so it may sit in a page's first bundle: concrete
 * paths are listed from the documents it is given, which are what is stored (the build reads
 * them from the backend, the editor from the content store), never the built-in samples.
 */
import type { ComponentType } from 'react'

import type { Clinic } from '../entities/clinic.ts'
import type { ContentKey, ContentViewKey, TeamViewKey } from '../entities/content-keys.ts'
import { PROGRAM_SLUGS } from '../entities/enums.ts'
import type { NewsPost } from '../entities/news-post.ts'
import type { ProgramsContent } from '../entities/program-content.ts'
import type { Teams } from '../entities/team.ts'
import {
  matchPattern,
  paths,
  REDIRECT_PATTERNS,
  ROUTE_PATTERNS,
  teamKeyFor,
} from '../routing/public-paths.ts'
import type { PublicRouteId } from '../routing/public-paths.ts'

/** The stored documents concrete paths are listed from. */
export type RouteDocuments = {
  readonly teams: Teams
  readonly newsPosts: readonly NewsPost[]
  readonly clinics: readonly Clinic[]
  readonly programsContent: Partial<ProgramsContent>
}

/** The content keys {@link RouteDocuments} come from. */
export const ROUTE_DOCUMENT_KEYS = ['teams', 'newsPosts', 'clinics', 'programsContent'] as const

/** Where a route sits in the navigation: its label, and its place in the main list (if any). */
export type RouteNav = {
  readonly label: string
  /** Its place in the main navigation (the phone menu's order); none: header groups only. */
  readonly position?: number
}

/** A document a route shows: a fixed one, or a row the database derives for pages. */
export type RouteKey = ContentKey | TeamViewKey | ContentViewKey

/** One public route. */
export type PublicRoute = {
  readonly id: PublicRouteId
  /** react-router's pattern, absolute (`ROUTE_PATTERNS.newsPost`). */
  readonly pattern: string
  /** The page: a module whose default export is the connected route component. */
  readonly load: () => Promise<{ default: ComponentType }>
  /**
   * The documents the page shows (beside those every page shows, a team page's own team and a
   * program page's own program: see shown-keys.ts). Pages that show a part of a document name
   * the row the database derives for it: the view of the teams they show (`teamRosters`…:
   * entities/content-key-list.ts's TEAM_VIEW_KEYS), never `teams`; the programs' summaries
   * (`programSummaries`, CONTENT_VIEW_SOURCES) where they name programs.
   */
  readonly keys: readonly RouteKey[]
  readonly nav?: RouteNav
  /** Its concrete paths from the stored documents; none: the pattern is the path. */
  readonly list?: (documents: RouteDocuments) => string[]
  /** Whether a listed path is the canonical address of what it shows (sitemap); default yes. */
  readonly canonical?: (path: string) => boolean
  /** A page reached only by a private link ("My alerts"): `noindex`, and not in the sitemap. */
  readonly noindex?: true
}

/** One old address that leads to another (spec §2), the hash kept. */
export type SiteRedirect = { readonly from: string; readonly to: string; readonly nav?: RouteNav }

// A team page also shows `teamKeys`: which teams there are. Its own team's row alone cannot
// tell a team no longer stored (no row) from teams never stored (the samples show). It names and
// links the fields its games are played at from the fields alone (`fieldList`), and shows its
// coaches from their own row (`coaches/<id>`, see shown-keys.ts), not the whole staff.
const TEAM_PAGE: readonly RouteKey[] = ['fieldList', 'teamKeys']
const teamPage = () => import('./routes/team.route.tsx')

/** The canonical team paths that match `pattern`. */
const teamPathsMatching = (pattern: string) => (documents: RouteDocuments) =>
  Object.keys(documents.teams)
    .map((key) => paths.team(key))
    .filter((path) => matchPattern(pattern, path) !== undefined)

/** Every public route (spec §2), in the order the router tries them (static first). */
export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  {
    id: 'home',
    pattern: ROUTE_PATTERNS.home,
    load: () => import('./routes/home.route.tsx'),
    keys: ['content', 'quickLinks', 'legacyStats', 'newsPosts', 'eventCards'],
    nav: { label: 'Home', position: 0 },
  },
  {
    id: 'about',
    pattern: ROUTE_PATTERNS.about,
    load: () => import('./routes/about.route.tsx'),
    keys: ['aboutContent'],
    nav: { label: 'About', position: 1 },
  },
  {
    id: 'programs',
    pattern: ROUTE_PATTERNS.programs,
    load: () => import('./routes/programs.route.tsx'),
    // The cards, and what the finder and the registration list show of each program.
    keys: ['programCards', 'programSummaries'],
    nav: { label: 'Programs', position: 2 },
  },
  {
    id: 'program',
    pattern: ROUTE_PATTERNS.program,
    load: () => import('./routes/program.route.tsx'),
    // Its own program (`program/<slug>`, see shown-keys.ts), not every program.
    keys: ['staff', 'teamNames'],
    list: ({ programsContent }) =>
      PROGRAM_SLUGS.filter((slug) => Object.hasOwn(programsContent, slug)).map((slug) =>
        paths.program(slug),
      ),
  },
  {
    id: 'programTeam',
    pattern: ROUTE_PATTERNS.programTeam,
    load: teamPage,
    keys: TEAM_PAGE,
    list: teamPathsMatching(ROUTE_PATTERNS.programTeam),
  },
  {
    id: 'team',
    pattern: ROUTE_PATTERNS.team,
    load: teamPage,
    keys: TEAM_PAGE,
    // Every team answers here too; it is the canonical address of teams without another.
    list: ({ teams }) => Object.keys(teams).map(paths.teamByKey),
    canonical: (path) => {
      const key = teamKeyFor(matchPattern(ROUTE_PATTERNS.team, path) ?? {})
      return key !== undefined && paths.team(key) === path
    },
  },
  {
    id: 'dmvTeam',
    pattern: ROUTE_PATTERNS.dmvTeam,
    load: teamPage,
    keys: TEAM_PAGE,
    list: teamPathsMatching(ROUTE_PATTERNS.dmvTeam),
  },
  {
    id: 'teams',
    pattern: ROUTE_PATTERNS.teams,
    load: () => import('./routes/teams.route.tsx'),
    keys: ['teamRosters', 'staff'],
    nav: { label: 'Teams & Rosters', position: 3 },
  },
  {
    id: 'fields',
    pattern: ROUTE_PATTERNS.fields,
    load: () => import('./routes/fields.route.tsx'),
    keys: ['fieldsContent'],
    // One name for the page wherever it is linked: its status is what families come for.
    nav: { label: 'Fields & Status', position: 7 },
  },
  {
    id: 'schedule',
    pattern: ROUTE_PATTERNS.schedule,
    load: () => import('./routes/schedule.route.tsx'),
    keys: ['programsContent', 'teamSchedules', 'fieldList'],
    nav: { label: 'Schedules', position: 8 },
  },
  {
    id: 'rules',
    pattern: ROUTE_PATTERNS.rules,
    load: () => import('./routes/rules.route.tsx'),
    keys: ['rulesAndFaqContent'],
    // The page's own heading: "Rules & FAQ" (pages/rules).
    nav: { label: 'Rules & FAQ', position: 10 },
  },
  {
    id: 'weatherPolicy',
    pattern: ROUTE_PATTERNS.weatherPolicy,
    load: () => import('./routes/weather-policy.route.tsx'),
    keys: ['rulesAndFaqContent'],
    nav: { label: 'Weather Policy', position: 11 },
  },
  {
    id: 'news',
    pattern: ROUTE_PATTERNS.news,
    load: () => import('./routes/news.route.tsx'),
    keys: ['newsPosts'],
    nav: { label: 'News', position: 12 },
  },
  {
    id: 'newsPost',
    pattern: ROUTE_PATTERNS.newsPost,
    load: () => import('./routes/news-article.route.tsx'),
    // Its own post (`news/<id>`), which the page records as it renders; not the newest cards.
    keys: [],
    list: ({ newsPosts }) => newsPosts.map((post) => paths.newsPost(post.slug)),
  },
  {
    id: 'events',
    pattern: ROUTE_PATTERNS.events,
    load: () => import('./routes/events.route.tsx'),
    // Every event as its card shows it (no descriptions: `eventCards`).
    keys: ['eventCards'],
    nav: { label: 'Events', position: 5 },
  },
  {
    id: 'event',
    pattern: ROUTE_PATTERNS.event,
    load: () => import('./routes/event.route.tsx'),
    // Its own event (`event/<slug>`, see shown-keys.ts), not every event, and which events
    // there are (`eventSlugs`): a removed event has no row, and a missing row reads as the
    // built-in event of that slug.
    keys: ['eventSlugs'],
    list: ({ clinics }) => clinics.map((clinic) => paths.event(clinic.slug)),
  },
  {
    id: 'alumni',
    pattern: ROUTE_PATTERNS.alumni,
    load: () => import('./routes/alumni.route.tsx'),
    keys: ['alumni'],
    nav: { label: 'Alumni', position: 6 },
  },
  {
    id: 'sponsors',
    pattern: ROUTE_PATTERNS.sponsors,
    load: () => import('./routes/sponsors.route.tsx'),
    keys: ['content'],
    nav: { label: 'Sponsors', position: 15 },
  },
  {
    id: 'donate',
    pattern: ROUTE_PATTERNS.donate,
    load: () => import('./routes/donate.route.tsx'),
    keys: ['content'],
    nav: { label: 'Donate', position: 14 },
  },
  {
    id: 'contact',
    pattern: ROUTE_PATTERNS.contact,
    load: () => import('./routes/contact.route.tsx'),
    // The programs' names, for the registration-interest form.
    keys: ['programSummaries'],
    nav: { label: 'Contact', position: 13 },
  },
  {
    id: 'liveUpdates',
    pattern: ROUTE_PATTERNS.liveUpdates,
    load: () => import('./routes/live-updates.route.tsx'),
    keys: ['alerts', 'fieldsContent'],
    nav: { label: 'Live Updates', position: 9 },
  },
  {
    // Families' alerts (issue 33): prerendered without anything private (the signed link is
    // read in the browser), never indexed, not in the sitemap.
    id: 'myAlerts',
    pattern: ROUTE_PATTERNS.myAlerts,
    load: () => import('./routes/my-alerts.route.tsx'),
    keys: ['teamNames', 'programsContent', 'fieldsContent'],
    noindex: true,
  },
]

/** The page of any address no route matches. */
export const loadNotFoundPage = () => import('./routes/not-found.route.tsx')

/** Redirects of the public site (spec §2); the hash is kept. */
export const SITE_REDIRECT_LIST: readonly SiteRedirect[] = [
  {
    from: REDIRECT_PATTERNS.dmv,
    to: paths.program('dmv-prospects'),
    nav: { label: 'DMV Prospects', position: 4 },
  },
  { from: REDIRECT_PATTERNS.rulesFaq, to: paths.rules() },
]

const byId = new Map(PUBLIC_ROUTES.map((route) => [route.id, route]))

/** The route named `id`. */
export function publicRoute(id: PublicRouteId): PublicRoute {
  const route = byId.get(id)
  if (!route) throw new Error(`no public route ${id}`)
  return route
}

/**
 * The route that serves `path` (a public path, no editing prefix) and its parameters, or
 * undefined for an address no route serves. A static route wins over a parameter.
 *
 * @example
 * routeAt(paths.newsPost('tryouts')) // { route: { id: 'newsPost', … }, params: { slug: 'tryouts' } }
 */
export function routeAt(
  path: string,
): { route: PublicRoute; params: Record<string, string> } | undefined {
  for (const route of PUBLIC_ROUTES) {
    const params = matchPattern(route.pattern, path)
    if (params) return { route, params }
  }
  return undefined
}

/** Every path a route lists from these documents, with whether it is canonical. */
function listed(
  documents: RouteDocuments,
): { path: string; canonical: boolean; noindex: boolean }[] {
  const seen = new Set<string>()
  const out: { path: string; canonical: boolean; noindex: boolean }[] = []
  for (const route of PUBLIC_ROUTES) {
    for (const path of route.list ? route.list(documents) : [route.pattern]) {
      if (seen.has(path)) continue
      seen.add(path)
      out.push({
        path,
        canonical: route.canonical?.(path) ?? true,
        noindex: route.noindex === true,
      })
    }
  }
  return out
}

/**
 * Every public page the documents give: each fixed route, each stored program, team, news post
 * and event (and every team at /team/{key} too). What the build prerenders with HTTP 200.
 */
export function publicPaths(documents: RouteDocuments): string[] {
  return listed(documents).map(({ path }) => path)
}

/** The canonical addresses among {@link publicPaths}: what the sitemap lists. */
export function sitemapPaths(documents: RouteDocuments): string[] {
  return listed(documents)
    .filter(({ canonical, noindex }) => canonical && !noindex)
    .map(({ path }) => path)
}

/**
 * The addresses a news post answered at before its slug changed, each leading to where it is
 * now. A slug that another post now uses is not redirected (that post answers there).
 */
export function newsPostRedirects(documents: Pick<RouteDocuments, 'newsPosts'>): SiteRedirect[] {
  const current = new Set(documents.newsPosts.map((post) => post.slug))
  const out = new Map<string, SiteRedirect>()
  for (const post of documents.newsPosts) {
    for (const old of post.previousSlugs ?? []) {
      const from = paths.newsPost(old)
      if (current.has(old) || out.has(from)) continue
      out.set(from, { from, to: paths.newsPost(post.slug) })
    }
  }
  return [...out.values()]
}

/** The label of a path for people choosing a link: its route's nav label, else its last words. */
export function pathLabel(path: string): string {
  const route = PUBLIC_ROUTES.find((candidate) => candidate.pattern === path)
  if (route?.nav) return route.nav.label
  const redirect = SITE_REDIRECT_LIST.find((candidate) => candidate.from === path)
  if (redirect?.nav) return redirect.nav.label
  const words = path.split('/').filter(Boolean).at(-1) ?? ''
  return decodeURIComponent(words)
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
