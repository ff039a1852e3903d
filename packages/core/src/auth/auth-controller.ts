import type { AuthChangeEvent, Session, UserAttributes } from '@supabase/supabase-js'

import type { BackendClient } from '../backend/client.ts'
import type { NotifyFn } from '../ui/notices/notice-store.ts'
import { attemptAuth } from './auth-result.ts'
import type { AuthResult } from './auth-result.ts'
import { asRole, assuranceOf, LOADING_STATE } from './auth-state.ts'
import type { AuthState, AuthStatus, StaffRole } from './auth-state.ts'
import { createPasswordChange } from './password-change.ts'
import type { PasswordChangeResult } from './password-change.ts'
import { createSignedInDevices } from './signed-in-devices.ts'
import type { SignedInDevice } from './signed-in-devices.ts'
import { createSignIn } from './sign-in.ts'
import type { SignInInput, SignUpInput } from './sign-in.ts'
import { createTwoFactor } from './two-factor.ts'
import type { TotpEnrolment, TwoFactorFactor } from './two-factor.ts'

/** Where the controller reports what it could not do. `console` by default. */
export type AuthLogger = { warn(message: string, ...details: unknown[]): void }

/** Said when a new password is set without the session a recovery link starts. */
export const NEW_PASSWORD_NEEDS_SESSION_MESSAGE =
  'Open the link from your password reset email again, then choose a new password.'

/** The auth state machine and the product's wrappers around `client.auth`. */
export type AuthController = {
  /** Listens to the auth service; returns the function that stops listening. */
  start(): () => void
  getSnapshot(): AuthState
  subscribe(listener: () => void): () => void
  signIn(input: SignInInput): Promise<AuthResult>
  signUp(input: SignUpInput): Promise<AuthResult>
  signOut(): Promise<AuthResult>
  updateProfile(attributes: UserAttributes): Promise<AuthResult>
  /**
   * Asks the auth service to email a password-reset link that opens `redirectTo`. The service
   * answers the same whether or not the address has an account, and so does this.
   */
  requestPasswordReset(email: string, redirectTo: string): Promise<AuthResult>
  /** Sets the signed-in user's new password (after a recovery link) and ends the recovery. */
  setNewPassword(password: string): Promise<AuthResult>
  /** The signed-in account's TOTP factors, verified or not. */
  listFactors(): Promise<{ factors: TwoFactorFactor[]; error: Error | null }>
  /** Starts a TOTP enrolment: the QR code and key to show; verified with {@link verifyCode}. */
  enrollTotp(): Promise<{ enrolment: TotpEnrolment | null; error: Error | null }>
  /**
   * Checks a code of `factorId` (challenge and verify): a new factor becomes verified and the
   * session aal2 (MFA_CHALLENGE_VERIFIED). With no factor named, the account's verified one.
   */
  verifyCode(code: string, factorId?: string): Promise<AuthResult>
  /** Removes a factor; a verified one needs an aal2 session (verify again first). */
  removeFactor(factorId: string): Promise<AuthResult>
  /** Reads `two_factor_required()` again, e.g. after Settings changed it. */
  refreshTwoFactorRequired(): Promise<void>
  /**
   * Checks the signed-in account's current password by signing in with it on a short-lived
   * second client (whose session is signed out at once), leaving this session as it is.
   * Resolves with {@link WRONG_CURRENT_PASSWORD_MESSAGE} for a wrong one.
   */
  checkCurrentPassword(password: string): Promise<AuthResult>
  /**
   * Changes the password after {@link checkCurrentPassword} passes; with `code`, the nonce
   * `GET /reauthenticate` emailed. When the service asks for one (`reauthentication_needed`),
   * it is sent and the result is `code-sent`.
   */
  changePassword(input: {
    currentPassword?: string
    newPassword: string
    code?: string
  }): Promise<PasswordChangeResult>
  /** Emails the signed-in user a new reauthentication code (`GET /reauthenticate`). */
  sendReauthenticationCode(): Promise<AuthResult>
  /** This account's signed-in sessions, newest first (`my_sessions()`). */
  listDevices(): Promise<{ devices: SignedInDevice[]; error: Error | null }>
  /** Ends one of this account's other sessions (`sign_out_my_session`). */
  signOutDevice(sessionId: string): Promise<AuthResult>
  /** Ends every session of this account but this one (`signOut({ scope: 'others' })`). */
  signOutOtherDevices(): Promise<AuthResult>
}

/** Options of {@link createAuthController}. */
export type AuthControllerOptions = {
  notify?: NotifyFn | undefined
  logger?: AuthLogger | undefined
  /**
   * The access token of the recovery link the page was opened with (see `readRecoveryLink`).
   * supabase-js announces such a session with PASSWORD_RECOVERY only once, possibly before
   * anyone listens; the session carrying this token is a recovery session all the same.
   */
  recoveryAccessToken?: string | undefined
}

/** Events after which the user's staff status may have changed and is read again. */
const STAFF_EVENTS: ReadonlySet<AuthChangeEvent> = new Set<AuthChangeEvent>([
  'INITIAL_SESSION',
  'SIGNED_IN',
  'USER_UPDATED',
  // A passed second factor makes an aal1 staff session staff again while two-factor is required.
  'MFA_CHALLENGE_VERIFIED',
])

/**
 * Creates the controller over the app's backend client. Token refresh stays with
 * supabase-js; this only follows its events (INITIAL_SESSION, SIGNED_IN, SIGNED_OUT,
 * TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED).
 */
export function createAuthController(
  client: Pick<BackendClient, 'auth' | 'rpc'>,
  options: AuthControllerOptions = {},
): AuthController {
  const notify: NotifyFn = options.notify ?? (() => '')
  const logger = options.logger ?? console
  const listeners = new Set<() => void>()
  let recoveryToken = options.recoveryAccessToken || undefined
  let state: AuthState = LOADING_STATE
  // Answers of an earlier staff check are dropped once a newer event has happened.
  let staffCheck = 0

  const set = (next: AuthState) => {
    state = next
    for (const listener of [...listeners]) listener()
  }

  /** The caller's role, or null; `fn` is `staff_role`, or `accept_staff_invitation` (issue 34). */
  const askRole = (fn: 'staff_role' | 'accept_staff_invitation'): Promise<StaffRole | null> =>
    Promise.resolve(client.rpc(fn)).then(
      ({ data, error }) => {
        if (error) logger.warn('[auth] Could not read the staff status.', error)
        return error ? null : asRole(data)
      },
      (error: unknown) => {
        logger.warn('[auth] Could not read the staff status.', error)
        return null
      },
    )

  const askRequired = (): Promise<boolean> =>
    Promise.resolve(client.rpc('two_factor_required')).then(
      ({ data, error }) => {
        if (error) logger.warn('[auth] Could not read the two-factor setting.', error)
        return data === true
      },
      (error: unknown) => {
        logger.warn('[auth] Could not read the two-factor setting.', error)
        return false
      },
    )

  const checkStaff = (userId: string) => {
    const ticket = ++staffCheck
    // Deferred: supabase-js may still hold its auth lock while it calls our listener, and
    // a request made from inside the listener would wait on that lock forever.
    setTimeout(() => {
      if (ticket !== staffCheck) return
      void Promise.all([
        askRole('staff_role')
          // Not staff yet: an invitation this account has followed makes it staff now (the
          // database checks it is theirs, open, unexpired and their address confirmed).
          .then((role) => role ?? askRole('accept_staff_invitation')),
        askRequired(),
      ]).then(([role, twoFactorRequired]) => {
        if (ticket !== staffCheck || state.user?.id !== userId) return
        set({ ...state, isStaff: role !== null, role, twoFactorRequired, status: 'signed-in' })
      })
    }, 0)
  }

  const onEvent = (event: AuthChangeEvent, session: Session | null) => {
    if (event === 'SIGNED_OUT' || !session) {
      staffCheck += 1
      set({ ...LOADING_STATE, status: 'signed-out', lastEvent: event })
      return
    }
    const sameUser = state.user?.id === session.user.id
    const isStaff = sameUser && state.isStaff
    const role = sameUser ? state.role : null
    const recheck = STAFF_EVENTS.has(event) || !sameUser
    // The first session stays "loading" until its staff status is known, so the
    // admin never flashes a view the user cannot use.
    const status: AuthStatus = recheck && state.status === 'loading' ? 'loading' : 'signed-in'
    const passwordRecovery =
      event === 'PASSWORD_RECOVERY' ||
      (recoveryToken !== undefined && session.access_token === recoveryToken) ||
      (sameUser && state.passwordRecovery)
    set({
      ...state,
      status,
      session,
      user: session.user,
      isStaff,
      role,
      lastEvent: event,
      passwordRecovery,
      ...assuranceOf(session),
    })
    if (recheck) checkStaff(session.user.id)
  }

  const signIn = createSignIn(client, notify, () => state.session !== null)
  const twoFactor = createTwoFactor(client)
  const passwords = createPasswordChange(client, () => state)
  const devices = createSignedInDevices(client)

  return {
    start() {
      const { data } = client.auth.onAuthStateChange((event, session) => onEvent(event, session))
      return () => data.subscription.unsubscribe()
    },
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    async setNewPassword(password) {
      const error = await attemptAuth(
        notify,
        'Update Failed',
        state.session
          ? async () => (await client.auth.updateUser({ password })).error
          : NEW_PASSWORD_NEEDS_SESSION_MESSAGE,
      )
      if (error) return { error }
      // The link's session is an ordinary one from now on, even if its event is replayed.
      recoveryToken = undefined
      if (state.passwordRecovery) set({ ...state, passwordRecovery: false })
      notify({ title: 'Password updated', description: 'Your new password is set.' })
      return { error: null }
    },

    async refreshTwoFactorRequired() {
      const twoFactorRequired = await askRequired()
      if (state.twoFactorRequired !== twoFactorRequired) set({ ...state, twoFactorRequired })
    },

    ...signIn,
    ...twoFactor,
    ...passwords,
    ...devices,
  }
}
