import bcrypt from 'bcryptjs'

import { AuthError, badRequest } from './errors.ts'

/** bcrypt's input limit; GoTrue refuses longer passwords instead of silently truncating them. */
const MAX_PASSWORD_BYTES = 72
/** The cost hosted GoTrue hashes passwords at (Go's `bcrypt.DefaultCost`). */
export const DEFAULT_BCRYPT_COST = 10
/** bcrypt's least cost: what the tests hash at (about 64 times less work than 10). */
export const MIN_BCRYPT_COST = 4
const MAX_BCRYPT_COST = 31

// The shape GoTrue's checkmail accepts: a dot-atom local part and a host name (no TLD required).
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/
const PHONE_FORMAT = /^[1-9][0-9]{1,14}$/

/** Checks an email address and returns it lower-cased, as GoTrue stores it. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required')
  if (email.length > 255) throw badRequest('validation_failed', 'An email address is too long')
  if (!EMAIL_FORMAT.test(email)) {
    throw badRequest('email_address_invalid', 'Unable to validate email address: invalid format')
  }
  return email.toLowerCase()
}

/** Strips the `+` and spaces GoTrue tolerates; phones are stored as E.164 digits without `+`. */
export function normalizePhone(phone: string): string {
  return phone.replace(/^\+/, '').replaceAll(' ', '')
}

export function validatePhone(phone: string): string {
  const normalized = normalizePhone(phone)
  if (!PHONE_FORMAT.test(normalized)) {
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)')
  }
  return normalized
}

/** A request's email and phone, each checked and normalized when given (absent or '' stays undefined). */
export function validateContacts(contacts: {
  email: string | undefined
  phone: string | undefined
}): { email: string | undefined; phone: string | undefined } {
  return {
    email: contacts.email ? validateEmail(contacts.email) : undefined,
    phone: contacts.phone ? validatePhone(contacts.phone) : undefined,
  }
}

/** The weak-password error GoTrue returns, with the `weak_password.reasons` supabase-js reads. */
export function weakPasswordError(minimumLength: number): AuthError {
  return new AuthError(
    422,
    'weak_password',
    `Password should be at least ${minimumLength} characters.`,
    {
      weak_password: { reasons: ['length'] },
    },
  )
}

/** Refuses passwords shorter than the configured minimum or longer than bcrypt can hash. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  // GoTrue measures bytes (Go's len), not characters.
  const bytes = Buffer.byteLength(password, 'utf8')
  if (bytes > MAX_PASSWORD_BYTES) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`,
    )
  }
  if (bytes < minimumLength) throw weakPasswordError(minimumLength)
}

/** Refuses a bcrypt cost bcrypt does not have (a whole number from 4 to 31). */
export function checkBcryptCost(cost: number): number {
  if (!Number.isInteger(cost) || cost < MIN_BCRYPT_COST || cost > MAX_BCRYPT_COST) {
    throw new RangeError(
      `bcryptCost must be a whole number from ${MIN_BCRYPT_COST} to ${MAX_BCRYPT_COST}, not ${cost}`,
    )
  }
  return cost
}

/** Hashes at `cost` (the server's `bcryptCost`); the hash carries its cost. */
export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost)
}

/**
 * Verifies against a bcrypt hash (`$2a$`/`$2b$`/`$2y$`, including pgcrypto's `crypt(…, gen_salt('bf'))`),
 * at the cost the hash was made with, whatever the server's `bcryptCost` is now.
 */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[aby]\$/.test(hash)) return false
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}

const DURATION_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

/**
 * Parses a Go duration (`ban_duration`: "24h", "1h30m", "none") into milliseconds;
 * "none" is 0, which lifts a ban.
 */
export function parseBanDuration(value: string): number {
  if (value === 'none') return 0
  const invalid = () =>
    badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${value}"`,
    )
  const match = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/.exec(value)
  if (!match) throw invalid()
  let total = 0
  for (const part of value
    .replace(/^[-+]/, '')
    .matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g)) {
    total += Number(part[1]) * (DURATION_UNITS[part[2] ?? ''] ?? 0)
  }
  return match[1] === '-' ? -total : total
}
