import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

/** Where the backend is and the public key to reach it with. Never a service-role key. */
export type BackendConfig = {
  url: string
  /** The anon or publishable key: public by design, safe to ship in a bundle. */
  anonKey: string
}

export type BackendClient = SupabaseClient

/**
 * IMPORTANT: the one place that constructs the Supabase client. The content
 * repository and the auth provider receive it; pages never see it.
 */
export function createBackendClient(
  config: BackendConfig,
  options: { persistSession?: boolean } = {},
) {
  const persistSession = options.persistSession ?? typeof window !== 'undefined'
  return createClient(config.url, config.anonKey, {
    auth: { persistSession, autoRefreshToken: persistSession, detectSessionInUrl: persistSession },
  })
}
