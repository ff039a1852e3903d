import { randomBytes } from 'node:crypto'

import type { Tx } from '../db/database.ts'
import type { ServiceContext } from '../http/types.ts'
import { signJwt } from '../keys.ts'
import { badRequest } from './errors.ts'
import type { AuthError } from './errors.ts'
import { findUserById, isBanned, reloadUser, updateUser, userJson } from './users.ts'
import type { User } from './users.ts'

/** How a session was authenticated, as it appears in the `amr` claim. */
export type AuthMethod = 'password' | 'otp' | 'recovery' | 'magiclink' | 'totp'

/** The `amr` methods that make a session aal2 (GoTrue's `AMRClaim.IsAAL2Claim`). */
const AAL2_METHODS = new Set(['totp', 'mfa/phone', 'mfa/webauthn'])

type SessionRow = { id: string; user_id: string; aal: string | null; not_after: Date | null }
type RefreshTokenRow = {
  id: number
  token: string
  user_id: string
  revoked: boolean
  updated_at: Date
  parent: string | null
  session_id: string | null
}

/** The session JSON of wire contract §2.2. */
export type SessionJson = {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: ReturnType<typeof userJson>
  weak_password?: { reasons: string[]; message: string }
}

/** An opaque refresh token: 16 random bytes, base64url (22 characters), like GoTrue's SecureToken. */
function newRefreshToken(): string {
  return randomBytes(16).toString('base64url')
}

/**
 * The session's `aal` and `amr`, computed from its `auth.mfa_amr_claims` rows as GoTrue's
 * `Session.CalculateAALAndAMR` does: newest first, each stamped with when it last happened,
 * and aal2 as soon as one of them is a second factor.
 */
export async function assuranceOf(tx: Tx, sessionId: string) {
  const rows = await tx.query<{ authentication_method: string; updated_at: Date }>(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, id',
    [sessionId],
  )
  const amr = rows.rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(row.updated_at.getTime() / 1000),
  }))
  const aal = amr.some((entry) => AAL2_METHODS.has(entry.method)) ? 'aal2' : 'aal1'
  return { aal, amr }
}

/** Mints the access token (claims exactly as wire contract §2.3) and wraps it in session JSON. */
async function sessionJson(
  tx: Tx,
  context: ServiceContext,
  user: User,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionJson> {
  const { config, keys } = context
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + config.jwtExpiry
  const { aal, amr } = await assuranceOf(tx, session.id)
  const accessToken = await signJwt(keys.jwtSecret, {
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  }
}

async function insertRefreshToken(
  tx: Tx,
  userId: string,
  sessionId: string,
  parent: string | null,
) {
  const token = newRefreshToken()
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, parent, session_id, created_at, updated_at)
     values ($1, $2, false, $3, $4, now(), now())`,
    [token, userId, parent, sessionId],
  )
  return token
}

/** Starts a new session for a signed-in user: session row, amr entry, first refresh token. */
export async function startSession(
  tx: Tx,
  context: ServiceContext,
  user: User,
  method: AuthMethod,
  /** The `User-Agent` of the sign-in request, kept on the session as GoTrue does. */
  userAgent?: string,
): Promise<SessionJson> {
  const session = await tx.query<SessionRow>(
    `insert into auth.sessions (user_id, aal, created_at, updated_at, user_agent)
     values ($1, 'aal1', now(), now(), $2)
     returning id, user_id, aal, not_after`,
    [user.id, userAgent ?? null],
  )
  const row = session.rows[0]
  if (!row) throw new Error('session insert returned no row')
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
     values ($1, $2, now(), now())`,
    [row.id, method],
  )
  const refreshToken = await insertRefreshToken(tx, user.id, row.id, null)
  await updateUser(tx, user.id, { last_sign_in_at: new Date() })
  await tx.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2`,
    [user.id, user.phone && !user.email ? 'phone' : 'email'],
  )
  return sessionJson(tx, context, await reloadUser(tx, user.id), row, refreshToken)
}

/** A refresh either succeeds, or fails after writes that must still commit (a revoked token family). */
export type RefreshOutcome = { ok: true; session: SessionJson } | { ok: false; error: AuthError }

/**
 * The refresh-token grant with rotation, exactly as wire contract §2.5 describes GoTrue's:
 * a revoked token that is the parent of the session's active token gets the active token
 * back; one revoked less than `refreshTokenReuseInterval` seconds ago gets a new child;
 * any other reuse revokes the whole family.
 */
export async function refreshSession(
  tx: Tx,
  context: ServiceContext,
  presented: string,
): Promise<RefreshOutcome> {
  const found = await tx.query<RefreshTokenRow>(
    'select * from auth.refresh_tokens where token = $1',
    [presented],
  )
  const token = found.rows[0]
  const notFound = badRequest(
    'refresh_token_not_found',
    'Invalid Refresh Token: Refresh Token Not Found',
  )
  if (!token) return { ok: false, error: notFound }
  const user = await findUserById(tx, token.user_id)
  if (!user) return { ok: false, error: notFound }
  if (isBanned(user))
    return { ok: false, error: badRequest('user_banned', 'Invalid Refresh Token: User Banned') }

  const sessions = token.session_id
    ? await tx.query<SessionRow>(
        'select id, user_id, aal, not_after from auth.sessions where id = $1',
        [token.session_id],
      )
    : undefined
  const session = sessions?.rows[0]
  if (!session) {
    await tx.query('delete from auth.refresh_tokens where id = $1', [token.id])
    return {
      ok: false,
      error: badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
    }
  }
  if (session.not_after && session.not_after < new Date()) {
    return {
      ok: false,
      error: badRequest('session_expired', 'Invalid Refresh Token: Session Expired'),
    }
  }

  let issued: string | undefined
  if (token.revoked) {
    const active = await tx.query<RefreshTokenRow>(
      'select * from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1',
      [session.id],
    )
    const current = active.rows[0]
    if (current && current.parent === token.token) {
      // The client lost the response to its last refresh: hand back what it missed.
      issued = current.token
    } else {
      const reuseUntil =
        token.updated_at.getTime() + context.config.refreshTokenReuseInterval * 1000
      if (Date.now() > reuseUntil) {
        if (context.config.refreshTokenRotation) {
          await tx.query(
            'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
            [session.id],
          )
        }
        return {
          ok: false,
          error: badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
        }
      }
    }
  }
  if (!issued) {
    await tx.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1',
      [token.id],
    )
    issued = await insertRefreshToken(tx, user.id, session.id, token.token)
  }
  await tx.query(
    `update auth.sessions set updated_at = now(), refreshed_at = now() at time zone 'utc'
     where id = $1`,
    [session.id],
  )
  return { ok: true, session: await sessionJson(tx, context, user, session, issued) }
}

/** Ends every session of a user (logout scope `global`, password changes by an admin). */
export async function endAllSessions(tx: Tx, userId: string): Promise<void> {
  await tx.query('delete from auth.sessions where user_id = $1', [userId])
  await tx.query('delete from auth.refresh_tokens where user_id = $1', [userId])
}

/** Ends one session (logout scope `local`). */
export async function endSession(tx: Tx, sessionId: string): Promise<void> {
  await tx.query('delete from auth.sessions where id = $1', [sessionId])
}

/** Ends every session of a user but one (logout scope `others`, password changes). */
export async function endOtherSessions(
  tx: Tx,
  userId: string,
  keepSessionId: string,
): Promise<void> {
  await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [
    userId,
    keepSessionId,
  ])
  await tx.query(
    'delete from auth.refresh_tokens where user_id = $1 and session_id is distinct from $2',
    [userId, keepSessionId],
  )
}

/**
 * Raises the caller's session with a verified second factor, as GoTrue's
 * `updateMFASessionAndClaims`: adds (or renews) the `totp` amr entry, records the factor and
 * the new level on the session, and replaces the session's refresh tokens with a new one, so
 * a refresh token handed out at aal1 cannot mint aal2 tokens.
 */
export async function raiseSession(
  tx: Tx,
  context: ServiceContext,
  user: User,
  sessionId: string,
  factorId: string,
): Promise<SessionJson> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at, updated_at)
     values ($1, 'totp', now(), now())
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId],
  )
  const { aal } = await assuranceOf(tx, sessionId)
  const updated = await tx.query<SessionRow>(
    `update auth.sessions set aal = $2, factor_id = $3, updated_at = now() where id = $1
     returning id, user_id, aal, not_after`,
    [sessionId, aal, factorId],
  )
  const session = updated.rows[0]
  if (!session) throw new Error(`session ${sessionId} vanished inside its own transaction`)
  await tx.query('delete from auth.refresh_tokens where session_id = $1', [sessionId])
  const refreshToken = await insertRefreshToken(tx, user.id, sessionId, null)
  return sessionJson(tx, context, user, session, refreshToken)
}
