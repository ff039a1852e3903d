/**
 * Multi-factor authentication with TOTP, as GoTrue's `internal/api/mfa.go`: enroll,
 * challenge, verify and unenroll under `/factors`, and the admin factor endpoints.
 * Codes are made and checked by otpauth (RFC 6238: SHA-1, 6 digits, 30 s, one step of
 * skew either way); the QR code is drawn by qrcode.
 */
import { isIP } from 'node:net'
import { randomUUID } from 'node:crypto'

import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

import type { Tx } from '../../db/database.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { AuthError, badRequest, forbidden, notFound, unprocessable } from '../errors.ts'
import { requireAdmin, requireUser } from '../guard.ts'
import type { Caller } from '../guard.ts'
import { readFields, readParams, stringParam } from '../request.ts'
import { raiseSession } from '../sessions.ts'
import { factorJson, findUserById, isUuid, reloadUser } from '../users.ts'
import type { FactorRow, User } from '../users.ts'

/** GoTrue's `MFA.ChallengeExpiryDuration` default (and minimum): 300 s. */
export const CHALLENGE_EXPIRY_SECONDS = 300
/** GoTrue's `MFA.FactorExpiryDuration`: unverified, never-challenged factors are swept after 300 s. */
const FACTOR_EXPIRY_SECONDS = 300
/** GoTrue's `MFA.MaxVerifiedFactors`. */
const MAX_VERIFIED_FACTORS = 10
/** What GoTrue's TOTP uses (`totp.ValidateOpts`). */
const TOTP_PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const

const ok = (json: unknown): ServiceResponse => ({ status: 200, json })
const internal = (message: string) => new AuthError(500, 'unexpected_failure', message)

type ChallengeRow = {
  id: string
  factor_id: string
  created_at: Date
  verified_at: Date | null
  ip_address: string
}

/**
 * The caller's address as GoTrue's `utilities.GetIPAddress` would see it behind the gateway:
 * the first `X-Forwarded-For` entry when it is an IP address, else the loopback this local
 * server listens on. Challenge and verify must come from the same address.
 */
function clientIp(request: ServiceRequest): string {
  const forwarded = request.headers['x-forwarded-for']
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim()
  return first && isIP(first) ? first : '127.0.0.1'
}

/** `requireAuthentication` + `requireNotAnonymous`: the factor routes need a real user's session. */
async function requireMfaCaller(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<Caller & { sessionId: string }> {
  const caller = await requireUser(context, request)
  if (caller.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions')
  }
  if (!caller.sessionId) {
    throw internal('A valid session and a registered user are required to enroll a factor')
  }
  return { ...caller, sessionId: caller.sessionId }
}

async function sessionIsAal2(tx: Tx, sessionId: string): Promise<boolean> {
  const found = await tx.query<{ aal: string | null }>(
    'select aal::text as aal from auth.sessions where id = $1',
    [sessionId],
  )
  return found.rows[0]?.aal === 'aal2'
}

/** GoTrue's `loadFactor`: a UUID naming one of the user's own factors, else 404. */
function ownedFactor(user: User, factorId: string): FactorRow {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID')
  const factor = user.factors.find((candidate) => candidate.id === factorId.toLowerCase())
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found')
  return factor
}

/** The issuer GoTrue defaults to: the host (with port) of the site URL. */
function defaultIssuer(siteUrl: string): string {
  try {
    return new URL(siteUrl).host
  } catch {
    throw internal('site url is improperly formatted')
  }
}

/**
 * The QR code as an SVG document, which supabase-js turns into a `data:image/svg+xml;utf-8,`
 * URL without encoding it: colours are named, since a `#` would end that URL early.
 */
async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 4 })
  return svg.replaceAll('#ffffff', 'white').replaceAll('#000000', 'black').trim()
}

/** Deletes factors that were never verified nor challenged and are older than the expiry. */
async function deleteExpiredFactors(tx: Tx): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors f
     where f.status <> 'verified'
       and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
       and f.created_at + make_interval(secs => $1) < now()`,
    [FACTOR_EXPIRY_SECONDS],
  )
}

/** GoTrue's `validateFactors`: name conflicts, the factor limits, and aal2 once a factor is verified. */
async function validateNewFactor(
  tx: Tx,
  context: ServiceContext,
  user: User,
  friendlyName: string,
  sessionId: string,
): Promise<void> {
  await deleteExpiredFactors(tx)
  const factors = (await reloadUser(tx, user.id)).factors
  let verified = 0
  for (const factor of factors) {
    if ((factor.friendly_name ?? '') === friendlyName) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      )
    }
    if (factor.status === 'verified') verified += 1
  }
  if (factors.length >= context.config.mfa.maxEnrolledFactors || verified >= MAX_VERIFIED_FACTORS) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    )
  }
  if (verified > 0 && !(await sessionIsAal2(tx, sessionId))) {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor')
  }
}

/** `POST /factors` `{factor_type, friendly_name?, issuer?}`: a new, unverified TOTP factor. */
export async function enrollFactor(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const caller = await requireMfaCaller(context, request)
  const {
    factor_type: factorType,
    friendly_name: friendlyName,
    issuer: issuerParam,
  } = readFields(readParams(request), {
    factor_type: 'string',
    friendly_name: 'string',
    issuer: 'string',
    // Read only to refuse one that is not a string, as GoTrue's decoder does.
    phone: 'string',
  })

  switch (factorType) {
    case 'totp':
      break
    case 'phone':
      throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
    case 'webauthn':
      throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
    default:
      throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn')
  }
  if (!context.config.mfa.totpEnroll) {
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP')
  }
  const issuer = issuerParam || defaultIssuer(context.config.siteUrl)
  const totp = new TOTP({
    issuer,
    label: caller.user.email ?? '',
    secret: new Secret({ size: 20 }),
    ...TOTP_PARAMS,
  })
  const uri = totp.toString()
  const qrCode = await qrSvg(uri)

  const factor = await context.db.runAsAdmin(async (tx) => {
    await validateNewFactor(tx, context, caller.user, friendlyName, caller.sessionId)
    const id = randomUUID()
    await tx.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, caller.user.id, friendlyName, totp.secret.base32],
    )
    return id
  })
  return ok({
    id: factor,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qrCode, secret: totp.secret.base32, uri },
  })
}

/** `POST /factors/{id}/challenge` → `{id, type, expires_at}`. */
export async function challengeFactor(
  context: ServiceContext,
  request: ServiceRequest,
  factorId: string,
): Promise<ServiceResponse> {
  const caller = await requireMfaCaller(context, request)
  const factor = ownedFactor(caller.user, factorId)
  // A TOTP challenge reads no body (supabase-js sends `{factorId}`).
  if (factor.factor_type !== 'totp') {
    throw unprocessable(
      `mfa_${factor.factor_type}_verify_not_enabled`,
      `MFA verification is disabled for ${factor.factor_type}`,
    )
  }
  if (!context.config.mfa.totpVerify) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP')
  }
  const challenge = await context.db.runAsAdmin(async (tx) => {
    const inserted = await tx.query<{ id: string; created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
       values ($1, $2, now(), $3::inet) returning id, created_at`,
      [randomUUID(), factor.id, clientIp(request)],
    )
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [
      factor.id,
    ])
    const row = inserted.rows[0]
    if (!row) throw new Error('challenge insert returned no row')
    return row
  })
  return ok({
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor(challenge.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  })
}

/** GoTrue's `validateChallenge`: the challenge must be this factor's, unused, from this address, and fresh. */
async function validChallenge(
  tx: Tx,
  request: ServiceRequest,
  factor: FactorRow,
  challengeId: string,
): Promise<ChallengeRow> {
  const found = isUuid(challengeId)
    ? await tx.query<ChallengeRow>(
        `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
        [challengeId, factor.id],
      )
    : { rows: [] }
  const challenge = found.rows[0]
  if (!challenge) {
    throw unprocessable(
      'mfa_factor_not_found',
      'MFA factor with the provided challenge ID not found',
    )
  }
  if (challenge.verified_at !== null || challenge.ip_address !== clientIp(request)) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
  }
  if (challenge.created_at.getTime() + CHALLENGE_EXPIRY_SECONDS * 1000 < Date.now()) {
    await tx.query('delete from auth.mfa_challenges where id = $1', [challenge.id])
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    )
  }
  return challenge
}

/** A failure that must still commit what came before it (an expired challenge is deleted). */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: AuthError }

/**
 * `POST /factors/{id}/verify` `{challenge_id, code}` → a session JSON at aal2, in the same
 * session. The factor becomes verified; the user's other aal1 sessions end, and their other
 * unverified TOTP factors are removed, as in GoTrue.
 */
export async function verifyFactor(
  context: ServiceContext,
  request: ServiceRequest,
  factorId: string,
): Promise<ServiceResponse> {
  const caller = await requireMfaCaller(context, request)
  const factor = ownedFactor(caller.user, factorId)
  const params = readParams(request)
  const rawChallengeId = params.challenge_id
  if (rawChallengeId !== undefined && rawChallengeId !== null && !isUuid(rawChallengeId)) {
    // Go decodes `challenge_id` into a UUID: anything else is a JSON decoding error.
    throw badRequest('bad_json', 'Could not parse request body as JSON')
  }
  const challengeId = typeof rawChallengeId === 'string' ? rawChallengeId : ''
  const code = stringParam(params, 'code')
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty')
  if (factor.factor_type !== 'totp' || !context.config.mfa.totpVerify) {
    throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP')
  }

  const outcome = await context.db.runAsAdmin(async (tx): Promise<Outcome<unknown>> => {
    let challenge: ChallengeRow
    try {
      challenge = await validChallenge(tx, request, factor, challengeId)
    } catch (error) {
      if (error instanceof AuthError) return { ok: false, error }
      throw error
    }
    const totp = new TOTP({ secret: Secret.fromBase32(factor.secret ?? ''), ...TOTP_PARAMS })
    if (totp.validate({ token: code, window: 1 }) === null) {
      return {
        ok: false,
        error: unprocessable('mfa_verification_failed', 'Invalid TOTP code entered'),
      }
    }
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [
      challenge.id,
    ])
    if (factor.status !== 'verified') {
      await tx.query(
        `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`,
        [factor.id],
      )
    }
    // Other unverified TOTP factors go (GoTrue's DeleteUnverifiedFactors), then the session rises.
    await tx.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`,
      [caller.user.id],
    )
    const session = await raiseSession(
      tx,
      context,
      await reloadUser(tx, caller.user.id),
      caller.sessionId,
      factor.id,
    )
    // InvalidateSessionsWithAALLessThan(aal2): every other device still at aal1 is signed out.
    await tx.query(
      `delete from auth.sessions where user_id = $1 and id <> $2 and aal::text = 'aal1'`,
      [caller.user.id, caller.sessionId],
    )
    return { ok: true, value: session }
  })
  if (!outcome.ok) throw outcome.error
  return ok(outcome.value)
}

/**
 * Removes a factor and downgrades the sessions it raised (GoTrue's `DowngradeSessionsToAAL1`):
 * their `totp` amr entry goes, so their next token is aal1.
 */
async function removeFactor(tx: Tx, factor: FactorRow): Promise<void> {
  await tx.query('delete from auth.mfa_factors where id = $1', [factor.id])
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id],
  )
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`,
    [factor.user_id, factor.id],
  )
}

/** `DELETE /factors/{id}` → `{id}`; a verified factor needs an aal2 session (422 `insufficient_aal`). */
export async function unenrollFactor(
  context: ServiceContext,
  request: ServiceRequest,
  factorId: string,
): Promise<ServiceResponse> {
  const caller = await requireMfaCaller(context, request)
  const factor = ownedFactor(caller.user, factorId)
  await context.db.runAsAdmin(async (tx) => {
    if (factor.status === 'verified' && !(await sessionIsAal2(tx, caller.sessionId))) {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await removeFactor(tx, factor)
  })
  return ok({ id: factor.id })
}

async function adminTarget(context: ServiceContext, request: ServiceRequest, userId: string) {
  await requireAdmin(context, request)
  const user = await context.db.runAsAdmin((tx) => findUserById(tx, userId))
  if (!user) throw notFound('user_not_found', 'User not found')
  return user
}

/** `GET /admin/users/{id}/factors` (`auth.admin.mfa.listFactors`): the user's factors. */
export async function adminListFactors(
  context: ServiceContext,
  request: ServiceRequest,
  userId: string,
): Promise<ServiceResponse> {
  const user = await adminTarget(context, request, userId)
  return ok(user.factors.map(factorJson))
}

/**
 * `DELETE /admin/users/{id}/factors/{factorId}` (`auth.admin.mfa.deleteFactor`): the lost-phone
 * recovery. Answers the deleted factor; the sessions it raised drop to aal1.
 */
export async function adminDeleteFactor(
  context: ServiceContext,
  request: ServiceRequest,
  userId: string,
  factorId: string,
): Promise<ServiceResponse> {
  const user = await adminTarget(context, request, userId)
  const factor = ownedFactor(user, factorId)
  await context.db.runAsAdmin((tx) => removeFactor(tx, factor))
  return ok(factorJson(factor))
}
