// The signed, expiring links of families' alerts: `<payload>.<signature>`, both base64url, the
// signature an HMAC-SHA256 of the payload with the function's secret (FAMILY_ALERTS_SECRET, or
// else one derived from the service role key). A payload names what the link may do (its
// purpose), the address's row, the row's manage_token_hash (the hash of a random value made
// with the row: replacing it voids every link of the address) and when the link expires.

export type Purpose = 'confirm' | 'manage' | 'unsubscribe'

/** How long each link works. */
export const LIFETIME_MS: Record<Purpose, number> = {
  confirm: 3 * 24 * 3600_000,
  manage: 30 * 24 * 3600_000,
  unsubscribe: 90 * 24 * 3600_000,
}

export type TokenPayload = {
  /** purpose */
  p: Purpose
  /** family_subscribers.id */
  s: string
  /** family_subscribers.manage_token_hash when the link was made */
  n: string
  /** issued (ms) */
  i: number
  /** expires (ms) */
  e: number
}

const encoder = new TextEncoder()

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(padded + '='.repeat((4 - (padded.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

async function hmacKey(secret: string) {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
  return [...digest].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/** A fresh link secret for an address (32 random bytes). */
export function newLinkSecret(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)))
}

export async function signToken(
  secret: string,
  purpose: Purpose,
  subscriber: string,
  linkSecret: string,
  now = Date.now(),
): Promise<string> {
  const payload: TokenPayload = {
    p: purpose,
    s: subscriber,
    n: linkSecret,
    i: now,
    e: now + LIFETIME_MS[purpose],
  }
  const body = base64url(encoder.encode(JSON.stringify(payload)))
  const signature = new Uint8Array(
    await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(body)),
  )
  return `${body}.${base64url(signature)}`
}

/**
 * The payload of `token` when its signature is ours, it is for `purposes` and it has not
 * expired; else undefined. (Whether its address still exists, with that link secret, is the
 * caller's to check.)
 */
export async function verifyToken(
  secret: string,
  token: unknown,
  purposes: Purpose[],
  now = Date.now(),
): Promise<TokenPayload | undefined> {
  if (typeof token !== 'string' || token.length > 1000) return undefined
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token)
  if (!match) return undefined
  try {
    const ok = await crypto.subtle.verify(
      'HMAC',
      await hmacKey(secret),
      fromBase64url(match[2]!),
      encoder.encode(match[1]!),
    )
    if (!ok) return undefined
    const payload = JSON.parse(new TextDecoder().decode(fromBase64url(match[1]!))) as TokenPayload
    if (!purposes.includes(payload.p)) return undefined
    if (typeof payload.e !== 'number' || payload.e <= now) return undefined
    if (typeof payload.s !== 'string' || typeof payload.n !== 'string') return undefined
    return payload
  } catch {
    return undefined
  }
}

/** The function's signing secret: FAMILY_ALERTS_SECRET, or one derived from the service role key. */
export async function signingSecret(
  given: string | undefined,
  serviceRoleKey: string | undefined,
): Promise<string> {
  if (given && given.length >= 32) return given
  if (!serviceRoleKey) throw new Error('FAMILY_ALERTS_SECRET is not set (32 characters or more).')
  return `derived:${await sha256Hex(`family-alerts\n${serviceRoleKey}`)}`
}
