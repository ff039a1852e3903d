/**
 * The signed-in area's routes (`@club/core/admin`'s `adminRoutes`: `/admin-login` and
 * `/admin/*`), in a chunk of their own that src/app-routes.tsx loads on the first visit to
 * either address, so that the admin screens' list stays out of a public page's start-up code.
 */
import { UNSAFE_RouteContext } from 'react-router'
import type { ContextType } from 'react'

import { adminRoutes } from '@club/core/admin'
import { useRouteElement } from '@club/core/site'

/** The signed-in area itself (auth, supabase-js, the screens), loaded by its routes. */
export const loadAdminArea = () => import('./admin.tsx').then((m) => m.adminArea)

const routes = adminRoutes(loadAdminArea)

/** No parent route: the area's routes are matched from the root, as absolute paths. */
const ROOT: ContextType<typeof UNSAFE_RouteContext> = {
  outlet: null,
  matches: [],
  isDataRoute: false,
}

function Routes() {
  return useRouteElement(routes)
}

/**
 * The area's routes, rendered where app-routes.tsx matched `/admin-login` or `/admin/*`.
 * They are matched as if at the root (the routes name absolute paths, as the desktop app's
 * data router has them), not below the route that led here.
 */
export default function AdminRoutes() {
  return (
    <UNSAFE_RouteContext.Provider value={ROOT}>
      <Routes />
    </UNSAFE_RouteContext.Provider>
  )
}
