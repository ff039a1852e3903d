import type { BackendClient } from '../backend/client.ts'
import { asError } from './auth-result.ts'
import type { AuthResult } from './auth-result.ts'

/** One signed-in session of this account (`my_sessions()`), as Profile lists it. */
export type SignedInDevice = {
  id: string
  signedInAt: string
  lastSeenAt: string
  userAgent: string | null
  current: boolean
}

/**
 * This account's signed-in sessions: listed, one ended, or all but this one ended. Part of the
 * auth controller (`createAuthController`).
 */
export function createSignedInDevices(client: Pick<BackendClient, 'auth' | 'rpc'>) {
  return {
    async listDevices(): Promise<{ devices: SignedInDevice[]; error: Error | null }> {
      try {
        const { data, error } = await client.rpc('my_sessions')
        if (error) return { devices: [], error }
        const rows = (Array.isArray(data) ? data : []) as {
          id: string
          signed_in_at: string
          last_seen_at: string
          user_agent: string | null
          current: boolean
        }[]
        const devices = rows.map((row) => ({
          id: row.id,
          signedInAt: row.signed_in_at,
          lastSeenAt: row.last_seen_at,
          userAgent: row.user_agent,
          current: row.current,
        }))
        return { devices, error: null }
      } catch (caught) {
        return { devices: [], error: asError(caught) }
      }
    },

    async signOutDevice(sessionId: string): Promise<AuthResult> {
      try {
        const { data, error } = await client.rpc('sign_out_my_session', { target: sessionId })
        if (error) return { error }
        return { error: data === true ? null : new Error('That device was signed out already.') }
      } catch (caught) {
        return { error: asError(caught) }
      }
    },

    async signOutOtherDevices(): Promise<AuthResult> {
      try {
        return { error: (await client.auth.signOut({ scope: 'others' })).error }
      } catch (caught) {
        return { error: asError(caught) }
      }
    },
  }
}
