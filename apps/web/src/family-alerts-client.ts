import type { FamilyAlertsLoader } from '@club/core/forms'

/**
 * How "Get alerts" and "My alerts" reach the backend. IMPORTANT: only this loader ships with
 * a page; supabase-js and the calls load when a family first opens the dialog or the page.
 */
export const loadFamilyAlerts: FamilyAlertsLoader = async () =>
  (await import('./family-alerts.ts')).familyAlerts
