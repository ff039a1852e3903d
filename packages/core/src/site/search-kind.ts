/**
 * The kind of page each public page is, for site search (issue 35 §2): the prerender writes it
 * into each page's `data-pagefind-meta`, and the results name it. Its own module, small, because
 * every page's layout (in the first bundle) writes it, and the results' code loads only with
 * the search dialog.
 */
import { routeAt } from './route-registry.ts'
import type { PublicRouteId } from '../routing/public-paths.ts'

/** The kind of page a result is, as the results name it. */
const KINDS: Partial<Record<PublicRouteId, string>> = {
  newsPost: 'News post',
  event: 'Event',
  team: 'Team',
  programTeam: 'Team',
  dmvTeam: 'Team',
  program: 'Program',
  fields: 'Fields',
  rules: 'Rules & FAQ',
  weatherPolicy: 'Rules',
}

/** The kind of the public page at `path`, for the index ("Page" for the site's other pages). */
export function searchKind(path: string): string {
  const id = routeAt(path)?.route.id
  return (id && KINDS[id]) ?? 'Page'
}
