import type { ServiceContext, ServiceRequest } from '../http/types.ts'
import { apiRole, verifyJwt } from '../keys.ts'
import type { JwtClaims } from '../keys.ts'
import { AuthError, forbidden } from './errors.ts'
import { findUserById, isBanned, isUuid } from './users.ts'
import type { User } from './users.ts'

/**
 * The role admin endpoints accept. GoTrue's default list also names `supabase_admin`,
 * a role no API token may carry here (see `API_ROLES`).
 */
const ADMIN_ROLE = 'service_role'

/** A request made with a user's access token. */
export type Caller = { user: User; claims: JwtClaims; sessionId: string | undefined }

/** Verifies the bearer token, with GoTrue's 401/403 answers (wire contract §2.4, pitfall 3). */
export async function verifyBearer(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<JwtClaims> {
  if (!request.bearer)
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  const result = await verifyJwt(context.keys.jwtSecret, request.bearer)
  if (!result.ok) {
    const reason =
      result.reason === 'expired'
        ? 'token has invalid claims: token is expired'
        : 'token signature is invalid'
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  if (apiRole(result.claims) === undefined) {
    throw forbidden(
      'bad_jwt',
      'invalid JWT: the role claim must be anon, authenticated or service_role',
    )
  }
  return result.claims
}

/**
 * Resolves the user behind an access token. The session named by `session_id` must
 * still exist (pitfall 13): after a logout the token is refused here, though REST and
 * Storage, being stateless, accept it until it expires.
 */
export async function requireUser(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<Caller> {
  const claims = await verifyBearer(context, request)
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  }
  if (!isUuid(claims.sub))
    throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  const sub = claims.sub
  const sessionId =
    typeof claims.session_id === 'string' && claims.session_id !== ''
      ? claims.session_id
      : undefined
  return context.db.runAsAdmin(async (tx) => {
    const user = await findUserById(tx, sub)
    if (!user || user.deleted_at)
      throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
    if (sessionId !== undefined) {
      const session = isUuid(sessionId)
        ? await tx.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
            sessionId,
            user.id,
          ])
        : { rows: [] }
      if (session.rows.length === 0) {
        throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
      }
    }
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
    return { user, claims, sessionId }
  })
}

/** Admin endpoints take only a token whose role is an admin role (the service-role key). */
export async function requireAdmin(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<JwtClaims> {
  const claims = await verifyBearer(context, request)
  if (claims.role !== ADMIN_ROLE) {
    throw forbidden('not_admin', 'User not allowed')
  }
  return claims
}
