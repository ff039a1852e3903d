import { lazy, Suspense } from 'react'
import type { ReactNode } from 'react'
import { Navigate, useRoutes } from 'react-router'
import type { RouteObject } from 'react-router'

import { EDIT_PREFIX, RouteErrorBoundary, siteRoutes, SiteLayout } from '@club/core/site'
import { FullScreenLoader } from '@club/core/ui'

const admin = () => import('./admin/admin.tsx')
const AuthArea = lazy(() => admin().then((m) => ({ default: m.AuthArea })))
const AdminLogin = lazy(() => admin().then((m) => ({ default: m.AdminLogin })))
const RequireSession = lazy(() => admin().then((m) => ({ default: m.RequireSession })))
const AdminHome = lazy(() => admin().then((m) => ({ default: m.AdminHome })))
const EditingArea = lazy(() => admin().then((m) => ({ default: m.EditingArea })))

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
}

/**
 * The web app's routes: the public site at `/`, the login page, and the signed-in
 * area under `/admin` with the same public pages in edit mode under `/admin/edit`.
 */
function appRoutes(): RouteObject[] {
  return [
    {
      element: (
        <Loading>
          <AuthArea />
        </Loading>
      ),
      children: [
        {
          path: '/admin-login',
          element: (
            <Loading>
              <AdminLogin />
            </Loading>
          ),
        },
        {
          path: '/admin',
          element: (
            <Loading>
              <RequireSession />
            </Loading>
          ),
          children: [
            { index: true, element: <Navigate to="home" replace /> },
            {
              path: 'home',
              element: (
                <Loading>
                  <AdminHome />
                </Loading>
              ),
            },
            {
              path: EDIT_PREFIX.slice('/admin/'.length),
              element: (
                <Loading>
                  <EditingArea />
                </Loading>
              ),
              children: siteRoutes(EDIT_PREFIX),
            },
          ],
        },
      ],
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
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>
}
