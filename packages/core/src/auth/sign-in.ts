import type { SignUpWithPasswordCredentials, UserAttributes } from '@supabase/supabase-js'

import type { BackendClient } from '../backend/client.ts'
import type { NotifyFn } from '../ui/notices/notice-store.ts'
import { attemptAuth, PROFILE_NEEDS_SESSION_MESSAGE } from './auth-result.ts'
import type { AuthResult } from './auth-result.ts'

/** Sign-in with an email or a phone number, and a password. */
export type SignInInput = { email?: string; phone?: string; password: string }

/** Sign-up with an email or a phone number, a password, and the service's options. */
export type SignUpInput = SignInInput & {
  options?: { emailRedirectTo?: string; data?: Record<string, unknown>; captchaToken?: string }
}

/** The rule of spec §5, in the auth service's own words. */
export const MISSING_CREDENTIALS_MESSAGE =
  'You must provide either an email or phone number and a password'

/** Said when a reset link is asked for without an address. */
export const RESET_NEEDS_EMAIL_MESSAGE = 'Enter the email address you sign in with.'

type Identity = { email: string } | { phone: string }

function identityOf(input: SignInInput): Identity | undefined {
  if (!input.password) return undefined
  const email = input.email?.trim()
  if (email) return { email }
  const phone = input.phone?.trim()
  if (phone) return { phone }
  return undefined
}

/**
 * Signing in, up and out, the profile update and the reset-link request: each wraps one
 * `client.auth` call, turns what it throws into an error and shows its notice. Part of the
 * auth controller (`createAuthController`); `hasSession` reads its state now.
 */
export function createSignIn(
  client: Pick<BackendClient, 'auth'>,
  notify: NotifyFn,
  hasSession: () => boolean,
) {
  const attempt = (failedTitle: string, call: (() => Promise<Error | null>) | string) =>
    attemptAuth(notify, failedTitle, call)
  return {
    async signIn(input: SignInInput): Promise<AuthResult> {
      const identity = identityOf(input)
      const error = await attempt(
        'Sign in Failed',
        identity
          ? async () =>
              (await client.auth.signInWithPassword({ ...identity, password: input.password }))
                .error
          : MISSING_CREDENTIALS_MESSAGE,
      )
      if (error) return { error }
      notify({ title: 'Welcome back!', description: 'You have successfully logged in.' })
      return { error: null }
    },

    async signUp(input: SignUpInput): Promise<AuthResult> {
      const identity = identityOf(input)
      const credentials = {
        ...identity,
        password: input.password,
        ...(input.options ? { options: input.options } : {}),
      } as SignUpWithPasswordCredentials
      const error = await attempt(
        'Sign up Failed',
        identity
          ? async () => (await client.auth.signUp(credentials)).error
          : MISSING_CREDENTIALS_MESSAGE,
      )
      return { error }
    },

    async signOut(): Promise<AuthResult> {
      const error = await attempt(
        'Sign out Failed',
        async () => (await client.auth.signOut()).error,
      )
      if (error) return { error }
      notify({ title: "You've been logged out.", description: 'You have successfully logged out.' })
      return { error: null }
    },

    async updateProfile(attributes: UserAttributes): Promise<AuthResult> {
      let pendingEmail: string | undefined
      const error = await attempt(
        'Update Failed',
        hasSession()
          ? async () => {
              const result = await client.auth.updateUser(attributes)
              // The auth service mails a link to a new address and changes it once followed.
              pendingEmail = result.data.user?.new_email
              return result.error
            }
          : PROFILE_NEEDS_SESSION_MESSAGE,
      )
      if (error) return { error }
      notify({
        title: 'Success!',
        description: pendingEmail
          ? `Your profile has been updated. To sign in with ${pendingEmail}, follow the link we sent there.`
          : 'Your profile has been updated.',
      })
      return { error: null }
    },

    async requestPasswordReset(email: string, redirectTo: string): Promise<AuthResult> {
      const address = email.trim()
      const error = await attempt(
        'Reset Failed',
        address
          ? async () => (await client.auth.resetPasswordForEmail(address, { redirectTo })).error
          : RESET_NEEDS_EMAIL_MESSAGE,
      )
      return { error }
    },
  }
}
