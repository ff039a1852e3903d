import { useSyncExternalStore } from 'react'

import {
  useContent,
  useContentReadFailed,
  useContentSettled,
} from '../../content/content-provider.tsx'
import { useFamilyAlerts } from '../../forms/family-alerts-context.tsx'
import { FieldsPage, fieldsMeta } from '../../pages/fields/fields-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'
import { liveConnection } from '../../realtime/live-connection.ts'
import { useBuiltAt, useNow } from '../render-time.tsx'

export default function FieldsRoute() {
  const fieldsContent = useContent('fieldsContent')
  const statusSettled = useContentSettled('fieldsContent')
  const statusStale = useContentReadFailed('fieldsContent')
  const now = useNow()
  const builtAt = useBuiltAt()
  const alerts = useFamilyAlerts()
  const connection = useSyncExternalStore(
    liveConnection.subscribe,
    liveConnection.getSnapshot,
    liveConnection.getServerSnapshot,
  )
  useHead({ ...fieldsMeta(fieldsContent), path: paths.fields() })
  return (
    <FieldsPage
      fieldsContent={fieldsContent}
      statusHeld={!statusSettled}
      statusStale={statusStale}
      now={now}
      builtAt={builtAt}
      liveLost={connection === 'lost'}
      alerts={alerts}
    />
  )
}
