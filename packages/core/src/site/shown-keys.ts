import {
  eventPageKey,
  isEventPageKey,
  programPageKey,
  teamCoachesKey,
  teamPageKey,
  viewSourceOf,
} from '../entities/content-key-list.ts'
import type { ContentKey, ContentViewKey, DocumentKey } from '../entities/content-keys.ts'
import { PROGRAM_SLUGS } from '../entities/enums.ts'
import { routeAt } from './route-registry.ts'
import { EDIT_PREFIX, isSignedInAreaPath, publicPath } from '../routing/admin-paths.ts'
import { teamKeyFor } from '../routing/public-paths.ts'

/**
 * What every public page shows whatever its route: the alerts bar (with the weather decisions'
 * posting times, which the database derives from `fieldsContent`) and the footer (its social
 * links and the club's contact details, `siteFooter`, which it derives from `content`).
 */
export const ALWAYS_SHOWN_KEYS: readonly (ContentKey | ContentViewKey)[] = [
  'alerts',
  'siteFooter',
  'weatherPostingTimes',
]

/**
 * The routes of a team's page: each shows its own team's row (`team/<id>`) and its coaches' row
 * (`coaches/<id>`: their `staff` cards alone; the page reads `staff` itself where the database
 * keeps no such row, see site/routes/use-teams-view.ts).
 */
const TEAM_PAGE_ROUTES: ReadonlySet<string> = new Set(['team', 'programTeam', 'dmvTeam'])

const programSlugs: ReadonlySet<string> = new Set(PROGRAM_SLUGS)

/**
 * The documents the page at `pathname` shows, in a stable order: those of its route plus those
 * every page shows, a team page's own team (`team/<id>`), a program page's own program
 * (`program/<slug>`) and an event page's own event (`event/<slug>`). An editing path
 * (`/admin/edit/fields`) counts as its public page, except that it shows the whole document
 * (`teams`, `staff`, `fieldsContent`, `programsContent`, `clinics`) where the public
 * page shows a row the database derives from it (staff edit documents whole: `content` for
 * `siteFooter`, `fieldsContent` for `fieldList`, `staff` for a team's coaches…); the rest of the
 * signed-in area (`/admin/…`, `/admin-login`) shows no public page: none.
 *
 * @example
 * keysShownAt('/fields') // ['alerts', 'siteFooter', 'weatherPostingTimes', 'fieldsContent']
 * keysShownAt('/team/flash-12u') // ['alerts', 'siteFooter', 'weatherPostingTimes', 'fieldList', 'teamKeys', 'team/flash-12u', 'coaches/flash-12u']
 * keysShownAt('/admin/edit/fields') // ['alerts', 'content', 'fieldsContent']
 */
export function keysShownAt(pathname: string): DocumentKey[] {
  const trimmed = pathname.replace(/\/+$/, '') || '/'
  const path = publicPath(trimmed)
  if (isSignedInAreaPath(path)) return []
  const found = routeAt(path)
  const keys: DocumentKey[] = [...ALWAYS_SHOWN_KEYS, ...(found?.route.keys ?? [])]
  const team = found && TEAM_PAGE_ROUTES.has(found.route.id) ? teamKeyFor(found.params) : undefined
  if (team) keys.push(teamPageKey(team), teamCoachesKey(team))
  const program = found?.route.id === 'program' ? found.params.program : undefined
  if (program !== undefined && programSlugs.has(program)) keys.push(programPageKey(program))
  const event = found?.route.id === 'event' ? found.params.slug : undefined
  if (event !== undefined && isEventPageKey(eventPageKey(event))) keys.push(eventPageKey(event))
  const editing = trimmed === EDIT_PREFIX || trimmed.startsWith(`${EDIT_PREFIX}/`)
  return [...new Set(editing ? keys.map((key) => viewSourceOf(key) ?? key) : keys)]
}

/**
 * What every public page's header reads in the browser only (no prerender records it): the
 * programs' registrations alone (`programRegistrations`), whose links decide its Register button.
 */
export const HEADER_KEYS: readonly ContentViewKey[] = ['programRegistrations']

/**
 * The content keys the browser reads for the page at `pathname`: those it shows, and the
 * header's. What a visitor's first page reads at start (issue 35 §3).
 *
 * @example
 * keysLoadedAt('/donate') // ['alerts', 'siteFooter', 'weatherPostingTimes', 'content', 'programRegistrations']
 */
export function keysLoadedAt(pathname: string): DocumentKey[] {
  const shown = keysShownAt(pathname)
  return shown.length === 0 ? [] : [...new Set([...shown, ...HEADER_KEYS])]
}
