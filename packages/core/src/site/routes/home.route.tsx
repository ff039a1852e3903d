import { useContext } from 'react'

import { useContent } from '../../content/content-provider.tsx'
import { HomePage, homeJsonLd, homeMeta } from '../../pages/home/home-page.tsx'
import { SiteUrlContext, useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { useEventCards } from './use-event-views.ts'

export default function HomeRoute() {
  // The page's documents, under their content keys (its props are named after them).
  const documents = {
    content: useContent('content'),
    quickLinks: useContent('quickLinks'),
    legacyStats: useContent('legacyStats'),
    newsPosts: useContent('newsPosts'),
    // The next events, from their cards (no descriptions), or the events while edited.
    clinics: useEventCards(),
  }
  const { content } = documents
  const now = useNow()
  const siteUrl = useContext(SiteUrlContext)
  useHead({ ...homeMeta(content), path: '/', jsonLd: [homeJsonLd({ content, siteUrl })] })
  return <HomePage {...documents} now={now} />
}
