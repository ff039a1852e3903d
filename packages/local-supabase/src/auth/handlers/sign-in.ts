// Signing in and out: sign-up, the password and refresh-token grants (with the password
// verification hook), and logout.
import { header } from '../../http/types.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { OAuthError, badRequest, unprocessable } from '../errors.ts'
import { requireUser } from '../guard.ts'
import { readFields, readParams, stringParam } from '../request.ts'
import {
  endAllSessions,
  endOtherSessions,
  endSession,
  refreshSession,
  startSession,
} from '../sessions.ts'
import type { SessionJson } from '../sessions.ts'
import {
  createUser,
  findUserByEmail,
  findUserByPhone,
  isBanned,
  reloadUser,
  updateUser,
} from '../users.ts'
import {
  checkPasswordStrength,
  hashPassword,
  normalizePhone,
  validateContacts,
  verifyPassword,
} from '../validate.ts'

const ok = (json: unknown): ServiceResponse => ({ status: 200, json })

/** `POST /signup`: email or phone plus password; accounts are confirmed at once (no mailer here). */
export async function signup(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const {
    email,
    phone,
    password,
    data = {},
  } = readFields(readParams(request), {
    email: 'string',
    phone: 'string',
    password: 'string',
    data: 'object',
  })
  const { config } = context

  // GoTrue routes a signup without email and phone to anonymous sign-in, which config.toml turns off.
  if (!email && !phone)
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
  if (!config.signupEnabled)
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
  if (!password) throw badRequest('validation_failed', 'Signup requires a valid password')
  checkPasswordStrength(password, config.minimumPasswordLength)
  if (email && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on signup.',
    )
  }
  const { email: normalizedEmail, phone: normalizedPhone } = validateContacts({ email, phone })
  // Hash before the transaction: bcrypt is slow and PGlite runs one transaction at a time.
  const passwordHash = await hashPassword(password, config.bcryptCost)

  const session = await context.db.runAsAdmin(async (tx) => {
    let user = normalizedEmail
      ? await findUserByEmail(tx, normalizedEmail)
      : await findUserByPhone(tx, normalizedPhone ?? '')
    if (user) {
      const confirmed = normalizedEmail ? user.email_confirmed_at : user.phone_confirmed_at
      if (confirmed) throw unprocessable('user_already_exists', 'User already registered')
      // GoTrue under autoconfirm confirms an existing unconfirmed account and signs it in;
      // it does not overwrite it, so the password sent here is not stored.
      await updateUser(
        tx,
        user.id,
        normalizedEmail ? { email_confirmed_at: new Date() } : { phone_confirmed_at: new Date() },
      )
      user = await reloadUser(tx, user.id)
    } else {
      user = await createUser(tx, {
        email: normalizedEmail,
        phone: normalizedPhone,
        passwordHash,
        userMetadata: data,
        emailConfirmed: Boolean(normalizedEmail),
        phoneConfirmed: Boolean(normalizedPhone),
        selfSignup: true,
      })
    }
    return startSession(tx, context, user, 'password', header(request, 'user-agent'))
  })
  return ok(session)
}

/** `POST /token?grant_type=password|refresh_token`. */
export async function token(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const grantType = request.url.searchParams.get('grant_type')
  if (grantType === 'password') return ok(await passwordGrant(context, request))
  if (grantType === 'refresh_token') return ok(await refreshGrant(context, request))
  throw new OAuthError('unsupported_grant_type')
}

async function passwordGrant(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<SessionJson> {
  const { email, phone, password } = readFields(readParams(request), {
    email: 'string',
    phone: 'string',
    password: 'string',
  })
  if (email && phone) {
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided on login.',
    )
  }
  if (!email && !phone) throw badRequest('validation_failed', 'missing email or phone')

  const user = await context.db.runAsAdmin((tx) =>
    email ? findUserByEmail(tx, email) : findUserByPhone(tx, normalizePhone(phone)),
  )
  const invalid = badRequest('invalid_credentials', 'Invalid login credentials')
  if (!user || user.deleted_at || !user.encrypted_password) throw invalid
  // GoTrue's order: banned before the password is checked, then the hook, then the verdict.
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  const valid = await verifyPassword(password, user.encrypted_password)
  await passwordVerificationHook(context, user.id, valid)
  if (!valid) throw invalid
  if (email && !user.email_confirmed_at)
    throw badRequest('email_not_confirmed', 'Email not confirmed')
  if (!email && !user.phone_confirmed_at)
    throw badRequest('phone_not_confirmed', 'Phone not confirmed')

  const session = await context.db.runAsAdmin((tx) =>
    startSession(tx, context, user, 'password', header(request, 'user-agent')),
  )
  const minimum = context.config.minimumPasswordLength
  if (Buffer.byteLength(password, 'utf8') < minimum) {
    // Sign-in still succeeds; supabase-js surfaces this so apps can ask for a stronger password.
    session.weak_password = {
      reasons: ['length'],
      message: `Password should be at least ${minimum} characters.`,
    }
  }
  return session
}

/** GoTrue's message when the hook rejects without one of its own. */
const HOOK_REJECTION_MESSAGE = 'Further password verification attempts will be rejected.'

/**
 * `[auth.hook.password_verification_attempt]`: GoTrue calls the Postgres function with
 * `{ metadata, user_id, valid }` after each password check of an existing account, in a
 * transaction of its own (so what it writes stays, whatever the sign-in's outcome), and
 * refuses the sign-in (400 `invalid_credentials`) when it answers `decision: "reject"`,
 * first ending the user's sessions if `should_logout_user`.
 */
async function passwordVerificationHook(
  context: ServiceContext,
  userId: string,
  valid: boolean,
): Promise<void> {
  const fn = context.config.passwordVerificationHook
  if (!fn) return
  const input = {
    metadata: { name: 'password-verification-attempt', time: new Date().toISOString() },
    user_id: userId,
    valid,
  }
  const output = await context.db.runAsAdmin(async (tx) => {
    const result = await tx.query<{ output: unknown }>(`select ${fn}($1::jsonb) as output`, [
      JSON.stringify(input),
    ])
    return result.rows[0]?.output
  })
  const answer = (output && typeof output === 'object' ? output : {}) as {
    decision?: unknown
    message?: unknown
    should_logout_user?: unknown
  }
  if (answer.decision !== 'reject') return
  if (answer.should_logout_user === true) {
    await context.db.runAsAdmin((tx) => endAllSessions(tx, userId))
  }
  const message =
    typeof answer.message === 'string' && answer.message ? answer.message : HOOK_REJECTION_MESSAGE
  throw badRequest('invalid_credentials', message)
}

async function refreshGrant(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<SessionJson> {
  const refreshToken = stringParam(readParams(request), 'refresh_token')
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token required')
  // Failures are returned, not thrown, so that revoking a reused token's family commits.
  const outcome = await context.db.runAsAdmin((tx) => refreshSession(tx, context, refreshToken))
  if (!outcome.ok) throw outcome.error
  return outcome.session
}

/** `POST /logout?scope=global|local|others` → 204. */
export async function logout(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const caller = await requireUser(context, request)
  const scope = request.url.searchParams.get('scope') ?? ''
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw badRequest('validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`)
  }
  await context.db.runAsAdmin(async (tx) => {
    if (scope === 'local') {
      if (caller.sessionId) await endSession(tx, caller.sessionId)
    } else if (scope === 'others') {
      if (caller.sessionId) await endOtherSessions(tx, caller.user.id, caller.sessionId)
    } else {
      await endAllSessions(tx, caller.user.id)
    }
  })
  return { status: 204 }
}
