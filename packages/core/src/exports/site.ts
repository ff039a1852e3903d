/**
 * IMPORTANT: the public site's composition that both apps render: the route table,
 * the layout, the head management and prerendering helpers.
 */
export { preparePage, siteRoutes } from '../site/site-routes.tsx'
export { HEADER_KEYS, keysLoadedAt } from '../site/shown-keys.ts'
export {
  newsPostRedirects,
  PUBLIC_ROUTES,
  publicPaths,
  ROUTE_DOCUMENT_KEYS,
  routeAt,
  sitemapPaths,
} from '../site/route-registry.ts'
export { paths } from '../routing/public-paths.ts'
export type { PublicRoute, RouteDocuments, SiteRedirect } from '../site/route-registry.ts'
export { SiteLayout } from '../site/site-layout.tsx'
export { useRouteElement } from '../site/route-renderer.tsx'
export { RouteErrorBoundary } from '../site/route-error-boundary.tsx'
export { GuardedBrowserRouter } from '../site/navigation-guard.tsx'
export { EDIT_PREFIX, publicPath } from '../routing/admin-paths.ts'
export { SITE_REDIRECTS } from '../site/site-redirects.ts'
export {
  createHeadCollector,
  HeadCollectorContext,
  SiteUrlContext,
  useHead,
} from '../site/head.tsx'
export { renderHeadHtml, shareTitleOf } from '../site/head-tags.ts'
export type { HeadCollector, HeadData } from '../site/head.tsx'
export { RenderTimeProvider, useNow } from '../site/render-time.tsx'
export { DEFAULT_SHARE_SOURCE, SHARE_IMAGE, shareImagePath } from '../site/share-image.ts'
export { NAV_ITEMS } from '../site/site-nav.ts'
export { CLUB_NAME } from '../pages/shared/club-names.ts'
export { newsFeed, NEWS_FEED_TITLE } from '../site/news-feed.ts'
