/**
 * IMPORTANT: the site's addresses without any page code: the public route registry (patterns,
 * typed path builders, the paths stored documents give) and the admin area's list of screens.
 * Light enough for scripts and the end-to-end tests.
 */
export {
  matchPattern,
  newsPostRedirects,
  pathLabel,
  paths,
  PUBLIC_ROUTES,
  publicPaths,
  ROUTE_DOCUMENT_KEYS,
  ROUTE_PATTERNS,
  routeAt,
  SITE_REDIRECT_LIST,
  sitemapPaths,
} from '../site/route-registry.ts'
export type {
  PublicRoute,
  PublicRouteId,
  RouteDocuments,
  SiteRedirect,
} from '../site/route-registry.ts'
export { ADMIN_HOME, ADMIN_SCREENS, adminScreenPaths } from '../admin/admin-screens.ts'
export type { AdminScreen } from '../admin/admin-screens.ts'
