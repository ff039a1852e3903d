import type { Factor } from '@supabase/supabase-js'

import type { BackendClient } from '../backend/client.ts'
import { asError } from './auth-result.ts'
import type { AuthResult } from './auth-result.ts'

/** One TOTP factor of the signed-in account, as Profile lists it. */
export type TwoFactorFactor = Pick<Factor, 'id' | 'friendly_name' | 'created_at' | 'status'>

/** A new, not yet verified TOTP factor: its QR code (an SVG data URL), key and otpauth URI. */
export type TotpEnrolment = { factorId: string; qrCode: string; secret: string; uri: string }

/** Said when a second-factor code is refused. */
export const WRONG_CODE_MESSAGE =
  'That code did not work. Type the 6-digit code your authenticator app shows now.'

/** Said when what is typed is not six digits. */
export const CODE_FORMAT_MESSAGE = 'Enter the 6-digit code from your authenticator app.'

/**
 * The signed-in account's second factor (TOTP): its factors, enrolling one, checking a code,
 * removing one. Part of the auth controller (`createAuthController`).
 */
export function createTwoFactor(client: Pick<BackendClient, 'auth'>) {
  /** The verified TOTP factor a sign-in is checked with. */
  const verifiedFactor = async (): Promise<string | undefined> => {
    const { data } = await client.auth.mfa.listFactors()
    return data?.totp.find((factor) => factor.status === 'verified')?.id
  }

  return {
    async listFactors(): Promise<{ factors: TwoFactorFactor[]; error: Error | null }> {
      try {
        const { data, error } = await client.auth.mfa.listFactors()
        if (error) return { factors: [], error }
        const factors = data.all
          .filter((factor) => factor.factor_type === 'totp')
          .map(({ id, friendly_name, created_at, status }) => ({
            id,
            friendly_name,
            created_at,
            status,
          }))
        return { factors, error: null }
      } catch (caught) {
        return { factors: [], error: asError(caught) }
      }
    },

    async enrollTotp(): Promise<{ enrolment: TotpEnrolment | null; error: Error | null }> {
      try {
        const { data, error } = await client.auth.mfa.enroll({
          factorType: 'totp',
          friendlyName: `Authenticator app ${new Date().toISOString().slice(0, 16)}`,
        })
        if (error) return { enrolment: null, error }
        const { qr_code: qrCode, secret, uri } = data.totp
        return { enrolment: { factorId: data.id, qrCode, secret, uri }, error: null }
      } catch (caught) {
        return { enrolment: null, error: asError(caught) }
      }
    },

    async verifyCode(code: string, factorId?: string): Promise<AuthResult> {
      const typed = code.replace(/\s+/g, '')
      if (!/^\d{6}$/.test(typed)) return { error: new Error(CODE_FORMAT_MESSAGE) }
      try {
        const id = factorId ?? (await verifiedFactor())
        if (!id) return { error: new Error('This account has no two-factor sign-in set up.') }
        const { error } = await client.auth.mfa.challengeAndVerify({ factorId: id, code: typed })
        if (!error) return { error: null }
        return {
          error:
            error.code === 'mfa_verification_failed' || error.status === 422
              ? new Error(WRONG_CODE_MESSAGE)
              : error,
        }
      } catch (caught) {
        return { error: asError(caught) }
      }
    },

    async removeFactor(factorId: string): Promise<AuthResult> {
      try {
        const { error } = await client.auth.mfa.unenroll({ factorId })
        if (error) return { error }
        // The session's level may have dropped with the factor: read it again.
        await client.auth.refreshSession()
        return { error: null }
      } catch (caught) {
        return { error: asError(caught) }
      }
    },
  }
}
