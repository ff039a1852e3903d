import { useContent } from '../../content/content-provider.tsx'
import { SchedulePage, scheduleMeta } from '../../pages/schedule/schedule-page.tsx'
import { useHead } from '../head.tsx'

export default function ScheduleRoute() {
  const programsContent = useContent('programsContent')
  const teams = useContent('teams')
  useHead({ ...scheduleMeta(), path: '/schedule' })
  return <SchedulePage programsContent={programsContent} teams={teams} />
}
