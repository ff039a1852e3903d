import type {
  AuthChangeEvent,
  AuthenticatorAssuranceLevels,
  Session,
  User,
} from '@supabase/supabase-js'

/** `loading` until the first session is read, then one of the other two (spec §4). */
export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

/** Everything the UI may know about who is signed in. */
export type AuthState = {
  status: AuthStatus
  session: Session | null
  user: User | null
  /**
   * Whether the database counts this user as staff (`is_admin()`), so the UI never
   * offers editing the database would refuse. False when signed out or not yet known.
   */
  isStaff: boolean
  /**
   * The staff member's role (`staff_role()`): a director manages Staff and Settings, an editor
   * the site's content (issue 34). Null when not staff or not yet known.
   */
  role: StaffRole | null
  /** The last event from the auth service, e.g. PASSWORD_RECOVERY for a reset screen. */
  lastEvent: AuthChangeEvent | null
  /**
   * True while the session came from a password-recovery link and no new password has been
   * set yet: the login page then asks for one instead of opening the admin.
   */
  passwordRecovery: boolean
  /**
   * The session's assurance level (its token's `aal` claim): aal2 once a second factor was
   * passed. Null when signed out.
   */
  aal: AuthenticatorAssuranceLevels | null
  /**
   * aal2 when the account has a verified second factor, so a session at aal1 must pass it
   * before the admin opens (issue 34 §3). Null when signed out.
   */
  nextAal: AuthenticatorAssuranceLevels | null
  /**
   * Whether the club requires staff to sign in with a second factor (`two_factor_required()`):
   * the database then refuses an aal1 staff session's work, and the admin sends it to set up
   * two-factor sign-in first.
   */
  twoFactorRequired: boolean
}

/** The two staff roles the database knows (public.admin_users.role). */
export type StaffRole = 'director' | 'editor'

/** A role as the database answers it, or null. */
export const asRole = (value: unknown): StaffRole | null =>
  value === 'director' || value === 'editor' ? value : null

/** The state before the first session is read. */
export const LOADING_STATE: AuthState = {
  status: 'loading',
  session: null,
  user: null,
  isStaff: false,
  role: null,
  lastEvent: null,
  passwordRecovery: false,
  aal: null,
  nextAal: null,
  twoFactorRequired: false,
}

/** The claims of an access token, or an empty object for one that cannot be read. */
function claimsOf(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? ''
    const text = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const claims: unknown = JSON.parse(text)
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/**
 * The session's level and the one it can reach, as supabase-js's
 * `mfa.getAuthenticatorAssuranceLevel()` reads them (the token's `aal`; aal2 next when the
 * user has a verified factor), without its lock, so it can run inside the auth listener.
 */
export function assuranceOf(session: Session): Pick<AuthState, 'aal' | 'nextAal'> {
  const claimed = claimsOf(session.access_token).aal
  const aal: AuthenticatorAssuranceLevels = claimed === 'aal2' ? 'aal2' : 'aal1'
  const verified = (session.user.factors ?? []).some((factor) => factor.status === 'verified')
  return { aal, nextAal: verified ? 'aal2' : aal }
}
