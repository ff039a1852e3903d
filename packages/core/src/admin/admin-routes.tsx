import { lazy, Suspense } from 'react'
import type { ReactNode } from 'react'
import type { RouteObject } from 'react-router'

import { siteRoutes } from '../site/site-routes.tsx'
import {
  ADMIN_HOME,
  ADMIN_PREFIX,
  EDIT_PREFIX,
  EDIT_SEGMENT,
  LOGIN_PATH,
} from '../routing/admin-paths.ts'
import { FullScreenLoader } from '../ui/loader/full-screen-loader.tsx'
import { Redirect } from '../ui/link.tsx'
import type { AdminArea } from './admin-area.tsx'
import { ADMIN_SCREENS } from '../routing/admin-screens.ts'

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullScreenLoader />}>{children}</Suspense>
}

/** What an app adds to the signed-in area, beside the shared routes. */
export type AdminRoutesOptions = {
  /** More routes under `/admin` (behind the session guard), such as the desktop app's screens. */
  extraAdminRoutes?: RouteObject[]
}

/**
 * The signed-in area's routes: `/admin-login`, and `/admin/*` behind a session: the admin
 * screens inside the admin shell (home, rosters and staff, alerts, field status, communications,
 * photo library, settings, profile, and an admin "not found" for any other address), and the
 * public pages in edit mode under `/admin/edit`. Signed out, every `/admin/*` address goes to
 * the login page.
 *
 * IMPORTANT: this file is the only part of the signed-in area that may sit in an app's first
 * bundle; it imports nothing of auth or supabase-js. The area itself (`createAdminArea`) arrives
 * through `load`, so the web app keeps it in a chunk of its own.
 *
 * @example
 * adminRoutes(() => import('./admin/admin.tsx').then((m) => m.adminArea))
 */
export function adminRoutes(
  load: () => Promise<AdminArea>,
  options: AdminRoutesOptions = {},
): RouteObject[] {
  const part = (name: keyof AdminArea) =>
    lazy(() => load().then((area) => ({ default: area[name] })))
  const AuthArea = part('AuthArea')
  const AdminLogin = part('AdminLogin')
  const RequireSession = part('RequireSession')
  const EditingArea = part('EditingArea')
  const AdminShell = part('AdminShell')
  const screen = (path: string, name: keyof AdminArea): RouteObject => {
    const Screen = part(name)
    return {
      path,
      element: (
        <Loading>
          <Screen />
        </Loading>
      ),
    }
  }
  return [
    {
      element: (
        <Loading>
          <AuthArea />
        </Loading>
      ),
      children: [
        {
          path: LOGIN_PATH,
          element: (
            <Loading>
              <AdminLogin />
            </Loading>
          ),
        },
        {
          path: ADMIN_PREFIX,
          element: (
            <Loading>
              <RequireSession />
            </Loading>
          ),
          children: [
            // The index is the home screen (spec §2).
            { index: true, element: <Redirect to={ADMIN_HOME} /> },
            {
              path: EDIT_SEGMENT,
              element: (
                <Loading>
                  <EditingArea />
                </Loading>
              ),
              children: siteRoutes(EDIT_PREFIX),
            },
            {
              element: (
                <Loading>
                  <AdminShell />
                </Loading>
              ),
              // A static segment (`edit/about-editor`) outranks the `edit/*` pages above.
              children: [
                ...ADMIN_SCREENS.map((entry) => screen(entry.path, entry.part)),
                // Any other /admin address stays in the admin (behind the session guard),
                // never the public 404.
                screen('*', 'AdminNotFound'),
              ],
            },
            ...(options.extraAdminRoutes ?? []),
          ],
        },
      ],
    },
  ]
}
