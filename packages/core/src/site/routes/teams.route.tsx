import { useContent } from '../../content/content-provider.tsx'
import { TeamsPage, teamsMeta } from '../../pages/teams/teams-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'
import { useNow } from '../render-time.tsx'

export default function TeamsRoute() {
  const teams = useContent('teams')
  const staff = useContent('staff')
  const now = useNow()
  useHead({ ...teamsMeta(), path: paths.teams() })
  return <TeamsPage teams={teams} staff={staff} now={now} />
}
