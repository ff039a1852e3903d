import { describe, expect, it } from 'vitest'

import { BROKEN_LINK_MESSAGE, EXPIRED_LINK_MESSAGE, readRecoveryLink } from './recovery-link.ts'

describe('readRecoveryLink', () => {
  it('should read the access token of a recovery session', () => {
    expect(
      readRecoveryLink(
        '#access_token=abc.def&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery',
      ),
    ).toEqual({ kind: 'session', accessToken: 'abc.def', purpose: 'recovery' })
  })

  it('should read the access token of a staff invitation, which asks for a password too', () => {
    expect(
      readRecoveryLink('#access_token=inv.tok&expires_in=3600&refresh_token=r&type=invite'),
    ).toEqual({ kind: 'session', accessToken: 'inv.tok', purpose: 'invite' })
  })

  it('should ignore sessions of other kinds and pages without a fragment', () => {
    expect(readRecoveryLink('#access_token=abc&type=magiclink')).toBeNull()
    expect(readRecoveryLink('')).toBeNull()
    expect(readRecoveryLink('#field-status')).toBeNull()
  })

  it('should turn an expired link into our own message', () => {
    expect(
      readRecoveryLink(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({ kind: 'error', code: 'otp_expired', message: EXPIRED_LINK_MESSAGE })
  })

  it('should never show the text a forged fragment carries', () => {
    const link = readRecoveryLink(
      '#error=access_denied&error_description=Call+0800+000+000+to+restore+your+account',
    )
    expect(link).toEqual({ kind: 'error', code: 'access_denied', message: BROKEN_LINK_MESSAGE })
  })
})
