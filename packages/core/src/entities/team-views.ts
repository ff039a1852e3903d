/*
 * The views of the teams a page reads, as the database derives them from the stored teams
 * (public.team_views in supabase/migrations/*_team_views.sql), and each team's coaches from the
 * teams and the staff (public.team_coaches, *_team_coaches.sql): here for the built-in
 * documents, which are shown while none is stored. Zod-free, for the browser's first bundle.
 */
import type { TeamCoachesKey, TeamPageKey, TeamViewKey } from './content-keys.ts'
import type { StaffMember } from './staff.ts'
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

/**
 * One team's coaches as `staff` cards (public.team_coaches): the members its `coaches` list
 * names, in that order, each once, as `staff` has them (the first member of an id); an id that
 * names nobody is left out.
 *
 * @example
 * coachCards(DEFAULT_CONTENT.teams['flash-12u'], DEFAULT_CONTENT.staff) // its coaches' cards
 */
export function coachCards(team: Team, staff: readonly StaffMember[]): StaffMember[] {
  const byId = new Map<string, StaffMember>()
  for (const member of staff) if (!byId.has(member.id)) byId.set(member.id, member)
  const cards: StaffMember[] = []
  for (const id of new Set(team.coaches)) {
    const member = byId.get(id)
    if (member) cards.push(member)
  }
  return cards
}

/**
 * Every team's coaches row (`coaches/<team id>`), as the database derives them while `teams`
 * and `staff` are both stored: what a team page built from them is given (tests' prerenders).
 *
 * @example
 * teamCoaches(DEFAULT_CONTENT.teams, DEFAULT_CONTENT.staff)['coaches/flash-12u']
 */
export function teamCoaches(
  teams: Teams,
  staff: readonly StaffMember[],
): Record<TeamCoachesKey, StaffMember[]> {
  const rows: Record<TeamCoachesKey, StaffMember[]> = {}
  for (const [id, team] of Object.entries(teams))
    if (TEAM_KEY.test(id)) rows[`coaches/${id}`] = coachCards(team, staff)
  return rows
}
