import { useContent } from '../../content/content-provider.tsx'
import { teamPageKey } from '../../entities/content-key-list.ts'
import type { Teams } from '../../entities/team.ts'
import { useEditing } from '../../editing/editing-context.ts'

/**
 * The teams as a page shows them: the view the database derives for it from the public form
 * (`teamRosters` on /teams, `teamSchedules` on /schedule, `teamNames` where teams are named),
 * or, while staff edit the page, the whole `teams` they edit (shown-keys.ts reads it there).
 *
 * @example
 * const teams = useTeamsView('teamRosters')
 */
export function useTeamsView(view: 'teamRosters' | 'teamSchedules' | 'teamNames'): Teams {
  const { isEditing } = useEditing()
  return useContent(isEditing ? 'teams' : view)
}

const NO_TEAMS: Teams = {}

/**
 * The teams a team page shows: its own team, from its row (`team/<id>`), or, while staff edit
 * the page, the whole `teams`. None when no team has that key: the team must be among the
 * teams there are (`teamKeys`), since a team no longer stored has no row, and a missing row
 * reads as the built-in team of that key.
 *
 * @example
 * const teams = useTeamOfPage('flash-12u') // { 'flash-12u': { … } }
 */
export function useTeamOfPage(teamKey: string): Teams {
  const { isEditing } = useEditing()
  const shown: Teams | Teams[string] | undefined = useContent(
    isEditing ? 'teams' : teamPageKey(teamKey),
  )
  // Which teams there are (the whole `teams` stands in while staff edit: it is read anyway).
  const there = useContent(isEditing ? 'teams' : 'teamKeys')
  if (isEditing) return (shown as Teams | undefined) ?? NO_TEAMS
  return shown && (there as readonly string[]).includes(teamKey)
    ? { [teamKey]: shown as Teams[string] }
    : NO_TEAMS
}
