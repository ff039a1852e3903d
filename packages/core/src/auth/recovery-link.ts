/** What the URL fragment of a page opened from an emailed auth link says. */
export type RecoveryLink =
  /**
   * A session from a password-recovery or a staff invitation link: supabase-js signs it in;
   * this token names it, and either way a password is asked for next.
   */
  | { kind: 'session'; accessToken: string; purpose: 'recovery' | 'invite' }
  /** The link could not be used; `message` is ours, never the fragment's own text. */
  | { kind: 'error'; code: string; message: string }

/** Shown when a reset link has expired or was already used. */
export const EXPIRED_LINK_MESSAGE =
  'This password reset link has expired or was already used. Ask for a new one below.'

/** Shown for any other problem with a link. */
export const BROKEN_LINK_MESSAGE = 'This link could not be used. Ask for a new one below.'

/**
 * Reads the fragment the auth service redirects to from a recovery or invitation link
 * (`#access_token=…&type=recovery`, `type=invite`, or `#error=…&error_code=…`). Read it before supabase-js clears it. The error
 * description in a fragment is anyone's text (links are easy to forge), so it is never shown:
 * the code picks one of our messages.
 */
export function readRecoveryLink(hash: string): RecoveryLink | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  const accessToken = params.get('access_token')
  const type = params.get('type')
  if (accessToken && (type === 'recovery' || type === 'invite'))
    return { kind: 'session', accessToken, purpose: type }
  const code = params.get('error_code') ?? params.get('error')
  if (code === null) return null
  return {
    kind: 'error',
    code,
    message: code === 'otp_expired' ? EXPIRED_LINK_MESSAGE : BROKEN_LINK_MESSAGE,
  }
}
