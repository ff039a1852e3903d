import { PostgrestClient } from '@supabase/postgrest-js'

import type { BackendConfig } from './client.ts'

/**
 * A read-only REST client for visitors' content reads: supabase-js's own PostgREST
 * client, without auth, storage and realtime, so a public page loads a fraction of the
 * code. Reads are public (RLS lets anyone select), so no session is needed.
 */
export function createPublicReadClient(config: BackendConfig) {
  return new PostgrestClient(`${config.url.replace(/\/$/, '')}/rest/v1`, {
    headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
  })
}
