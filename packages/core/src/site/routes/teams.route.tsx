import { useContent } from '../../content/content-provider.tsx'
import { TeamsPage, teamsMeta } from '../../pages/teams/teams-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function TeamsRoute() {
  const teams = useContent('teams')
  const staff = useContent('staff')
  useHead({ ...teamsMeta(), path: paths.teams() })
  return <TeamsPage teams={teams} staff={staff} />
}
