import type { HeadData } from './head.tsx'
import { SITE_REDIRECT_LIST } from './route-registry.ts'

/** Where the editing view of the public pages lives (spec §2). */
export const EDIT_PREFIX = '/admin/edit'

/** The public path a route shows: `/admin/edit/fields` → `/fields`. */
export function publicPath(pathname: string): string {
  if (pathname === EDIT_PREFIX) return '/'
  if (pathname.startsWith(`${EDIT_PREFIX}/`)) return pathname.slice(EDIT_PREFIX.length)
  return pathname
}

/** The head of the branded not-found page. */
export function notFoundHead(pathname: string): HeadData {
  return {
    title: 'Page not found | Youth Baseball & Softball Club',
    description:
      'The page you were looking for is not here. Find programs, teams, fields and news from the home page.',
    path: publicPath(pathname),
    noindex: true,
  }
}

/** Redirects of the public site (spec §2), from the route registry; the hash is kept. */
export const SITE_REDIRECTS: Readonly<Record<string, string>> = Object.fromEntries(
  SITE_REDIRECT_LIST.map(({ from, to }) => [from, to]),
)
