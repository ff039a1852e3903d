import { lazy, Suspense } from 'react'
import type { ReactNode } from 'react'
import { Navigate, useRouteError } from 'react-router'
import type { RouteObject } from 'react-router'

import { ErrorPage } from '@club/core/pages'
import { EDIT_PREFIX, siteRoutes, SiteLayout } from '@club/core/site'
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

/** A render error anywhere in a route shows the branded error page, never a blank screen. */
function RouteError() {
  const error = useRouteError()
  if (error) console.error(error)
  return <ErrorPage message={error instanceof Error ? error.message : undefined} />
}

/**
 * The web app's routes: the public site at `/`, the login page, and the signed-in
 * area under `/admin` with the same public pages in edit mode under `/admin/edit`.
 */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: (
        <Loading>
          <AuthArea />
        </Loading>
      ),
      errorElement: <RouteError />,
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
              errorElement: <RouteError />,
              children: siteRoutes(EDIT_PREFIX),
            },
          ],
        },
      ],
    },
    { path: '/', element: <SiteLayout />, errorElement: <RouteError />, children: siteRoutes() },
  ]
}
