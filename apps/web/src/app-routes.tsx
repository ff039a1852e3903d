import { lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'

import { RouteErrorBoundary, siteRoutes, SiteLayout, useRouteElement } from '@club/core/site'
import { FullScreenLoader } from '@club/core/ui'
import { ADMIN_PREFIX, LOGIN_PATH } from '@club/core/admin-paths'

/**
 * The signed-in area's routes, with the area itself fetched beside them (not after them), on
 * the first visit to `/admin-login` or `/admin/*` (see ./admin/signed-in-area.tsx).
 */
const AdminRoutes = lazy(() => {
  const routes = import('./admin/signed-in-area.tsx')
  void routes.then((m) => m.loadAdminArea()).catch(() => undefined)
  return routes
})

/**
 * The web app's routes: the public site at `/`; the login page, and the signed-in area under
 * `/admin` with the same public pages in edit mode under `/admin/edit`, whose routes and code
 * are their own chunks, loaded on first visit. One pathless route holds both addresses, so
 * that moving from the login page into the area keeps the area (and its session) mounted.
 */
function appRoutes(): RouteObject[] {
  return [
    {
      element: (
        <Suspense fallback={<FullScreenLoader />}>
          <AdminRoutes />
        </Suspense>
      ),
      children: [{ path: LOGIN_PATH }, { path: `${ADMIN_PREFIX}/*` }],
    },
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
  return <RouteErrorBoundary>{useRouteElement(routes)}</RouteErrorBoundary>
}
