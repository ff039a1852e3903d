import { StrictMode, Suspense, lazy, useSyncExternalStore } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'

import { PAGE_INTERACTIVE_ATTRIBUTE } from '@club/core/early-links'

import { AppShell } from './app-shell.tsx'
import { AppRoutes } from './app-routes.tsx'
import { notices, siteStore } from './site-store.ts'

const Notices = lazy(() => import('@club/core/notices').then((m) => ({ default: m.Notices })))

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
  const renderedAt = Number(root.dataset.renderedAt) || Date.now()
  const app = (
    <StrictMode>
      <AppShell store={siteStore} renderedAt={renderedAt}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppShell>
      <LazyNotices />
    </StrictMode>
  )
  if (root.firstElementChild) hydrateRoot(root, app)
  else {
    // Nothing prerendered to hydrate: the app handles every link from its first render.
    document.documentElement.setAttribute(PAGE_INTERACTIVE_ATTRIBUTE, '')
    createRoot(root).render(app)
  }
  hideStartupLoader()
}
