/*
 * The web app's own rendering of route objects, in place of react-router's `useRoutes`.
 *
 * The bundler places whole modules, and react-router's hooks module holds `useRoutes` with the
 * data router's rendering and error handling, and its utils module the route ranking: any
 * caller, even one in a lazily loaded chunk, kept about 4 KB (gzipped) of them in every page's
 * start-up chunk. This does what the app needs of them, the same way: react-router's ranking
 * (static segments before parameters before splats, an index route before its siblings),
 * matching relative to the route rendered around it, and a `RouteContext` per match, so that
 * `Outlet`, `useParams`, `useResolvedPath` and nested renderers work as under `useRoutes`. The
 * router itself (history, `useLocation`, `useNavigate`) stays react-router's.
 *
 * Not supported, as the app has none: optional segments (`:id?`), case-sensitive routes, data
 * routers' `loader`/`errorElement`/`lazy`. The desktop app keeps react-router's data router.
 */
import { createElement, useContext } from 'react'
import type { ContextType, ReactElement, ReactNode } from 'react'
import {
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  useLocation,
} from 'react-router'
import type { Params, RouteMatch, RouteObject } from 'react-router'

type RouteContextValue = ContextType<typeof RouteContext>

/** One route of a branch, with its path relative to the route above it. */
type Step = { route: RouteObject; path: string }

/** A route that can match by itself (it has a path or is an index), with the routes above it. */
type Branch = { steps: Step[]; score: number }

const PARAM = /^:[\w-]+$/

/** react-router's score of a branch's full path (utils.ts's computeScore). */
function scoreOf(path: string, index: boolean | undefined): number {
  const segments = path.split('/')
  let score = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0)
  for (const segment of segments)
    if (segment !== '*') score += PARAM.test(segment) ? 3 : segment === '' ? 1 : 10
  return score
}

const joinPaths = (paths: string[]) => paths.join('/').replace(/[\\/]{2,}/g, '/')

/** Every branch of `routes`, children before their parent, as react-router flattens them. */
function flatten(routes: readonly RouteObject[], parents: Step[] = [], parentPath = ''): Branch[] {
  return routes.flatMap((route) => {
    let path = route.path ?? ''
    if (path.startsWith('/')) {
      if (!path.startsWith(parentPath))
        throw new Error(
          `the absolute route path "${path}" is not under its parent's "${parentPath}"`,
        )
      path = path.slice(parentPath.length)
    }
    const steps = [...parents, { route, path }]
    const fullPath = joinPaths([parentPath, path])
    const branches = route.children?.length ? flatten(route.children, steps, fullPath) : []
    if (route.path != null || route.index)
      branches.push({ steps, score: scoreOf(fullPath, route.index) })
    return branches
  })
}

const ranked = new WeakMap<readonly RouteObject[], Branch[]>()

function branchesOf(routes: readonly RouteObject[]): Branch[] {
  let branches = ranked.get(routes)
  if (!branches) {
    // A stable sort: equal scores keep the flattened order, which is react-router's tie-break
    // (siblings in their order; children before their parent).
    branches = flatten(routes).sort((a, b) => b.score - a.score)
    ranked.set(routes, branches)
  }
  return branches
}

/** One step's match against the rest of the path (react-router's matchPath, case-insensitive). */
function matchStep(
  path: string,
  end: boolean,
  pathname: string,
): { params: Params; pathname: string; pathnameBase: string } | null {
  const names: string[] = []
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name)
        return '/([^\\/]+)'
      })
  if (path.endsWith('*')) {
    names.push('*')
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$'
  } else if (end) source += '\\/*$'
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))'
  const found = new RegExp(source, 'i').exec(pathname)
  if (!found) return null
  const matched = found[0]
  let pathnameBase = matched.replace(/(.)\/+$/, '$1')
  const params: Record<string, string> = {}
  names.forEach((name, i) => {
    const value = found[i + 1] ?? ''
    if (name === '*')
      pathnameBase = matched.slice(0, matched.length - value.length).replace(/(.)\/+$/, '$1')
    params[name] = value.replace(/%2F/g, '/')
  })
  return { params, pathname: matched, pathnameBase }
}

/** The matches of one branch against `pathname`, outermost first, or null. */
function matchBranch(branch: Branch, pathname: string): RouteMatch[] | null {
  const params: Params = {}
  let matchedPathname = '/'
  const matches: RouteMatch[] = []
  for (const [i, step] of branch.steps.entries()) {
    const rest = matchedPathname === '/' ? pathname : pathname.slice(matchedPathname.length) || '/'
    const found = matchStep(step.path, i === branch.steps.length - 1, rest)
    if (!found) return null
    Object.assign(params, found.params)
    matches.push({
      params,
      pathname: joinPaths([matchedPathname, found.pathname]),
      pathnameBase: joinPaths([matchedPathname, found.pathnameBase])
        .replace(/\/+$/, '')
        .replace(/^\/*/, '/'),
      route: step.route,
    })
    if (found.pathnameBase !== '/')
      matchedPathname = joinPaths([matchedPathname, found.pathnameBase])
  }
  return matches
}

/** Each segment decoded, a decoded `/` kept as `%2F` (react-router's decodePath). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/')
  } catch {
    return pathname
  }
}

/**
 * The routes of `routes` that match `pathname`, outermost first: the best ranked branch, as
 * react-router's `matchRoutes` finds it; null when none matches.
 *
 * @example
 * matchRouteObjects([{ path: 'a/:id' }], '/a/7')?.[0]?.params // { id: '7' }
 */
export function matchRouteObjects(
  routes: readonly RouteObject[],
  pathname: string,
): RouteMatch[] | null {
  const decoded = decodePath(pathname)
  for (const branch of branchesOf(routes)) {
    const matches = matchBranch(branch, decoded)
    if (matches) return matches
  }
  return null
}

/**
 * The element of the routes that match the current location, below the route rendered around
 * it (if any), as react-router's `useRoutes(routes)` renders it: each match in a `RouteContext`
 * whose outlet is the next one's element; a route without an element (or `Component`) renders
 * its outlet.
 * Nothing (null) when no route matches.
 *
 * @example
 * function Screens() {
 *   return useRouteElement(SCREENS)
 * }
 */
export function useRouteElement(routes: readonly RouteObject[]): ReactElement | null {
  const { matches: parentMatches } = useContext(RouteContext)
  const { navigator } = useContext(NavigationContext)
  const { pathname } = useLocation()
  // The matched parts as the address spells them (the matching ran on the decoded path).
  const encode = (path: string) =>
    navigator.encodeLocation
      ? navigator.encodeLocation(
          path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23'),
        ).pathname
      : path
  const parent = parentMatches.at(-1)
  const parentBase = parent?.pathnameBase ?? '/'
  const rest =
    parentBase === '/'
      ? pathname
      : '/' +
        pathname
          .replace(/^\//, '')
          .split('/')
          .slice(parentBase.replace(/^\//, '').split('/').length)
          .join('/')
  const found = matchRouteObjects(routes, rest)
  if (!found) return null
  const matches = found.map((match) => ({
    ...match,
    params: { ...parent?.params, ...match.params },
    pathname: joinPaths([parentBase, encode(match.pathname)]),
    pathnameBase:
      match.pathnameBase === '/' ? parentBase : joinPaths([parentBase, encode(match.pathnameBase)]),
  }))
  return matches.reduceRight<ReactElement | null>((outlet, match, i) => {
    const value: RouteContextValue = {
      outlet,
      matches: [...parentMatches, ...matches.slice(0, i + 1)],
      isDataRoute: false,
    }
    const { Component, element } = match.route
    const children: ReactNode = Component ? createElement(Component) : (element ?? outlet)
    return createElement(RouteContext.Provider, { value }, children)
  }, null)
}
