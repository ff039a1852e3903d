import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { PROGRAM_SLUGS } from '../entities/enums.ts'
import { teamPathFor } from '../pages/team/team-routes.ts'

/** Every public path to prerender: the fixed routes and those the built-in content names. */
export function prerenderPaths(): string[] {
  const fixed = [
    '/',
    '/about',
    '/programs',
    '/teams',
    '/fields',
    '/schedule',
    '/rules',
    '/weather-policy',
    '/news-and-updates',
    '/camps-events',
    '/alumni',
    '/sponsors',
    '/donate',
    '/contact',
    '/live-updates',
  ]
  const programs = PROGRAM_SLUGS.map((slug) => `/programs/${slug}`)
  const teams = Object.keys(DEFAULT_CONTENT.teams).flatMap((key) => [
    teamPathFor(key),
    `/team/${key}`,
  ])
  const news = DEFAULT_CONTENT.newsPosts.map((post) => `/news-and-updates/${post.slug}`)
  const events = DEFAULT_CONTENT.clinics.map((clinic) => `/camps-events/${clinic.slug}`)
  return [...new Set([...fixed, ...programs, ...teams, ...news, ...events])]
}
