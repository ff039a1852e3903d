import { LOCAL_BACKEND } from './backend-defaults.ts'

/**
 * The backend this build talks to. Set VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY
 * for a hosted project; the defaults are the embedded local server's (public) values.
 */
export const backendConfig = {
  url: import.meta.env.VITE_SUPABASE_URL ?? LOCAL_BACKEND.url,
  anonKey: import.meta.env.VITE_SUPABASE_ANON_KEY ?? LOCAL_BACKEND.anonKey,
}
