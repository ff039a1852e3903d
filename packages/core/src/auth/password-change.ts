import type { Session, User } from '@supabase/supabase-js'

import { backendConfigOf, createBackendClient } from '../backend/client.ts'
import type { BackendClient } from '../backend/client.ts'
import { uniqueId } from '../entities/unique-id.ts'
import { asError, PROFILE_NEEDS_SESSION_MESSAGE } from './auth-result.ts'
import type { AuthResult } from './auth-result.ts'

/** Said when the current password typed to confirm a change is not the account's. */
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'That is not your current password.'

/** Said when the emailed reauthentication code is wrong, used or over an hour old. */
export const WRONG_EMAIL_CODE_MESSAGE =
  'That code did not work or has expired. Type the 6-digit code from the newest email, or send a new code.'

/**
 * What a password change came to: `changed`, or `code-sent` when the auth service wants the
 * code it has just emailed (a sign-in older than a day, `secure_password_change`).
 */
export type PasswordChangeResult = {
  outcome: 'changed' | 'code-sent' | 'failed'
  error: Error | null
}

/**
 * A signed-in account's password change: the current password checked on a second client, the
 * new one set, and the emailed reauthentication code when the auth service asks for one. Part
 * of the auth controller (`createAuthController`); `signedIn` reads its state now.
 */
export function createPasswordChange(
  client: Pick<BackendClient, 'auth'>,
  signedIn: () => { session: Session | null; user: User | null },
) {
  return {
    checkCurrentPassword,

    async changePassword({
      currentPassword,
      newPassword,
      code,
    }: {
      currentPassword?: string
      newPassword: string
      code?: string
    }): Promise<PasswordChangeResult> {
      if (!signedIn().session) {
        return { outcome: 'failed', error: new Error(PROFILE_NEEDS_SESSION_MESSAGE) }
      }
      if (currentPassword !== undefined) {
        const checked = await checkCurrentPassword(currentPassword)
        if (checked.error) return { outcome: 'failed', error: checked.error }
      }
      const typed = code?.replace(/\s+/g, '')
      if (typed !== undefined && !/^\d{6}$/.test(typed)) {
        return { outcome: 'failed', error: new Error('Enter the 6-digit code from the email.') }
      }
      try {
        const { error } = await client.auth.updateUser({
          password: newPassword,
          ...(typed ? { nonce: typed } : {}),
        })
        if (!error) return { outcome: 'changed', error: null }
        if (error.code === 'reauthentication_needed') {
          const sent = await sendCode()
          return sent.error
            ? { outcome: 'failed', error: sent.error }
            : { outcome: 'code-sent', error: null }
        }
        if (error.code === 'reauthentication_not_valid') {
          return { outcome: 'failed', error: new Error(WRONG_EMAIL_CODE_MESSAGE) }
        }
        return { outcome: 'failed', error }
      } catch (caught) {
        return { outcome: 'failed', error: asError(caught) }
      }
    },

    sendReauthenticationCode: () => sendCode(),
  }

  async function sendCode(): Promise<AuthResult> {
    try {
      return { error: (await client.auth.reauthenticate()).error }
    } catch (caught) {
      return { error: asError(caught) }
    }
  }

  async function checkCurrentPassword(password: string): Promise<AuthResult> {
    const email = signedIn().user?.email
    const config = backendConfigOf(client)
    if (!email || !config) {
      return { error: new Error('This account cannot check its password here.') }
    }
    if (!password) return { error: new Error('Enter your current password.') }
    const checker = createBackendClient(config, {
      persistSession: false,
      autoRefreshToken: false,
      storageKey: uniqueId('sb-password-check'),
    })
    try {
      const { error } = await checker.auth.signInWithPassword({ email, password })
      if (error) {
        return {
          error:
            error.code === 'invalid_credentials'
              ? new Error(WRONG_CURRENT_PASSWORD_MESSAGE)
              : error,
        }
      }
      // Only the check's own session ends; this one stays signed in.
      await checker.auth.signOut({ scope: 'local' })
      return { error: null }
    } catch (caught) {
      return { error: asError(caught) }
    }
  }
}
