import { useContent } from '../../content/content-provider.tsx'
import { EventsPage, eventsMeta } from '../../pages/events/events-page.tsx'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'

export default function EventsRoute() {
  const clinics = useContent('clinics')
  const now = useNow()
  useHead({ ...eventsMeta(), path: '/camps-events' })
  return <EventsPage clinics={clinics} now={now} />
}
