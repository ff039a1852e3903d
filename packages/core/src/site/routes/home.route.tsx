import { useContext } from 'react'

import { useContent } from '../../content/content-provider.tsx'
import { HomePage, homeJsonLd, homeMeta } from '../../pages/home/home-page.tsx'
import { SiteUrlContext, useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'

export default function HomeRoute() {
  const content = useContent('content')
  const quickLinks = useContent('quickLinks')
  const legacyStats = useContent('legacyStats')
  const newsPosts = useContent('newsPosts')
  const clinics = useContent('clinics')
  const now = useNow()
  const siteUrl = useContext(SiteUrlContext)
  useHead({ ...homeMeta(content), path: '/', jsonLd: [homeJsonLd({ content, siteUrl })] })
  return (
    <HomePage
      content={content}
      quickLinks={quickLinks}
      legacyStats={legacyStats}
      newsPosts={newsPosts}
      clinics={clinics}
      now={now}
    />
  )
}
