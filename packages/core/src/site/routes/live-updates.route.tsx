import {
  useContent,
  useContentReadFailed,
  useContentSettled,
} from '../../content/content-provider.tsx'
import { LiveUpdatesPage, liveUpdatesMeta } from '../../pages/live-updates/live-updates-page.tsx'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { paths } from '../../routing/public-paths.ts'

/** /live-updates: the live alerts and the fields that are not open, with when each was posted. */
export default function LiveUpdatesRoute() {
  const alerts = useContent('alerts')
  const { fields } = useContent('fieldsContent')
  const now = useNow()
  const settled = useContentSettled('alerts', 'fieldsContent')
  const stale = useContentReadFailed('alerts', 'fieldsContent')
  useHead({ ...liveUpdatesMeta(), path: paths.liveUpdates() })
  return <LiveUpdatesPage alerts={alerts} fields={fields} now={now} held={!settled} stale={stale} />
}
