import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'

/** Where to upload and who signs in. Only a staff user's own password: never a service-role key. */
export type StaffCredentials = { url: string; anonKey: string; email: string; password: string }

/**
 * Signs in as a staff user with email and password and returns the client. The session lives in
 * memory only; supabase-js refreshes it before it expires, and the uploader refreshes it on 401.
 */
export async function signInStaff(credentials: StaffCredentials): Promise<SupabaseClient> {
  const client = createClient(credentials.url, credentials.anonKey, {
    auth: { persistSession: false, autoRefreshToken: true, detectSessionInUrl: false },
  })
  const { error } = await client.auth.signInWithPassword({
    email: credentials.email,
    password: credentials.password,
  })
  if (error) throw new Error(`Could not sign in as ${credentials.email}: ${error.message}`)
  return client
}
