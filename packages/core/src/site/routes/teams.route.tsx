import { useContent } from '../../content/content-provider.tsx'
import { TeamsPage, teamsMeta } from '../../pages/teams/teams-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'
import { useNow } from '../render-time.tsx'
import { useTeamsView } from './use-teams-view.ts'

export default function TeamsRoute() {
  // The rosters (no schedules or page text), or the whole teams while staff edit the page.
  const teams = useTeamsView('teamRosters')
  const staff = useContent('staff')
  const now = useNow()
  useHead({ ...teamsMeta(), path: paths.teams() })
  return <TeamsPage teams={teams} staff={staff} now={now} />
}
