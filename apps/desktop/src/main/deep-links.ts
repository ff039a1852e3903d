/**
 * `club-admin://` links: a password-reset or invitation email (or a page of the club site) can
 * open the app on one of its own screens. The link names a route, never a file, an address or
 * an action: `club-admin://admin-login`, `club-admin://admin/edit/news`,
 * `club-admin://desktop/upload`. Anything else is ignored. The query and fragment are kept only
 * for the login page, where the sign-in flow reads them (a recovery or invitation token).
 *
 * macOS delivers a link with `open-url` (possibly before the app is ready); Windows and Linux
 * start a second instance with the link in its argv, which the first receives in
 * `second-instance` (and a first launch has it in its own argv).
 */
import { isSignedInAreaPath, LOGIN_PATH } from '@club/core/admin-paths'

import { DEEP_LINK_SCHEME } from '../shared/app-identity.ts'

/** The characters a route of a link may hold (no query, fragment, percent or space). */
const ROUTE_CHARACTERS = /^\/[A-Za-z0-9._~/-]*$/
/** The desktop app's own screens a link may open. */
const DESKTOP_ROUTES = /^\/desktop\/(upload|settings|about|shortcuts)$/

/** Whether `path` is a screen a link may open: the signed-in area's, or the app's own. */
const isRoute = (path: string) =>
  ROUTE_CHARACTERS.test(path) && (isSignedInAreaPath(path) || DESKTOP_ROUTES.test(path))

/** The app route a link opens, or null when it is not one of ours. */
export function deepLinkRoute(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password) return null
  // `club-admin://admin/edit` parses with host `admin`; `club-admin:///admin/edit` without.
  let path: string
  try {
    path = decodeURIComponent(`/${url.host}${url.pathname}`.replace(/^\/+/, '/'))
  } catch {
    return null
  }
  path = path.replace(/\/+$/, '') || '/'
  if (path.includes('..') || path.includes('//') || !isRoute(path)) return null
  return path === LOGIN_PATH ? `${path}${url.search}${url.hash}` : path
}

/** The link in a command line (Windows and Linux pass it as an argument). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) ?? null
}

/**
 * Holds links until the window can take them, then hands each route to `open`.
 *
 * @example
 * const links = createDeepLinks()
 * app.on('open-url', (event, url) => { event.preventDefault(); links.receive(url) })
 * // once the window is up:
 * links.ready((route) => send('app:open-route', route))
 */
export function createDeepLinks() {
  let open: ((route: string) => void) | null = null
  let waiting: string | null = null
  return {
    /** A link from the OS; true when it names a route of the app. */
    receive(link: string): boolean {
      const route = deepLinkRoute(link)
      if (!route) return false
      if (open) open(route)
      else waiting = route
      return true
    },
    /** The window is up: the link that came first (the one that launched the app) is opened. */
    ready(deliver: (route: string) => void): void {
      open = deliver
      if (waiting) {
        const route = waiting
        waiting = null
        deliver(route)
      }
    },
  }
}
