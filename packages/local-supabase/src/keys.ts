import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'

/** The Supabase CLI's well-known local secret and keys (wire contract §0). Safe to publish: local only. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long'
export const DEFAULT_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0'
export const DEFAULT_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU'
export const DEFAULT_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH'
export const DEFAULT_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'

export type Keys = {
  jwtSecret: string
  anonKey: string
  serviceRoleKey: string
  publishableKey: string
  secretKey: string
}

export type JwtClaims = Record<string, unknown> & { role?: string; sub?: string; exp?: number }

export type VerifyResult =
  { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid'; message: string }

function secretBytes(secret: string) {
  return new TextEncoder().encode(secret)
}

/**
 * The roles a token may act as (the publishable and secret keys map to anon and
 * service_role before this). The local JWT secret is public, so without this rule
 * anyone could mint a `postgres` or `supabase_admin` token and be believed.
 */
export const API_ROLES: ReadonlySet<string> = new Set(['anon', 'authenticated', 'service_role'])

/**
 * The role a verified token acts as: its `role` claim, or anon when it names none (as
 * PostgREST reads it); undefined when the claim names any role outside `API_ROLES`.
 */
export function apiRole(claims: JwtClaims): string | undefined {
  const role: unknown = claims.role
  if (role === undefined || role === null || role === '') return 'anon'
  return typeof role === 'string' && API_ROLES.has(role) ? role : undefined
}

/** Signs HS256 claims with the project secret, as GoTrue and the CLI do. */
export async function signJwt(secret: string, claims: JwtClaims): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretBytes(secret))
}

export async function verifyJwt(secret: string, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), { algorithms: ['HS256'] })
    return { ok: true, claims: payload as JwtClaims }
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      return { ok: false, reason: 'expired', message: 'JWT expired' }
    const message = error instanceof Error ? error.message : String(error)
    return { ok: false, reason: 'invalid', message }
  }
}

/** Builds the key set. With the default secret the CLI's well-known keys are used; otherwise keys are minted. */
export async function makeKeys(jwtSecret = DEFAULT_JWT_SECRET): Promise<Keys> {
  if (jwtSecret === DEFAULT_JWT_SECRET) {
    return {
      jwtSecret,
      anonKey: DEFAULT_ANON_KEY,
      serviceRoleKey: DEFAULT_SERVICE_ROLE_KEY,
      publishableKey: DEFAULT_PUBLISHABLE_KEY,
      secretKey: DEFAULT_SECRET_KEY,
    }
  }
  const exp = Math.floor(Date.now() / 1000) + 10 * 365 * 24 * 3600
  return {
    jwtSecret,
    anonKey: await signJwt(jwtSecret, { iss: 'supabase-demo', role: 'anon', exp }),
    serviceRoleKey: await signJwt(jwtSecret, { iss: 'supabase-demo', role: 'service_role', exp }),
    publishableKey: DEFAULT_PUBLISHABLE_KEY,
    secretKey: DEFAULT_SECRET_KEY,
  }
}

/**
 * The gateway's rule (wire contract §0): keep an incoming `Authorization` unless it is
 * `Bearer sb_…`; otherwise derive it from `apikey`: the secret key stands for the
 * service-role JWT, the publishable key for the anon JWT, and anything else is used as is.
 * Returns the bearer token to verify, or undefined when the request carries none.
 */
export function effectiveBearer(
  keys: Keys,
  authorization: string | undefined,
  apikey: string | undefined,
): string | undefined {
  const match = authorization ? /^bearer\s+(.+)$/i.exec(authorization.trim()) : null
  const bearer = match?.[1]?.trim()
  if (bearer && !bearer.startsWith('sb_')) return bearer
  const key = apikey ?? bearer
  if (!key) return undefined
  if (key === keys.secretKey) return keys.serviceRoleKey
  if (key === keys.publishableKey) return keys.anonKey
  // An unknown `sb_` key, or any other string, is verified as a JWT and refused there.
  return key
}
