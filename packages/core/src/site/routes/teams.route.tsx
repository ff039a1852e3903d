import { useContent } from '../../content/content-provider.tsx'
import { TeamsPage, teamsMeta } from '../../pages/teams/teams-page.tsx'
import { useHead } from '../head.tsx'

export default function TeamsRoute() {
  const teams = useContent('teams')
  const staff = useContent('staff')
  useHead({ ...teamsMeta(), path: '/teams' })
  return <TeamsPage teams={teams} staff={staff} />
}
