import { useSyncExternalStore } from 'react'

import { useContent, useContentSettled, useContentStore } from '../../content/content-provider.tsx'
import { teamCoachesKey, teamPageKey } from '../../entities/content-key-list.ts'
import type { ContentKey } from '../../entities/content-keys.ts'
import type { StaffMember } from '../../entities/staff.ts'
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

const NO_KEYS: readonly ContentKey[] = []
const STAFF: readonly ContentKey[] = ['staff']

/**
 * The staff a team page resolves its coaches' ids against: its coaches row (`coaches/<id>`: the
 * cards of its coaches alone, which the database derives while `teams` and `staff` are both
 * stored, and which the prerender makes from the staff shown where it keeps none), or `staff`
 * whole, stored or built in, where there is no such row (a page opened later while either
 * document is not stored: it shows what it showed before the rows, never a sample coach where
 * staff is stored) and while staff edit the page (they edit `staff` whole; shown-keys.ts reads
 * it there). The reads at start ask for the row alone; a page opened later that falls back
 * to `staff` reads it, and the page opened first shows it as it was built.
 *
 * @example
 * const staff = useCoachesOfPage('flash-12u') // [{ id: 'coach-1', name: … }, …]
 */
export function useCoachesOfPage(teamKey: string): readonly StaffMember[] {
  const { isEditing } = useEditing()
  const store = useContentStore()
  const row = teamCoachesKey(teamKey)
  // The row stored, or the page's own where none is: the prerender makes it from the staff
  // shown (apps/web's entry-server), and the page keeps it when its read finds no row. A row
  // the page was built with as stored and the database no longer keeps is not shown.
  const ownRow = useSyncExternalStore(
    store.subscribe,
    () => !isEditing && (store.isStored(row) || (store.holds(row) && !store.wasStoredAsBuilt(row))),
    // Hydration renders what the page was built with.
    () => !isEditing && store.holds(row),
  )
  // A page opened later reads `staff` if it falls back to it; the page opened first holds it as
  // built (its HTML is built again when `staff` changes).
  useContentSettled(...(ownRow || store.holds('staff') ? NO_KEYS : STAFF))
  return useContent(ownRow ? row : 'staff')
}
