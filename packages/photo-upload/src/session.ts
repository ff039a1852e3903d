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

/** Refreshes the session; given the token a refused request carried, only if still current. */
export type SessionRefresher = (sentWith?: string) => Promise<void>

/**
 * A session another client owns (the desktop app's renderer): the token to send, and a way
 * to ask the owner for a fresh one. A client given one never refreshes by itself, so one
 * refresh token has one owner (two clients rotating it trip Supabase's reuse detection).
 */
export type SessionSource = {
  token(): Promise<string | undefined>
  /** Asks the owner for a session newer than `sentWith`; resolves when it is stored. */
  refresh(sentWith: string | undefined): Promise<void>
}

const refreshers = new WeakMap<SupabaseClient, SessionRefresher>()
const sources = new WeakMap<SupabaseClient, SessionSource>()

/** Makes `client` (built with an `accessToken` callback over `source`) ask `source` for its sessions. */
export function setSessionSource(client: SupabaseClient, source: SessionSource): void {
  sources.set(client, source)
}

/** The access token the client sends now (what the next request carries). */
export async function currentToken(client: SupabaseClient): Promise<string | undefined> {
  const source = sources.get(client)
  if (source) return source.token()
  return (await client.auth.getSession()).data.session?.access_token
}

/**
 * The one session refresher of `client`: every upload and library call that finds the token
 * expired awaits the same refresh, so one refresh token is presented once, not once per
 * parallel request (Supabase's reuse detection signs out a session whose refresh token is
 * presented again after its short reuse window). A request that names the token it was sent
 * with is answered by a refresh already made since (or under way); a token that expired
 * again later gets a refresh of its own. Without a token, a refresh that finished in the
 * last few seconds counts.
 */
export function refresherFor(client: SupabaseClient): SessionRefresher {
  const existing = refreshers.get(client)
  if (existing) return existing
  let inFlight: Promise<void> | undefined
  let lastDone = 0
  const refresh = async (sentWith?: string): Promise<void> => {
    if (inFlight) return inFlight
    if (sentWith === undefined) {
      if (Date.now() - lastDone < 2_000) return
    } else {
      const now = await currentToken(client)
      // Refreshed since the request went out: the next try carries the new token.
      if (now !== undefined && now !== sentWith) return
      if (inFlight) return inFlight
    }
    inFlight = (async () => {
      try {
        const source = sources.get(client)
        if (source) {
          await source.refresh(sentWith)
          const now = await source.token()
          if (now === undefined || now === sentWith) {
            throw new Error('Sign-in expired and could not be renewed: sign in again in the app')
          }
          lastDone = Date.now()
          return
        }
        const { error } = await client.auth.refreshSession()
        if (error) throw new Error(`Sign-in expired and could not be renewed: ${error.message}`)
        lastDone = Date.now()
      } finally {
        inFlight = undefined
      }
    })()
    return inFlight
  }
  refreshers.set(client, refresh)
  return refresh
}
