import { EventsPage, eventsMeta } from '../../pages/events/events-page.tsx'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { paths } from '../../routing/public-paths.ts'
import { useEventCards } from './use-event-views.ts'

export default function EventsRoute() {
  // The events' cards (every event without its description), or the events while edited.
  const clinics = useEventCards()
  const now = useNow()
  useHead({ ...eventsMeta(), path: paths.events() })
  return <EventsPage clinics={clinics} now={now} />
}
