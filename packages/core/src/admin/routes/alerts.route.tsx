import { useMemo } from 'react'

import { useContent, useSaveContent } from '../../content/content-provider.tsx'
import { createAlertAudienceLookup } from '../../forms/family-alerts.ts'
import { programsWithoutRegistration } from '../../pages/program/registration.ts'
import { alertRoutes } from '../../screen-editors/alerts/alert-routes.ts'
import { AlertsEditor } from '../../screen-editors/alerts/alerts-editor.tsx'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { useKeySaveStatus } from './form-editing-surface.tsx'
import { acceptedOrThrow } from './save-outcome.ts'
import { screenAddress } from '../../routing/admin-screens.ts'

const now = () => new Date()

/** Every page the site lists: its main pages, and each program, team, event and news post. */
export function useAlertRoutes() {
  const programs = useContent('programsContent')
  const teams = useContent('teams')
  const clinics = useContent('clinics')
  const newsPosts = useContent('newsPosts')
  return useMemo(
    () => alertRoutes({ teams, clinics, newsPosts, programsContent: programs }),
    [teams, clinics, newsPosts, programs],
  )
}

/** Who a status alert would notify: asked with this staff member's own session. */
export function useAlertAudience() {
  const { client } = useAdminDeps()
  return useMemo(() => createAlertAudienceLookup(client), [client])
}

/** /admin/alerts: the alerts editor over the stored `alerts` document. */
export function AlertsRoute() {
  useHead(adminHead('Alerts', screenAddress('AlertsRoute')))
  const alerts = useContent('alerts')
  const save = useSaveContent()
  const saveStatus = useKeySaveStatus('alerts')
  const programs = useContent('programsContent')
  const routes = useAlertRoutes()
  const withoutRegistration = useMemo(
    () => programsWithoutRegistration(programs).length,
    [programs],
  )
  const audience = useAlertAudience()
  return (
    <>
      {/* The editor's own visible heading names the screen; the page still needs its h1. */}
      <h1 className="visually-hidden">Alerts</h1>
      <AlertsEditor
        alerts={alerts}
        routes={routes}
        now={now}
        saveStatus={saveStatus}
        programsWithoutRegistration={withoutRegistration}
        audience={audience}
        onSave={(next, base) => acceptedOrThrow(save('alerts', next, { base: [...base] }))}
      />
    </>
  )
}
