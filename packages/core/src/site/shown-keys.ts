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
