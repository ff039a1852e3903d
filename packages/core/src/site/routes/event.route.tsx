import { useContext } from 'react'
import { useLocation, useParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import { EventPage, eventJsonLd, eventMeta, findClinic } from '../../pages/event/event-page.tsx'
import { SiteUrlContext, useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { publicPath } from '../../routing/admin-paths.ts'
import { notFoundHead } from '../not-found-head.ts'

export default function EventRoute() {
  const { slug = '' } = useParams()
  const { pathname } = useLocation()
  const clinics = useContent('clinics')
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
