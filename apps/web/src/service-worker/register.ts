import { isStaffPath } from './saved-copies.ts'
import type { VisitedMessage } from './saved-copies.ts'

/*
 * The page's side of the service worker (sw.ts): registered once the page is interactive and
 * the browser idle, in a production build only. After each page a visitor opens (the first one
 * and every move inside the app), the worker is asked to save that page and the site's files it
 * loaded, so that it can be read again offline.
 */

/** The worker's address; its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js'

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined

/** Registers the worker (once). Resolves undefined where there is none to register. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  registration ??=
    'serviceWorker' in navigator && window.isSecureContext
      ? navigator.serviceWorker
          .register(SERVICE_WORKER_URL, { scope: '/' })
          .then(() => navigator.serviceWorker.ready)
          .catch(() => undefined)
      : Promise.resolve(undefined)
  return registration
}

/** The site's own hashed files this page has loaded (scripts, styles, the typeface, images). */
function loadedAssets(): string[] {
  const origin = window.location.origin
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${origin}/assets/`))
}

/** Asks the worker to save the page at `path` and the files loaded so far (not the signed-in area). */
export function savePageForOffline(path: string) {
  if (isStaffPath(path)) return
  void registerServiceWorker().then((ready) => {
    const message: VisitedMessage = { type: 'club:visited', path, assets: loadedAssets() }
    ready?.active?.postMessage(message)
  })
}
