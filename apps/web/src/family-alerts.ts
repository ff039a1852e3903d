import { createFamilyAlerts } from '@club/core/forms'
import { createBackendClient } from '@club/core/supabase'

import { backendConfig } from './backend-config.ts'

/**
 * Families' alerts (issue 33): the `family-alerts` Edge Function through supabase-js's
 * `functions.invoke`, with the anon key and no session. Loaded on demand by
 * family-alerts-client.ts.
 */
export const familyAlerts = createFamilyAlerts(
  createBackendClient(backendConfig, { persistSession: false }),
)
