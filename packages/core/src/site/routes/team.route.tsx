import { useContext } from 'react'
import { useLocation, useParams } from 'react-router'

import { useFamilyAlerts } from '../../forms/family-alerts-context.tsx'
import { FieldStatusHeldContext } from '../../pages/schedule/schedule-list.tsx'
import { TeamPage, teamMeta } from '../../pages/team/team-page.tsx'
import { paths, teamKeyFor } from '../../routing/public-paths.ts'
import { SiteUrlContext, useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { notFoundHead } from '../not-found-head.ts'
import { teamJsonLd } from '../team-json-ld.ts'
import { useFieldList } from '../use-derived-rows.ts'
import { useCoachesOfPage, useTeamOfPage } from './use-teams-view.ts'

/**
 * Serves /programs/{program}/{team}, /team/{teamKey} and /dmv/{year}; the canonical address
 * is the one pages link to (`paths.team`).
 */
export default function TeamRoute() {
  const params = useParams()
  const teamKey = teamKeyFor(params) ?? ''
  // Its own team alone (its row, `team/<id>`), or the whole teams while staff edit it.
  const teams = useTeamOfPage(teamKey)
  const { pathname } = useLocation()
  // Its coaches' cards alone (`coaches/<id>`), or the staff whole where there is no such row.
  const staff = useCoachesOfPage(teamKey)
  // The fields alone (`fieldList`), to name and link where its games are played.
  const { fields, settled: statusSettled } = useFieldList()
  const siteUrl = useContext(SiteUrlContext)
  const now = useNow()
  const alerts = useFamilyAlerts()
  const team = Object.hasOwn(teams, teamKey) ? teams[teamKey] : undefined
  useHead(
    team
      ? {
          ...teamMeta(teamKey, teams, now),
          path: paths.team(teamKey),
          jsonLd: [teamJsonLd(team, staff, siteUrl)],
        }
      : notFoundHead(pathname),
  )
  return (
    <FieldStatusHeldContext.Provider value={!statusSettled}>
      <TeamPage
        teamKey={teamKey}
        teams={teams}
        staff={staff}
        fields={fields}
        now={now}
        siteUrl={siteUrl || undefined}
        alerts={alerts}
      />
    </FieldStatusHeldContext.Provider>
  )
}
