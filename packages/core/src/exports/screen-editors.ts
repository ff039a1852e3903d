/**
 * IMPORTANT: admin only. The dedicated staff editors (pure components: data in, callbacks out)
 * and the rules they show. The public site never imports this entry, so none of it (nor Radix
 * Dialog and Switch) reaches a visitor's bundle; src/screen-editors/admin-only.test.ts checks it.
 */
export { AlertsEditor } from '../screen-editors/alerts/alerts-editor.tsx'
export type { AlertsEditorProps } from '../screen-editors/alerts/alerts-editor.tsx'
export { defaultAlertRoutes } from '../screen-editors/alerts/alert-routes.ts'
export type { RouteOption } from '../screen-editors/alerts/alert-routes.ts'
export { cleanAlert, validateAlert } from '../screen-editors/alerts/alert-validation.ts'
export type { AlertErrors, AlertField } from '../screen-editors/alerts/alert-validation.ts'
export { FieldStatusEditor } from '../screen-editors/field-status/field-status-editor.tsx'
export type { FieldStatusEditorProps } from '../screen-editors/field-status/field-status-editor.tsx'
export { fieldStatusAlert } from '../screen-editors/field-status/field-status-alert.ts'
export type { Clock } from '../screen-editors/shared/clock.ts'
export { explainAlertVisibility } from '../alerts/alert-visibility-reasons.ts'
export type { AlertVisibility, AlertVisibilityContext } from '../alerts/alert-visibility-reasons.ts'
