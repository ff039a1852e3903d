import { lazy } from 'react'
import type { ComponentType, LazyExoticComponent } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { RouteObject } from 'react-router'

import { SITE_REDIRECTS } from './site-paths.ts'

type Page = LazyExoticComponent<ComponentType>

/** Every page loads on demand: the route's chunk holds the page, its CSS and its wiring. */
const pages = {
  home: lazy(() => import('./routes/home.route.tsx')),
  about: lazy(() => import('./routes/about.route.tsx')),
  programs: lazy(() => import('./routes/programs.route.tsx')),
  program: lazy(() => import('./routes/program.route.tsx')),
  team: lazy(() => import('./routes/team.route.tsx')),
  teams: lazy(() => import('./routes/teams.route.tsx')),
  fields: lazy(() => import('./routes/fields.route.tsx')),
  schedule: lazy(() => import('./routes/schedule.route.tsx')),
  rules: lazy(() => import('./routes/rules.route.tsx')),
  weatherPolicy: lazy(() => import('./routes/weather-policy.route.tsx')),
  news: lazy(() => import('./routes/news.route.tsx')),
  newsArticle: lazy(() => import('./routes/news-article.route.tsx')),
  events: lazy(() => import('./routes/events.route.tsx')),
  event: lazy(() => import('./routes/event.route.tsx')),
  alumni: lazy(() => import('./routes/alumni.route.tsx')),
  sponsors: lazy(() => import('./routes/sponsors.route.tsx')),
  donate: lazy(() => import('./routes/donate.route.tsx')),
  contact: lazy(() => import('./routes/contact.route.tsx')),
  liveUpdates: lazy(() => import('./routes/live-updates.route.tsx')),
  notFound: lazy(() => import('./routes/not-found.route.tsx')),
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
