import type { ContentKey } from '../entities/content-keys.ts'
import { publicPath } from '../site/site-paths.ts'

/**
 * What every public page shows whatever its route: the alerts bar, the footer (`content`),
 * and field status, which the time-sensitive parts (alerts, live updates) refer to.
 */
export const ALWAYS_SHOWN_KEYS: readonly ContentKey[] = ['alerts', 'content', 'fieldsContent']

const TEAM_PAGE: readonly ContentKey[] = ['teams', 'staff', 'fieldsContent']

/**
 * The documents each public route renders (`site/routes/*.route.tsx`), by route pattern as
 * in `site-routes.tsx`: a segment starting with `:` matches any one segment.
 * `shown-keys.test.ts` renders every prerendered path and checks this table against the
 * documents the page really read.
 */
const ROUTE_KEYS: readonly (readonly [pattern: string, keys: readonly ContentKey[]])[] = [
  ['/', ['content', 'quickLinks', 'legacyStats', 'newsPosts', 'clinics']],
  ['/about', ['aboutContent']],
  ['/programs', ['programCards', 'programsContent']],
  ['/programs/:program', ['programsContent', 'staff', 'teams']],
  ['/programs/:program/:team', TEAM_PAGE],
  ['/team/:teamKey', TEAM_PAGE],
  ['/dmv/:year', TEAM_PAGE],
  ['/teams', ['teams', 'staff']],
  ['/fields', ['fieldsContent']],
  ['/schedule', ['programsContent', 'teams', 'fieldsContent']],
  ['/rules', ['rulesAndFaqContent']],
  ['/weather-policy', ['rulesAndFaqContent']],
  ['/news-and-updates', ['newsPosts']],
  ['/news-and-updates/:slug', ['newsPosts']],
  ['/camps-events', ['clinics']],
  ['/camps-events/:slug', ['clinics']],
  ['/alumni', ['alumni']],
  ['/sponsors', ['content']],
  ['/donate', ['content']],
  ['/contact', ['programsContent']],
  ['/live-updates', ['alerts', 'fieldsContent']],
]

const segments = (path: string) => path.split('/').filter(Boolean)

function matches(pattern: string, path: string): boolean {
  const want = segments(pattern)
  const have = segments(path)
  return (
    want.length === have.length &&
    want.every((segment, index) => segment.startsWith(':') || segment === have[index])
  )
}

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
  if (path === '/admin' || path.startsWith('/admin/') || path.startsWith('/admin-login')) return []
  const route = ROUTE_KEYS.find(([pattern]) => matches(pattern, path))
  return [...new Set([...ALWAYS_SHOWN_KEYS, ...(route?.[1] ?? [])])]
}
