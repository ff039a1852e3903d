import { useRoutes } from 'react-router'
import type { RouteObject } from 'react-router'

import { adminRoutes } from '@club/core/admin'
import { RouteErrorBoundary, siteRoutes, SiteLayout } from '@club/core/site'

/**
 * The web app's routes: the public site at `/`, the login page, and the signed-in
 * area under `/admin` with the same public pages in edit mode under `/admin/edit`.
 * The signed-in area (auth, the full client) is its own chunk, loaded on first visit.
 */
function appRoutes(): RouteObject[] {
  return [
    ...adminRoutes(() => import('./admin/admin.tsx').then((m) => m.adminArea)),
    { path: '/', element: <SiteLayout />, children: siteRoutes() },
  ]
}

const routes = appRoutes()

/**
 * The app under whichever router the caller provides (the browser's, or a static one
 * when prerendering). A render error outside a page (the layout, the signed-in area)
 * still shows the branded error page; errors inside a page are caught by the layout,
 * which keeps the navigation around them.
 */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>
}
