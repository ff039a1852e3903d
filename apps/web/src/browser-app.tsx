import { StrictMode, Suspense, lazy, startTransition, useEffect, useSyncExternalStore } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { useLocation } from 'react-router'

import { PAGE_INTERACTIVE_ATTRIBUTE } from '@club/core/early-links'
import { GuardedBrowserRouter, preparePage } from '@club/core/site'

import { AppShell } from './app-shell.tsx'
import { AppRoutes } from './app-routes.tsx'
import { newsReader, notices, siteStore } from './site-store.ts'
import type * as LiveContentModule from './live-content.ts'
import type * as ServiceWorkerModule from './service-worker/register.ts'
import type * as NoticesModule from '@club/core/notices'
import { isSignedInAreaPath } from '@club/core/admin-paths'

/**
 * Until the notice renderer's code has arrived, no notice is on screen: their timers wait
 * (a "Content Saved!" of 3 s must not run out unseen while the chunk loads on a busy phone).
 */
const releaseNotices = notices.hold()

/**
 * The notice renderer's chunk. Offline (a save kept for later is what shows a notice then), its
 * import fails: it waits for the connection and tries again, rather than throwing into the
 * render, which would take the whole page down with it.
 */
function importNotices(): Promise<{ default: typeof NoticesModule.Notices }> {
  return import('@club/core/notices').then(
    (m) => {
      releaseNotices()
      return { default: m.Notices }
    },
    () =>
      new Promise((resolve) => {
        window.addEventListener('online', () => resolve(importNotices()), { once: true })
      }),
  )
}
const Notices = lazy(importNotices)

/** Loads the notice renderer (Radix Toast) only once there is something to show. */
function LazyNotices() {
  const hasNotice = useSyncExternalStore(
    notices.subscribe,
    () => notices.getSnapshot().length > 0,
    () => false,
  )
  if (!hasNotice) return null
  return (
    <Suspense fallback={null}>
      <Notices store={notices} />
    </Suspense>
  )
}

let liveContent: Promise<typeof LiveContentModule> | undefined

/**
 * Resolves once the page is interactive (its route has hydrated, see MarkPageInteractive) and
 * visible, when the browser has a moment to spare.
 */
const pageSettled = () =>
  new Promise<void>((resolve) => {
    const root = document.documentElement
    const check = () => {
      if (!root.hasAttribute(PAGE_INTERACTIVE_ATTRIBUTE) || document.hidden) return
      observer.disconnect()
      document.removeEventListener('visibilitychange', check)
      const later = window.requestIdleCallback ?? setTimeout
      later(() => resolve())
    }
    const observer = new MutationObserver(check)
    observer.observe(root, { attributeFilter: [PAGE_INTERACTIVE_ATTRIBUTE] })
    document.addEventListener('visibilitychange', check)
    check()
  })

/** Imports the live content once the page has settled (see pageSettled). */
const loadLiveContent = () => pageSettled().then(() => import('./live-content.ts'))

let serviceWorker: Promise<typeof ServiceWorkerModule> | undefined

/**
 * Asks the service worker (src/service-worker/) to save each public page the visitor opens, so
 * that it can be read offline; its code loads and the worker registers once the first page has
 * settled, in a production build only (the dev server serves no worker).
 */
function SavedCopies() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!import.meta.env.PROD) return
    let live = true
    const loading = (serviceWorker ??= pageSettled().then(
      () => import('./service-worker/register.ts'),
    ))
    loading.then(
      (worker) => {
        if (live) worker.savePageForOffline(pathname)
      },
      // Not loaded (offline, a new deploy): the next page tries again.
      () => {
        if (serviceWorker === loading) serviceWorker = undefined
      },
    )
    return () => {
      live = false
    }
  }, [pathname])
  return null
}

/**
 * Follows the shown page's content live (Realtime), loaded only once the page is interactive
 * and visible. The signed-in area follows its own content: visiting it first loads nothing.
 */
function LiveContent() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!liveContent && isSignedInAreaPath(pathname)) return
    const loading = (liveContent ??= loadLiveContent())
    loading.then(
      (live) => live.followPage(pathname, siteStore),
      // Not loaded (offline, a new deploy): the page works as it is; the next page tries again.
      () => {
        if (liveContent === loading) liveContent = undefined
      },
    )
  }, [pathname])
  return null
}

/** Spec §1: the startup loader fades and is gone about 500 ms after the app starts. */
function hideStartupLoader() {
  const loader = document.getElementById('startup-loader')
  if (!loader) return
  loader.classList.add('is-done')
  window.setTimeout(() => loader.remove(), 500)
}

/**
 * Starts the app in `root`: a prerendered page hydrates (with the render time it was
 * prerendered at, so relative times match); the shell of a redirect renders from scratch.
 */
export function startApp(root: HTMLElement) {
  // Offline (a copy the service worker saved), the page starts only once its code is here:
  // until then the prerendered page stays as it is, readable, and its links work as plain
  // links, rather than being replaced by a page that cannot load. Back online, it starts.
  const { pathname } = window.location
  if (navigator.onLine === false && !isSignedInAreaPath(pathname)) {
    const ready = preparePage(pathname)
    if (ready !== 'ready') {
      hideStartupLoader()
      ready.then(
        () => startNow(root),
        () => window.addEventListener('online', () => startApp(root), { once: true }),
      )
      return
    }
  }
  startNow(root)
}

function startNow(root: HTMLElement) {
  const renderedAt = Number(root.dataset.renderedAt) || Date.now()
  // The browser's history with a navigation guard, so that an editor with unsaved changes can
  // hold a move until the user chooses (LeaveGuard). It renders no element of its own: the
  // markup is the prerendered page's.
  const app = (
    <StrictMode>
      <AppShell store={siteStore} newsReader={newsReader} renderedAt={renderedAt}>
        <GuardedBrowserRouter>
          <AppRoutes />
          <LiveContent />
          <SavedCopies />
        </GuardedBrowserRouter>
      </AppShell>
      <LazyNotices />
    </StrictMode>
  )
  if (root.firstElementChild) {
    // Hydrated as a transition, so React yields to the browser every few milliseconds
    // instead of holding the main thread for the whole page (a long schedule or roster is
    // hundreds of milliseconds on a phone). A tap meanwhile is not lost: React finishes
    // hydrating at once to deliver it, and until the page is marked interactive a link
    // works as a plain link (see @club/core/early-links).
    startTransition(() => {
      hydrateRoot(root, app)
    })
  } else {
    // Nothing prerendered to hydrate: the app handles every link from its first render.
    document.documentElement.setAttribute(PAGE_INTERACTIVE_ATTRIBUTE, '')
    createRoot(root).render(app)
  }
  hideStartupLoader()
}
