import { useContent, useSaveContent } from '../../content/content-provider.tsx'
import { FieldStatusEditor } from '../../screen-editors/field-status/field-status-editor.tsx'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAlertAudience, useAlertRoutes } from './alerts.route.tsx'
import { acceptedOrThrow } from './save-outcome.ts'
import { screenAddress } from '../../routing/admin-screens.ts'

const now = () => new Date()

/** /admin/field-status: publish each field's status, then optionally post a matching alert. */
export function FieldStatusRoute() {
  useHead(adminHead('Field status', screenAddress('FieldStatusRoute')))
  const fieldsContent = useContent('fieldsContent')
  const alerts = useContent('alerts')
  const save = useSaveContent()
  const routes = useAlertRoutes()
  const audience = useAlertAudience()
  return (
    <>
      {/* The editor's own visible heading names the screen; the page still needs its h1. */}
      <h1 className="visually-hidden">Field status</h1>
      <FieldStatusEditor
        fieldsContent={fieldsContent}
        now={now}
        onSave={(next, base) => acceptedOrThrow(save('fieldsContent', next, { base }))}
        alerts={alerts}
        routes={routes}
        audience={audience}
        onSaveAlerts={(next, base) => acceptedOrThrow(save('alerts', next, { base }))}
      />
    </>
  )
}
