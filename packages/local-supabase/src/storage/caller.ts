import type { Tx } from '../db/database.ts'
import type { ServiceContext, ServiceRequest } from '../http/types.ts'
import { apiRole, verifyJwt } from '../keys.ts'
import type { JwtClaims } from '../keys.ts'
import { errors } from './errors.ts'

/** Who a Storage request runs as. */
export type Caller = {
  role: string
  claims: JwtClaims
  /** The JWT `sub`, the owner of what the caller creates. */
  sub: string | undefined
  /** True when a valid JWT was presented (the anon key counts, as in storage-api). */
  authenticated: boolean
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** True for a canonical UUID string. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value)
}

const ANONYMOUS: Caller = {
  role: 'anon',
  claims: { role: 'anon' },
  sub: undefined,
  authenticated: false,
}

/** The service role, for work a verified signed-upload token has already authorised. */
export const SERVICE_CALLER: Caller = {
  role: 'service_role',
  claims: { role: 'service_role' },
  sub: undefined,
  authenticated: true,
}

/**
 * Verifies the request's bearer token. With `lenient`, a bad token falls back
 * to an anonymous caller (storage-api's `allowInvalidJwt` routes); otherwise
 * it is refused with AccessDenied, the verifier's message and HTTP 400.
 */
export async function resolveCaller(
  context: ServiceContext,
  request: ServiceRequest,
  lenient = false,
): Promise<Caller> {
  if (request.bearer === undefined) return ANONYMOUS
  const verified = await verifyJwt(context.keys.jwtSecret, request.bearer)
  if (!verified.ok) {
    if (lenient) return ANONYMOUS
    throw errors.accessDenied(verified.reason === 'expired' ? 'jwt expired' : verified.message)
  }
  const role = apiRole(verified.claims)
  // Refused even on lenient routes: a forged role is not a mistake to shrug off as anon.
  if (role === undefined) throw errors.roleNotAllowed(String(verified.claims.role))
  const sub =
    typeof verified.claims.sub === 'string' && verified.claims.sub ? verified.claims.sub : undefined
  return { role, claims: { ...verified.claims, role }, sub, authenticated: true }
}

/** `owner` (a uuid column) and `owner_id` (text) for rows the caller creates. */
export function ownerColumns(caller: Caller): { owner: string | null; ownerId: string | null } {
  return { owner: isUuid(caller.sub) ? caller.sub : null, ownerId: caller.sub ?? null }
}

/**
 * Runs `fn` in one transaction as the caller, with the settings storage-api
 * sets, so that the `storage.*` row-level security policies decide.
 */
export function runAsCaller<T>(
  context: ServiceContext,
  caller: Caller,
  operation: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return context.db.runAs({ role: caller.role, claims: caller.claims }, fn, {
    settings: {
      'storage.operation': operation,
      'storage.allow_delete_query': 'true',
      'request.jwt.claim.sub': caller.sub ?? '',
      'request.jwt.claim.role': caller.role,
    },
  })
}

/**
 * Runs `fn` inside the caller's transaction with row-level security out of
 * the way (back to the session's superuser), then restores the caller's role.
 * Used to tell "missing" from "not visible to you" and to lock rows consistently.
 */
export async function withoutRls<T>(tx: Tx, caller: Caller, fn: () => Promise<T>): Promise<T> {
  await tx.query(`select set_config('role', 'none', true)`)
  // No finally: after a failed statement the transaction is aborted and rolls back anyway.
  const result = await fn()
  await tx.query(`select set_config('role', $1, true)`, [caller.role])
  return result
}
