import { renderToStaticMarkup } from 'react-dom/server'
import {
  matchRoutes,
  MemoryRouter,
  Outlet,
  useLocation,
  useParams,
  useResolvedPath,
  useRoutes,
} from 'react-router'
import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'

import { adminRoutes } from '../admin/admin-routes.tsx'
import type { AdminArea } from '../admin/admin-area.tsx'
import { ADMIN_SCREENS } from '../routing/admin-screens.ts'
import { ADMIN_PREFIX, EDIT_PREFIX, LOGIN_PATH } from '../routing/admin-paths.ts'
import { PUBLIC_ROUTES } from './route-registry.ts'
import { matchRouteObjects, useRouteElement } from './route-renderer.tsx'
import { siteRoutes } from './site-routes.tsx'

/** The web app's two route tables: its own (app-routes.tsx) and the signed-in area's. */
const APP_ROUTES: RouteObject[] = [
  { children: [{ path: LOGIN_PATH }, { path: `${ADMIN_PREFIX}/*` }] },
  { path: '/', children: siteRoutes() },
]
const ADMIN_ROUTES = adminRoutes(
  () => Promise.reject(new Error('not loaded')) as Promise<AdminArea>,
)

/** Every route's address, with parameters filled in, and addresses that test the ranking. */
const PUBLIC_PATHS = [
  ...PUBLIC_ROUTES.map((route) => route.pattern.replace(/:[\w-]+/g, 'a-b')),
  '/about/',
  '/ABOUT',
  '/dmv',
  '/dmv/2027',
  '/rules-faq',
  '/programs/big-train/10U',
  '/news-and-updates/caf%C3%A9%2Fbar',
  '/news-and-updates/bad%E0%A4%A',
  '/no/such/page',
  '/about/more',
]
const ADMIN_PATHS = [
  LOGIN_PATH,
  ADMIN_PREFIX,
  `${ADMIN_PREFIX}/`,
  ...ADMIN_SCREENS.map((screen) => `${ADMIN_PREFIX}/${screen.path.replace(/\*$/, 'x/y')}`),
  ...PUBLIC_PATHS.map((path) => `${EDIT_PREFIX}${path === '/' ? '' : path}`),
  `${EDIT_PREFIX}/about-editor`,
  `${ADMIN_PREFIX}/no-such-screen`,
  `${ADMIN_PREFIX}/communications/announce`,
]

/** What a match list says, comparable: each route's place, its parameters and addresses. */
function summary(routes: RouteObject[], matches: ReturnType<typeof matchRoutes>) {
  const place = (route: RouteObject, list: RouteObject[] = routes, at = ''): string | undefined => {
    for (const [i, candidate] of list.entries()) {
      if (candidate === route) return `${at}${i}`
      const inner = place(route, candidate.children ?? [], `${at}${i}.`)
      if (inner) return inner
    }
    return undefined
  }
  return matches?.map(({ route, params, pathname, pathnameBase }) => ({
    route: place(route),
    params,
    pathname,
    pathnameBase,
  }))
}

describe('matchRouteObjects', () => {
  it.each([
    ['the public site and the login page', APP_ROUTES, [...PUBLIC_PATHS, ...ADMIN_PATHS]],
    ['the signed-in area', ADMIN_ROUTES, ADMIN_PATHS],
  ])('ranks and matches %s as react-router does', (_, routes, paths) => {
    for (const path of paths)
      expect(summary(routes, matchRouteObjects(routes, path)), path).toEqual(
        summary(routes, matchRoutes(routes, path)),
      )
  })

  it('puts a static segment before a parameter before a splat, whatever their order', () => {
    const routes: RouteObject[] = [{ path: '*' }, { path: 'a/:id' }, { path: 'a/new' }]
    expect(matchRouteObjects(routes, '/a/new')?.[0]?.route).toBe(routes[2])
    expect(matchRouteObjects(routes, '/a/7')?.[0]?.params).toEqual({ id: '7' })
    expect(matchRouteObjects(routes, '/b')?.[0]?.params).toEqual({ '*': 'b' })
    expect(matchRouteObjects([{ path: 'a' }], '/b')).toBeNull()
  })
})

/** Shows where it is and what the routes above it tell it. */
function Probe({ name }: { name: string }) {
  const params = useParams()
  const { pathname } = useLocation()
  const here = useResolvedPath('.').pathname
  const up = useResolvedPath('..').pathname
  return <i>{`${name} ${pathname} ${JSON.stringify(params)} ${here} ${up}`}</i>
}

const INNER: RouteObject[] = [
  { index: true, element: <Probe name="inner-index" /> },
  { path: ':tab', element: <Probe name="inner-tab" /> },
  { path: '*', element: <Probe name="inner-other" /> },
]

function Inner({ render }: { render: (routes: RouteObject[]) => React.ReactNode }) {
  return <b>{render(INNER)}</b>
}

/** A layout, an index, parameters, a pathless layout and a renderer nested below a splat. */
function treeOf(render: (routes: RouteObject[]) => React.ReactNode): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <main>
          <Outlet />
        </main>
      ),
      children: [
        { index: true, element: <Probe name="home" /> },
        { path: 'posts/:slug', element: <Probe name="post" /> },
        { children: [{ path: 'plain', element: <Probe name="plain" /> }] },
        { path: 'area/:id/*', element: <Inner render={render} /> },
        { path: '*', element: <Probe name="missing" /> },
      ],
    },
  ]
}

function Ours() {
  return <>{useRouteElement(treeOf((routes) => <OursInner routes={routes} />))}</>
}
function OursInner({ routes }: { routes: RouteObject[] }) {
  return useRouteElement(routes)
}
function Theirs() {
  return <>{useRoutes(treeOf((routes) => <TheirsInner routes={routes} />))}</>
}
function TheirsInner({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes)
}

describe('useRouteElement', () => {
  it('renders what react-router’s useRoutes renders, with the same params and outlets', () => {
    const paths = [
      '/',
      '/posts/hello%20there',
      '/plain',
      '/area/7',
      '/area/7/settings',
      '/area/7/settings/deeper',
      '/elsewhere/x',
    ]
    for (const path of paths) {
      const render = (App: () => React.ReactNode) =>
        renderToStaticMarkup(
          <MemoryRouter initialEntries={[path]}>
            <App />
          </MemoryRouter>,
        )
      const ours = render(Ours)
      expect(ours, path).toBe(render(Theirs))
      expect(ours, path).toContain('<i>')
    }
  })

  it('renders nothing where no route matches', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/b']}>
        <OursInner routes={[{ path: 'a', element: <Probe name="a" /> }]} />
      </MemoryRouter>,
    )
    expect(html).toBe('')
  })
})
