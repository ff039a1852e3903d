import { lazy } from 'react'
import type { ComponentType, LazyExoticComponent } from 'react'
import { useLocation } from 'react-router'
import type { RouteObject } from 'react-router'

import { loadNotFoundPage, PUBLIC_ROUTES, routeAt, SITE_REDIRECT_LIST } from './route-registry.ts'
import { matchPattern } from '../routing/public-paths.ts'
import type { PublicRoute } from './route-registry.ts'
import { RouteDocuments } from './route-documents.tsx'
import { Redirect as RedirectTo } from '../ui/link.tsx'

type PageModule = { default: ComponentType }

/** Whether a page's code is here: what a link asks before it moves (see preparePage). */
type PageState = 'idle' | 'loading' | 'loaded'

/**
 * A page loaded on demand, with what a link needs to know before moving to it: whether its
 * code is here, and a way to load it first. A load that fails (offline) is not forgotten by the
 * page already rendering it (its error boundary shows the failure); the next try (a link
 * followed again, Try again) starts a new load.
 */
type PageSlot = { state(): PageState; load(): Promise<unknown>; Page: ComponentType }

/** Makes each failed page load anew when next asked for (see retryFailedPages). */
const renewals = new Set<() => void>()

let firstPage = true

/**
 * A page loaded on demand. The first one is the page the browser opened, prerendered with
 * the documents it shows; a page the visitor then goes to may need the built-in sample
 * content, which the content store loads on demand: it is fetched beside the page's chunk
 * rather than after it.
 */
function page(load: () => Promise<PageModule>): PageSlot {
  let loading: Promise<PageModule> | undefined
  let loaded = false
  let failed = false
  const start = (): Promise<PageModule> =>
    (loading ??= (() => {
      const opened = firstPage
      firstPage = false
      const started = opened
        ? load()
        : Promise.all([load(), import('../defaults/default-content.ts')]).then(([m]) => m)
      return started.then(
        (m) => {
          loaded = true
          return m
        },
        (error: unknown) => {
          loading = undefined
          failed = true
          throw error
        },
      )
    })())
  // React keeps a lazy component's failure for good: a retry needs a new one.
  let Lazy: LazyExoticComponent<ComponentType> = lazy(start)
  const renew = () => {
    if (!failed) return
    failed = false
    Lazy = lazy(start)
  }
  renewals.add(renew)
  function Page() {
    return <Lazy />
  }
  return {
    state: () => (loaded ? 'loaded' : loading ? 'loading' : 'idle'),
    load: () => {
      renew()
      return start()
    },
    Page,
  }
}

/** Lets every page whose code failed to load try again when it next renders (Try again). */
export function retryFailedPages() {
  for (const renew of renewals) renew()
}

/** Every page loads on demand: the route's chunk holds the page, its CSS and its wiring. */
const pageOf = new Map<PublicRoute['load'], PageSlot>()
function pageFor(load: PublicRoute['load']): PageSlot {
  let found = pageOf.get(load)
  if (!found) {
    found = page(load)
    pageOf.set(load, found)
  }
  return found
}

const notFound = page(loadNotFoundPage)

/**
 * Whether the page at `path` (a public path, without the editing prefix) can show at once:
 * `'ready'` when its code is here (or the path is a redirect), else the load of its code, so
 * that a link can wait for it and stay on the current page if it fails (see offline-moves.tsx).
 */
export function preparePage(path: string): 'ready' | Promise<unknown> {
  const pathname = path.split(/[?#]/)[0] ?? ''
  if (SITE_REDIRECT_LIST.some(({ from }) => matchPattern(from, pathname))) return 'ready'
  const slot = pathFor(pathname)
  return slot.state() === 'loaded' ? 'ready' : slot.load()
}

function pathFor(pathname: string): PageSlot {
  const found = routeAt(pathname)
  return found ? pageFor(found.route.load) : notFound
}

function Redirect({ to }: { to: string }) {
  const { hash, search } = useLocation()
  return <RedirectTo to={{ pathname: to, hash, search }} />
}

/**
 * The public site's routes (spec §2), from the route registry, relative to where they are
 * mounted: `/` for the public site, `/admin/edit` for the editing view. `basePath` keeps
 * redirects inside it. Each page shows once its documents can (see route-documents.tsx).
 */
export function siteRoutes(basePath = ''): RouteObject[] {
  return [
    ...PUBLIC_ROUTES.map((route): RouteObject => {
      const { Page } = pageFor(route.load)
      const element = (
        <RouteDocuments>
          <Page />
        </RouteDocuments>
      )
      return route.pattern === '/'
        ? { index: true, element }
        : { path: route.pattern.slice(1), element }
    }),
    ...SITE_REDIRECT_LIST.map(({ from, to }) => ({
      path: from.slice(1),
      element: <Redirect to={`${basePath}${to}`} />,
    })),
    { path: '*', element: <notFound.Page /> },
  ]
}
