/*
 * The site's service worker, served as /sw.js (built by vite.config.ts's serviceWorker plugin,
 * registered by register.ts). One worker for the whole site: what it does is in sections below,
 * and a later feature adds its own section (Web Push: see the end of the file).
 *
 * Offline copies (issue 30): the public pages a family has visited, the home page, the field
 * status and the schedule stay readable without a connection, each marked with the time it was
 * fetched. Pages are fetched from the network first, and the copy is used only when that fails;
 * the site's hashed files (`/assets/…`, whose names change with their content) come from the
 * cache first. It never touches the signed-in area (`/admin…`), another origin (the backend's
 * reads, which the app marks out of date itself when they fail), or a request that is not a
 * plain GET: a staff page is never served stale, nor an authenticated answer kept.
 */
import {
  ASSETS_CACHE,
  CACHES,
  isAssetUrl,
  isKeepable,
  isStaffPath,
  KEY_PAGES,
  markSavedCopy,
  MAX_ASSETS,
  MAX_PAGES,
  offlinePageHtml,
  pageKey,
  PAGES_CACHE,
  RESAVE_AFTER_MS,
  SAVED_AT_HEADER,
  TITLE_HEADER,
  titleOf,
  type VisitedMessage,
} from './saved-copies.ts'
import { PUSH_BADGE, PUSH_ICON, pushMessage } from './push-message.ts'

// The worker's own types, few enough to name here: the app's TypeScript program has the DOM's
// (the WebWorker library cannot sit beside it).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void }
type FetchEvent = ExtendableEvent & {
  readonly request: Request
  respondWith(response: Response | Promise<Response>): void
}
type ExtendableMessageEvent = ExtendableEvent & { readonly data: unknown }
type PushEvent = ExtendableEvent & { readonly data: { json(): unknown; text(): string } | null }
type NotificationEvent = ExtendableEvent & { readonly notification: Notification }
type WindowClient = {
  readonly url: string
  focus(): Promise<unknown>
  navigate(url: string): Promise<unknown>
}
type WorkerScope = {
  readonly location: Location
  skipWaiting(): Promise<void>
  readonly clients: {
    claim(): Promise<void>
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>
    openWindow(url: string): Promise<unknown>
  }
  readonly registration: ServiceWorkerRegistration
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
}

const worker = globalThis as unknown as WorkerScope
const origin = worker.location.origin

// ---------------------------------------------------------------------------------------------
// Lifecycle: a new worker takes over at once (it only ever adds copies), and removes the caches
// of an older one it does not use.

worker.addEventListener('install', (event) => {
  event.waitUntil(worker.skipWaiting())
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      const ours: readonly string[] = CACHES
      await Promise.all(
        names
          .filter((name) => name.startsWith('club-') && !ours.includes(name))
          .map((name) => caches.delete(name)),
      )
      await worker.clients.claim()
      await Promise.all(KEY_PAGES.map((path) => savePage(new URL(path, origin).href, true)))
    })(),
  )
})

// ---------------------------------------------------------------------------------------------
// Offline copies.

/** Keeps at most `max` entries of `cache`, dropping the oldest (the cache keeps insertion order). */
async function trim(cache: Cache, max: number) {
  const keys = await cache.keys()
  await Promise.all(keys.slice(0, Math.max(0, keys.length - max)).map((key) => cache.delete(key)))
}

/** Stores a copy of a page's HTML answer, with when it was fetched and its title. */
async function storePage(key: string, response: Response) {
  const html = await response.text()
  const headers = new Headers(response.headers)
  headers.set(SAVED_AT_HEADER, new Date().toISOString())
  headers.set(TITLE_HEADER, encodeURIComponent(titleOf(html)))
  headers.delete('content-encoding')
  headers.delete('content-length')
  const cache = await caches.open(PAGES_CACHE)
  await cache.delete(key)
  await cache.put(key, new Response(html, { status: 200, headers }))
  await trim(cache, MAX_PAGES)
}

/** Fetches and saves the page at `url` (a visit or a key page), unless a recent copy exists. */
async function savePage(url: string, onlyIfMissing = false) {
  const key = pageKey(new URL(url), origin)
  if (!key) return
  const cache = await caches.open(PAGES_CACHE)
  const saved = await cache.match(key)
  if (saved) {
    if (onlyIfMissing) return
    const at = Date.parse(saved.headers.get(SAVED_AT_HEADER) ?? '')
    if (Date.now() - at < RESAVE_AFTER_MS) return
  }
  try {
    const response = await fetch(key, { credentials: 'omit', cache: 'no-cache' })
    if (isKeepable(response, 'page')) await storePage(key, response)
  } catch {
    // Offline: the copy there is (if any) stays.
  }
}

/** Saves the site's hashed files a page loaded before this worker controlled it. */
async function saveAssets(urls: readonly string[]) {
  const cache = await caches.open(ASSETS_CACHE)
  for (const url of urls.slice(0, MAX_ASSETS)) {
    const parsed = new URL(url, origin)
    if (!isAssetUrl(parsed, origin) || (await cache.match(parsed.href))) continue
    try {
      const response = await fetch(parsed.href, { credentials: 'omit' })
      if (isKeepable(response, 'asset')) await cache.put(parsed.href, response)
    } catch {
      return
    }
  }
  await trim(cache, MAX_ASSETS)
}

/** A page: the network's answer (and a copy kept), else the copy, marked, else the offline page. */
async function respondToPage(request: Request, key: string): Promise<Response> {
  try {
    const response = await fetch(request)
    if (isKeepable(response, 'page')) {
      const copy = response.clone()
      void storePage(key, copy).catch(() => undefined)
    }
    return response
  } catch (error) {
    const cache = await caches.open(PAGES_CACHE)
    const saved = await cache.match(key)
    if (saved) {
      const savedAt = new Date(saved.headers.get(SAVED_AT_HEADER) ?? Date.now())
      const html = markSavedCopy(await saved.text(), savedAt, new Date())
      const headers = new Headers(saved.headers)
      headers.set('cache-control', 'no-store')
      return new Response(html, { status: 200, headers })
    }
    if (request.mode !== 'navigate') throw error
    const pages = await Promise.all(
      (await cache.keys()).map(async (entry) => {
        const title = (await cache.match(entry))?.headers.get(TITLE_HEADER) ?? ''
        return { path: new URL(entry.url).pathname, title: decodeURIComponent(title) }
      }),
    )
    return new Response(offlinePageHtml(pages), {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    })
  }
}

/** A hashed file: the copy, else the network's answer (and a copy kept). */
async function respondToAsset(request: Request): Promise<Response> {
  const cache = await caches.open(ASSETS_CACHE)
  const saved = await cache.match(request.url)
  if (saved) return saved
  const response = await fetch(request)
  if (isKeepable(response, 'asset')) {
    const copy = response.clone()
    void cache
      .put(request.url, copy)
      .then(() => trim(cache, MAX_ASSETS))
      .catch(() => undefined)
  }
  return response
}

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET' || request.headers.has('authorization')) return
  const url = new URL(request.url)
  if (url.origin !== origin || isStaffPath(url.pathname)) return
  if (isAssetUrl(url, origin)) {
    event.respondWith(respondToAsset(request))
    return
  }
  if (request.mode !== 'navigate') return
  const key = pageKey(url, origin)
  if (key) event.respondWith(respondToPage(request, key))
})

worker.addEventListener('message', (event) => {
  const data = event.data as Partial<VisitedMessage> | null
  if (data?.type !== 'club:visited' || typeof data.path !== 'string') return
  const assets = Array.isArray(data.assets)
    ? data.assets.filter((url): url is string => typeof url === 'string')
    : []
  event.waitUntil(Promise.all([savePage(new URL(data.path, origin).href), saveAssets(assets)]))
})

// ---------------------------------------------------------------------------------------------
// Web Push ("Families hear first", issue 33): the family-alerts function sends
// `{ title, body, url, tag }` (push-message.ts reads it); a notification always shows, inside
// waitUntil (Chrome shows a generic one otherwise, and Safari revokes the subscription). A tap
// focuses a window already on the page, else moves a window of the site to it, else opens it.

worker.addEventListener('push', (event) => {
  let data: unknown
  try {
    data = event.data?.json()
  } catch {
    data = undefined
  }
  const message = pushMessage(data, origin)
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      icon: PUSH_ICON,
      badge: PUSH_BADGE,
      tag: message.tag,
      data: { url: message.url },
    }),
  )
})

worker.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = pushMessage(
    { url: (event.notification.data as { url?: unknown } | null)?.url },
    origin,
  ).url
  event.waitUntil(
    (async () => {
      const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => client.url === url)
      if (open) {
        await open.focus()
        return
      }
      // A window of the site is reused (moved to the page), rather than one more tab opened.
      const site = windows.find((client) => new URL(client.url).origin === origin)
      // (navigate() answers only for a window this worker controls).
      if (
        site &&
        (await site.navigate(url).then(
          () => true,
          () => false,
        ))
      ) {
        await site.focus().catch(() => undefined)
        return
      }
      await worker.clients.openWindow(url)
    })(),
  )
})
