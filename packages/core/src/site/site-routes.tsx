import { lazy } from 'react'
import type { ComponentType, LazyExoticComponent } from 'react'
import { useLocation } from 'react-router'
import type { RouteObject } from 'react-router'

import { loadNotFoundPage, PUBLIC_ROUTES, SITE_REDIRECT_LIST } from './route-registry.ts'
import type { PublicRoute } from './route-registry.ts'
import { Redirect as RedirectTo } from '../pages/shared/link.tsx'

type Page = LazyExoticComponent<ComponentType>

let firstPage = true

/**
 * A page loaded on demand. The first one is the page the browser opened, prerendered with
 * the documents it shows; a page the visitor then goes to may need the built-in sample
 * content, which the content store loads on demand: it is fetched beside the page's chunk
 * rather than after it.
 */
function page(load: () => Promise<{ default: ComponentType }>): Page {
  return lazy(() => {
    const opened = firstPage
    firstPage = false
    if (opened) return load()
    return Promise.all([load(), import('../defaults/default-content.ts')]).then(([m]) => m)
  })
}

/** Every page loads on demand: the route's chunk holds the page, its CSS and its wiring. */
const pageOf = new Map<PublicRoute['load'], Page>()
function pageFor(load: PublicRoute['load']): Page {
  let found = pageOf.get(load)
  if (!found) {
    found = page(load)
    pageOf.set(load, found)
  }
  return found
}

const NotFound = page(loadNotFoundPage)

function Redirect({ to }: { to: string }) {
  const { hash, search } = useLocation()
  return <RedirectTo to={{ pathname: to, hash, search }} />
}

/**
 * The public site's routes (spec §2), from the route registry, relative to where they are
 * mounted: `/` for the public site, `/admin/edit` for the editing view. `basePath` keeps
 * redirects inside it.
 */
export function siteRoutes(basePath = ''): RouteObject[] {
  return [
    ...PUBLIC_ROUTES.map((route): RouteObject => {
      const Page = pageFor(route.load)
      return route.pattern === '/'
        ? { index: true, element: <Page /> }
        : { path: route.pattern.slice(1), element: <Page /> }
    }),
    ...SITE_REDIRECT_LIST.map(({ from, to }) => ({
      path: from.slice(1),
      element: <Redirect to={`${basePath}${to}`} />,
    })),
    { path: '*', element: <NotFound /> },
  ]
}
