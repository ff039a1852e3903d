/**
 * IMPORTANT: the site's addresses without any page code: the public route registry (patterns,
 * typed path builders, the paths stored documents give) and the admin area's list of screens.
 * Light enough for scripts and the end-to-end tests.
 */
export {
  newsPostRedirects,
  pathLabel,
  PUBLIC_ROUTES,
  publicPaths,
  ROUTE_DOCUMENT_KEYS,
  routeAt,
  SITE_REDIRECT_LIST,
  sitemapPaths,
} from '../site/route-registry.ts'
export { matchPattern, paths, ROUTE_PATTERNS } from '../routing/public-paths.ts'
export type { PublicRoute, RouteDocuments, SiteRedirect } from '../site/route-registry.ts'
export type { PublicRouteId } from '../routing/public-paths.ts'
export { ADMIN_SCREENS, adminScreenPaths } from '../routing/admin-screens.ts'
export { ADMIN_HOME } from '../routing/admin-paths.ts'
export type { AdminScreen } from '../routing/admin-screens.ts'
