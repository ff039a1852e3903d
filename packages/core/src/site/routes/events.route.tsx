import { useContent } from '../../content/content-provider.tsx'
import { EventsPage, eventsMeta } from '../../pages/events/events-page.tsx'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function EventsRoute() {
  const clinics = useContent('clinics')
  const now = useNow()
  useHead({ ...eventsMeta(), path: paths.events() })
  return <EventsPage clinics={clinics} now={now} />
}
