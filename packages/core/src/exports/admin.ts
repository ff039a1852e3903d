/**
 * IMPORTANT: the public entry for the signed-in area both apps mount: its routes
 * (`adminRoutes`, light enough for a first bundle) and the area itself (`createAdminArea`,
 * with auth and the full client, which the web app loads on demand).
 */
export { adminRoutes } from '../admin/admin-routes.tsx'
export type { AdminRoutesOptions } from '../admin/admin-routes.tsx'
export { createAdminArea } from '../admin/admin-area.tsx'
export type { AdminArea } from '../admin/admin-area.tsx'
export type { AdminDeps } from '../auth/admin-deps.tsx'
