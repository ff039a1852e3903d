import { useContent } from '../../content/content-provider.tsx'
import { LiveUpdatesPage, liveUpdatesMeta } from '../../pages/live-updates/live-updates-page.tsx'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'

export default function LiveUpdatesRoute() {
  const alerts = useContent('alerts')
  const now = useNow()
  useHead({ ...liveUpdatesMeta(), path: '/live-updates' })
  return <LiveUpdatesPage alerts={alerts} now={now} />
}
