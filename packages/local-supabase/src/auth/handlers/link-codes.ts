// The codes and links of account email (GoTrue's): a six-digit code, the hash `/verify` looks
// for, and the `/verify` link a mailer sends. Shared by the sending (links.ts), the checking
// (verify.ts) and the account's own changes (account.ts).
import { createHash, randomInt } from 'node:crypto'

import type { ServiceContext } from '../../http/types.ts'

/** The CLI's `[auth.email] otp_expiry` default: links and codes live one hour. */
export const OTP_EXPIRY_SECONDS = 3600

/** Link types this server issues, each a one-time sign-in. */
export type LinkType = 'recovery' | 'magiclink' | 'invite' | 'email_change'

/** GoTrue's token hash: hex SHA-224 of the email followed by the six-digit code. */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224')
    .update(email + code)
    .digest('hex')
}

/** A fresh six-digit code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** A link not yet stored: its code, the hash `/verify` looks for, and the link itself. */
export type PreparedLink = {
  code: string
  hashedToken: string
  actionLink: string
  redirectTo: string
}

/** Makes the code and the `/verify` link a mailer sends for `email` (nothing is stored yet). */
export function prepareLink(
  context: ServiceContext,
  email: string,
  type: LinkType,
  redirectTo: string,
): PreparedLink {
  const code = newCode()
  const hashedToken = tokenHash(email, code)
  const link = new URL(`${context.config.apiUrl}/auth/v1/verify`)
  link.searchParams.set('token', hashedToken)
  link.searchParams.set('type', type)
  link.searchParams.set('redirect_to', redirectTo)
  return { code, hashedToken, actionLink: link.toString(), redirectTo }
}
