import type { ContentKey } from '../entities/content-keys.ts'
import { routeAt } from './route-registry.ts'
import { isSignedInAreaPath, publicPath } from '../routing/admin-paths.ts'

/**
 * What every public page shows whatever its route: the alerts bar, the footer (`content`),
 * and field status, which the time-sensitive parts (alerts, live updates) refer to.
 */
export const ALWAYS_SHOWN_KEYS: readonly ContentKey[] = ['alerts', 'content', 'fieldsContent']

/**
 * The content keys the page at `pathname` shows, in a stable order: those of its route plus
 * those every page shows. An editing path (`/admin/edit/fields`) counts as its public page;
 * the rest of the signed-in area (`/admin/…`, `/admin-login`) shows no public page: none.
 *
 * @example
 * keysShownAt('/fields') // ['alerts', 'content', 'fieldsContent']
 * keysShownAt('/admin/edit/teams') // ['alerts', 'content', 'fieldsContent', 'teams', 'staff']
 */
export function keysShownAt(pathname: string): ContentKey[] {
  const path = publicPath(pathname.replace(/\/+$/, '') || '/')
  if (isSignedInAreaPath(path)) return []
  const found = routeAt(path)
  return [...new Set([...ALWAYS_SHOWN_KEYS, ...(found?.route.keys ?? [])])]
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
export function keysLoadedAt(pathname: string): ContentKey[] {
  const shown = keysShownAt(pathname)
  return shown.length === 0 ? [] : [...new Set([...shown, ...HEADER_KEYS])]
}
