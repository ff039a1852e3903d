import { isTeamViewKey, teamPageKey } from '../entities/content-key-list.ts'
import type { ContentKey, DocumentKey } from '../entities/content-keys.ts'
import { routeAt } from './route-registry.ts'
import { EDIT_PREFIX, isSignedInAreaPath, publicPath } from '../routing/admin-paths.ts'
import { teamKeyFor } from '../routing/public-paths.ts'

/**
 * What every public page shows whatever its route: the alerts bar, the footer (`content`),
 * and field status, which the time-sensitive parts (alerts, live updates) refer to.
 */
export const ALWAYS_SHOWN_KEYS: readonly ContentKey[] = ['alerts', 'content', 'fieldsContent']

/** The routes of a team's page: each shows its own team's row (`team/<id>`). */
const TEAM_PAGE_ROUTES: ReadonlySet<string> = new Set(['team', 'programTeam', 'dmvTeam'])

/**
 * The documents the page at `pathname` shows, in a stable order: those of its route plus those
 * every page shows, and a team page's own team (`team/<id>`). An editing path
 * (`/admin/edit/fields`) counts as its public page, except that it shows the whole `teams` where
 * the public page shows a view of it (staff edit the teams whole); the rest of the signed-in
 * area (`/admin/…`, `/admin-login`) shows no public page: none.
 *
 * @example
 * keysShownAt('/fields') // ['alerts', 'content', 'fieldsContent']
 * keysShownAt('/team/flash-12u') // ['alerts', 'content', 'fieldsContent', 'staff', 'team/flash-12u']
 * keysShownAt('/admin/edit/teams') // ['alerts', 'content', 'fieldsContent', 'teams', 'staff']
 */
export function keysShownAt(pathname: string): DocumentKey[] {
  const trimmed = pathname.replace(/\/+$/, '') || '/'
  const path = publicPath(trimmed)
  if (isSignedInAreaPath(path)) return []
  const found = routeAt(path)
  const keys: DocumentKey[] = [...ALWAYS_SHOWN_KEYS, ...(found?.route.keys ?? [])]
  const team = found && TEAM_PAGE_ROUTES.has(found.route.id) ? teamKeyFor(found.params) : undefined
  if (team) keys.push(teamPageKey(team))
  const editing = trimmed === EDIT_PREFIX || trimmed.startsWith(`${EDIT_PREFIX}/`)
  return [...new Set(editing ? keys.map((key) => (isTeamViewKey(key) ? 'teams' : key)) : keys)]
}

/**
 * What every public page's header reads in the browser only (no prerender records it): the
 * programs, whose registration links decide its Register button.
 */
export const HEADER_KEYS: readonly ContentKey[] = ['programsContent']

/**
 * The content keys the browser reads for the page at `pathname`: those it shows, and the
 * header's. What a visitor's first page reads at start (issue 35 §3).
 *
 * @example
 * keysLoadedAt('/donate') // ['alerts', 'content', 'fieldsContent', 'programsContent']
 */
export function keysLoadedAt(pathname: string): DocumentKey[] {
  const shown = keysShownAt(pathname)
  return shown.length === 0 ? [] : [...new Set([...shown, ...HEADER_KEYS])]
}
