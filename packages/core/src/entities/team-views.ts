/*
 * The views of the teams a page reads, as the database derives them from the stored teams
 * (public.team_views in supabase/migrations/*_team_views.sql): here for the built-in teams,
 * which are shown while no teams are stored. Zod-free, for the browser's first bundle.
 */
import type { TeamPageKey, TeamViewKey } from './content-keys.ts'
import type { Team, Teams } from './team.ts'

/** The fields of a team each view keeps; the parts a page reads are always there, empty. */
const KEPT: Record<'teamRosters' | 'teamSchedules' | 'teamNames', readonly (keyof Team)[]> = {
  teamRosters: ['id', 'name', 'programSlug', 'logoUrl', 'coaches', 'roster', 'rosterPrivacy'],
  teamSchedules: ['id', 'name', 'programSlug', 'logoUrl', 'schedule'],
  teamNames: ['id', 'name', 'programSlug', 'logoUrl'],
}

/** A team with only the fields `kept` (public.team_view_part). */
function teamPart(team: Team, kept: readonly (keyof Team)[]): Team {
  const part: Record<string, unknown> = { coaches: [], roster: [], teamPageContent: { intro: '' } }
  for (const field of kept) if (team[field] !== undefined) part[field] = team[field]
  return part as Team
}

/** True for a key a team's row may have (public.team_views): `team/<key>`. */
const TEAM_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/**
 * The view `key` of these teams: a team page's team, the teams' keys (code-point order), or
 * every team with the fields its page shows; undefined for a team not among them.
 *
 * @example
 * teamView(DEFAULT_CONTENT.teams, 'team/flash-12u') // the Flash 12U team
 * teamView(DEFAULT_CONTENT.teams, 'teamNames') // every team's id, name, program and logo
 */
export function teamView(teams: Teams, key: TeamViewKey): Team | Teams | string[] | undefined {
  if (key.startsWith('team/')) {
    const id = key.slice('team/'.length)
    return Object.hasOwn(teams, id) ? teams[id] : undefined
  }
  if (key === 'teamKeys')
    return Object.keys(teams)
      .filter((id) => TEAM_KEY.test(id))
      .sort()
  const kept = KEPT[key as keyof typeof KEPT]
  return Object.fromEntries(Object.entries(teams).map(([id, team]) => [id, teamPart(team, kept)]))
}

/**
 * Every view of these teams by its key, as the database stores them for stored teams: what a
 * page built from `teams` is given (tests' prerenders).
 *
 * @example
 * teamViews(DEFAULT_CONTENT.teams)['team/flash-12u'] // the Flash 12U team
 */
export function teamViews(teams: Teams): Record<
  'teamRosters' | 'teamSchedules' | 'teamNames',
  Teams
> & {
  teamKeys: string[]
} & Record<TeamPageKey, Team> {
  const views: Record<string, Team | Teams | string[]> = {}
  for (const [id, team] of Object.entries(teams)) views[`team/${id}`] = team
  for (const key of Object.keys(KEPT) as (keyof typeof KEPT)[])
    views[key] = teamView(teams, key) as Teams
  views.teamKeys = teamView(teams, 'teamKeys') as string[]
  return views as ReturnType<typeof teamViews>
}
