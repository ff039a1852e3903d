import { PostgrestClient } from '@supabase/postgrest-js'

import type { BackendConfig } from './client.ts'

/**
 * The REST client for visitors' writes (the public forms): supabase-js's PostgREST client
 * with the anon key, no session and plain fetch, without the read client's deadline and
 * retries. A send may take longer than a read (the form repository sets its own timeout),
 * and is never repeated by itself: a repeated POST could store a message twice, so trying
 * again is the visitor's choice (the form's Retry).
 */
export function createPublicWriteClient(config: BackendConfig) {
  return new PostgrestClient(`${config.url.replace(/\/$/, '')}/rest/v1`, {
    headers: { apikey: config.anonKey, Authorization: `Bearer ${config.anonKey}` },
    retry: false,
  })
}
