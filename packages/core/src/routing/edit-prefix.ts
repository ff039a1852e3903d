/*
 * The editing view's place: the public pages in edit mode live below EDIT_PREFIX. Depends on
 * nothing, so the signed-in area, the editing UI, realtime and the site all read it from here.
 */

/** Where the editing view of the public pages lives (spec §2). */
export const EDIT_PREFIX = '/admin/edit'

/** The public path a route shows: `/admin/edit/fields` → `/fields`. */
export function publicPath(pathname: string): string {
  if (pathname === EDIT_PREFIX) return '/'
  if (pathname.startsWith(`${EDIT_PREFIX}/`)) return pathname.slice(EDIT_PREFIX.length)
  return pathname
}
