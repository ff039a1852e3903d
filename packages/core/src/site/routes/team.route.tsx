import { useLocation, useParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import { TeamPage, teamMeta } from '../../pages/team/team-page.tsx'
import { teamKeyFor } from '../../pages/team/team-routes.ts'
import { useHead } from '../head.tsx'
import { notFoundHead, publicPath } from '../site-paths.ts'

/** Serves /programs/{program}/{team}, /team/{teamKey} and /dmv/{year}. */
export default function TeamRoute() {
  const params = useParams()
  const { pathname } = useLocation()
  const teams = useContent('teams')
  const staff = useContent('staff')
  const teamKey = teamKeyFor(params) ?? ''
  const known = Object.hasOwn(teams, teamKey)
  useHead(
    known ? { ...teamMeta(teamKey, teams), path: publicPath(pathname) } : notFoundHead(pathname),
  )
  return <TeamPage teamKey={teamKey} teams={teams} staff={staff} />
}
