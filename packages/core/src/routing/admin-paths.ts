/*
 * IMPORTANT: the signed-in area's addresses, in one place: where it lives (ADMIN_PREFIX), its
 * sign-in page (LOGIN_PATH), its home, and the public pages in edit mode below it
 * (EDIT_PREFIX). Depends on nothing, so every layer of core, the web app's router and build
 * (robots.txt, the admin shells) and the desktop app's protocol read them from here. The
 * screens' own addresses are admin-screens.ts's.
 */

/** Where the signed-in area lives (spec §2). */
export const ADMIN_PREFIX = '/admin'
/** The staff sign-in page. */
export const LOGIN_PATH = '/admin-login'
/** The segment below ADMIN_PREFIX where the public pages are edited in place. */
export const EDIT_SEGMENT = 'edit'
/** Where the editing view of the public pages lives (spec §2). */
export const EDIT_PREFIX = `${ADMIN_PREFIX}/${EDIT_SEGMENT}`
/** The address of the home screen, where `/admin` and a signed-in login lead. */
export const ADMIN_HOME = `${ADMIN_PREFIX}/home`

/**
 * Whether `path` is in the signed-in area: `/admin` and below, or the sign-in page.
 *
 * @example
 * isSignedInAreaPath('/admin/alerts') // true
 * isSignedInAreaPath('/administration') // false
 */
export function isSignedInAreaPath(path: string): boolean {
  return [ADMIN_PREFIX, LOGIN_PATH].some((area) => path === area || path.startsWith(`${area}/`))
}

/** The public path a route shows: `/admin/edit/fields` → `/fields`. */
export function publicPath(pathname: string): string {
  if (pathname === EDIT_PREFIX) return '/'
  if (pathname.startsWith(`${EDIT_PREFIX}/`)) return pathname.slice(EDIT_PREFIX.length)
  return pathname
}
