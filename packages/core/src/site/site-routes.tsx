import { lazy } from 'react'
import type { ComponentType, LazyExoticComponent } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { RouteObject } from 'react-router'

import { SITE_REDIRECTS } from './site-paths.ts'

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
const pages = {
  home: page(() => import('./routes/home.route.tsx')),
  about: page(() => import('./routes/about.route.tsx')),
  programs: page(() => import('./routes/programs.route.tsx')),
  program: page(() => import('./routes/program.route.tsx')),
  team: page(() => import('./routes/team.route.tsx')),
  teams: page(() => import('./routes/teams.route.tsx')),
  fields: page(() => import('./routes/fields.route.tsx')),
  schedule: page(() => import('./routes/schedule.route.tsx')),
  rules: page(() => import('./routes/rules.route.tsx')),
  weatherPolicy: page(() => import('./routes/weather-policy.route.tsx')),
  news: page(() => import('./routes/news.route.tsx')),
  newsArticle: page(() => import('./routes/news-article.route.tsx')),
  events: page(() => import('./routes/events.route.tsx')),
  event: page(() => import('./routes/event.route.tsx')),
  alumni: page(() => import('./routes/alumni.route.tsx')),
  sponsors: page(() => import('./routes/sponsors.route.tsx')),
  donate: page(() => import('./routes/donate.route.tsx')),
  contact: page(() => import('./routes/contact.route.tsx')),
  liveUpdates: page(() => import('./routes/live-updates.route.tsx')),
  notFound: page(() => import('./routes/not-found.route.tsx')),
} satisfies Record<string, Page>

function Redirect({ to }: { to: string }) {
  const { hash, search } = useLocation()
  return <Navigate to={{ pathname: to, hash, search }} replace />
}

const route = (path: string, Page: Page): RouteObject => ({ path, element: <Page /> })

/**
 * The public site's routes (spec §2), relative to where they are mounted: `/` for the
 * public site, `/admin/edit` for the editing view. `basePath` keeps redirects inside it.
 */
export function siteRoutes(basePath = ''): RouteObject[] {
  return [
    { index: true, element: <pages.home /> },
    route('about', pages.about),
    route('programs', pages.programs),
    route('programs/:program', pages.program),
    route('programs/:program/:team', pages.team),
    route('team/:teamKey', pages.team),
    route('dmv/:year', pages.team),
    route('teams', pages.teams),
    route('fields', pages.fields),
    route('schedule', pages.schedule),
    route('rules', pages.rules),
    route('weather-policy', pages.weatherPolicy),
    route('news-and-updates', pages.news),
    route('news-and-updates/:slug', pages.newsArticle),
    route('camps-events', pages.events),
    route('camps-events/:slug', pages.event),
    route('alumni', pages.alumni),
    route('sponsors', pages.sponsors),
    route('donate', pages.donate),
    route('contact', pages.contact),
    route('live-updates', pages.liveUpdates),
    ...Object.entries(SITE_REDIRECTS).map(([from, to]) => ({
      path: from.slice(1),
      element: <Redirect to={`${basePath}${to}`} />,
    })),
    route('*', pages.notFound),
  ]
}
