import { useContext } from 'react'
import { useLocation, useParams } from 'react-router'

import { EventPage, eventJsonLd, eventMeta, findClinic } from '../../pages/event/event-page.tsx'
import { SiteUrlContext, useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { publicPath } from '../../routing/admin-paths.ts'
import { notFoundHead } from '../not-found-head.ts'
import { useEventsOfPage } from './use-event-views.ts'

export default function EventRoute() {
  const { slug = '' } = useParams()
  const { pathname } = useLocation()
  // Its own event (its row, `event/<slug>`), or every event while staff edit it.
  const clinics = useEventsOfPage(slug)
  const siteUrl = useContext(SiteUrlContext)
  const now = useNow()
  const clinic = findClinic(clinics, slug)
  useHead(
    clinic
      ? {
          ...eventMeta(clinics, slug),
          path: publicPath(pathname),
          jsonLd: [eventJsonLd(clinic.clinic, siteUrl)],
        }
      : notFoundHead(pathname),
  )
  return <EventPage clinics={clinics} slug={slug} now={now} />
}
