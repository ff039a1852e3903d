import { createHash, randomInt } from 'node:crypto'

import type { Tx } from '../../db/database.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { AuthError, badRequest, forbidden, notFound, unprocessable } from '../errors.ts'
import { requireAdmin } from '../guard.ts'
import { deliver, readOutbox, takeSendAllowance } from '../outbox.ts'
import { boolParam, objectParam, readParams, stringParam } from '../request.ts'
import { startSession } from '../sessions.ts'
import type { AuthMethod, SessionJson } from '../sessions.ts'
import {
  createUser,
  findUserByEmail,
  isBanned,
  reloadUser,
  updateUser,
  userJson,
} from '../users.ts'
import type { User } from '../users.ts'
import { validateEmail } from '../validate.ts'

/** The CLI's `[auth.email] otp_expiry` default: links and codes live one hour. */
const OTP_EXPIRY_SECONDS = 3600

/** Link types this server issues; all are one-time sign-ins stored in `auth.users.recovery_token`. */
type LinkType = 'recovery' | 'magiclink'

/** Verification types accepted for those links (`email` is supabase-js's name for a magic-link code). */
const VERIFY_TYPES = new Set(['recovery', 'magiclink', 'email', 'signup'])

/** GoTrue's token hash: hex SHA-224 of the email followed by the six-digit code. */
export function tokenHash(email: string, code: string): string {
  return createHash('sha224')
    .update(email + code)
    .digest('hex')
}

/**
 * Where a link may send the browser: the site URL, or any local origin (this is a
 * development server); anything else falls back to the site URL, as GoTrue's allow-list does.
 */
function safeRedirect(context: ServiceContext, requested: string | null | undefined): string {
  const fallback = context.config.siteUrl
  if (!requested) return fallback
  try {
    const url = new URL(requested)
    const site = new URL(fallback)
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    if (
      url.origin === site.origin ||
      ((url.protocol === 'http:' || url.protocol === 'https:') && local)
    ) {
      return url.toString()
    }
  } catch {
    // Not a URL: use the site URL.
  }
  return fallback
}

type IssuedLink = { code: string; hashedToken: string; actionLink: string; redirectTo: string }

/** Stores a fresh one-time token on the user and builds the `/verify` link a mailer would send. */
async function issueLink(
  tx: Tx,
  context: ServiceContext,
  user: User,
  type: LinkType,
  redirectTo: string,
): Promise<IssuedLink> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const hashedToken = tokenHash(user.email ?? '', code)
  await updateUser(tx, user.id, { recovery_token: hashedToken, recovery_sent_at: new Date() })
  const link = new URL(`${context.config.apiUrl}/auth/v1/verify`)
  link.searchParams.set('token', hashedToken)
  link.searchParams.set('type', type)
  link.searchParams.set('redirect_to', redirectTo)
  return { code, hashedToken, actionLink: link.toString(), redirectTo }
}

/** "Sends" the message: logs the link and keeps it in the outbox (no mail leaves this server). */
function sendLink(context: ServiceContext, email: string, type: LinkType, link: IssuedLink) {
  const what = type === 'recovery' ? 'password recovery' : 'magic link'
  context.config.log(`${what} for ${email}: ${link.actionLink} (code ${link.code})`)
  deliver(context, {
    to: email,
    type,
    action_link: link.actionLink,
    email_otp: link.code,
    redirect_to: link.redirectTo,
  })
}

/**
 * `POST /recover`: always `{}`, known address or not; for a known one the link is logged and
 * kept in the outbox instead of mailed. Each address may ask once a minute, counted whether or
 * not it has an account, so neither the answer nor the limit tells which addresses exist.
 */
export async function recover(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const params = readParams(request)
  const raw = stringParam(params, 'email')
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email')
  const email = validateEmail(raw)
  const redirectTo = safeRedirect(context, request.url.searchParams.get('redirect_to'))
  takeSendAllowance(context, email)
  const sent = await context.db.runAsAdmin(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user || user.deleted_at) return undefined
    return issueLink(tx, context, user, 'recovery', redirectTo)
  })
  if (sent) sendLink(context, email, 'recovery', sent)
  return { status: 200, json: {} }
}

/**
 * `POST /otp` for email: a magic link (logged and kept in the outbox, once a minute per
 * address), creating the account when allowed.
 * Phone codes need an SMS provider, which a local server does not have.
 */
export async function otp(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const params = readParams(request)
  if (stringParam(params, 'phone')) {
    throw unprocessable(
      'otp_disabled',
      'Phone one-time passwords are not supported by the local server',
    )
  }
  const raw = stringParam(params, 'email')
  if (!raw) throw badRequest('validation_failed', 'An email address is required')
  const email = validateEmail(raw)
  // supabase-js sends create_user explicitly; GoTrue's default is to create.
  const createAllowed = params.create_user === undefined ? true : boolParam(params, 'create_user')
  const data = objectParam(params, 'data') ?? {}
  const redirectTo = safeRedirect(context, request.url.searchParams.get('redirect_to'))
  takeSendAllowance(context, email)
  const sent = await context.db.runAsAdmin(async (tx) => {
    let user = await findUserByEmail(tx, email)
    if (!user) {
      if (!createAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp')
      if (!context.config.signupEnabled) {
        throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
      }
      user = await createUser(tx, {
        email,
        passwordHash: '',
        userMetadata: data,
        emailConfirmed: false,
        phoneConfirmed: false,
        selfSignup: true,
      })
    }
    return issueLink(tx, context, user, 'magiclink', redirectTo)
  })
  sendLink(context, email, 'magiclink', sent)
  return { status: 200, json: {} }
}

const linkInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid')

/** Consumes a link or code and signs the user in; the caller gets a fresh session. */
async function consumeLink(
  context: ServiceContext,
  hashedToken: string,
  email: string | undefined,
  method: AuthMethod,
): Promise<SessionJson> {
  return context.db.runAsAdmin(async (tx) => {
    const found = await tx.query<{ id: string }>(
      `select id from auth.users where recovery_token = $1 and recovery_token <> ''
         and ($2::text is null or lower(email) = lower($2::text))`,
      [hashedToken, email ?? null],
    )
    const id = found.rows[0]?.id
    if (!id) throw linkInvalid()
    const user = await reloadUser(tx, id)
    const sentAt = user.recovery_sent_at?.getTime() ?? 0
    if (Date.now() > sentAt + OTP_EXPIRY_SECONDS * 1000) throw linkInvalid()
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
    await updateUser(tx, user.id, {
      recovery_token: '',
      // Following a link proves the address, so it confirms an unconfirmed account.
      email_confirmed_at: user.email_confirmed_at ?? new Date(),
      raw_user_meta_data: user.email_confirmed_at
        ? undefined
        : { ...user.raw_user_meta_data, email_verified: true },
    })
    return startSession(tx, context, await reloadUser(tx, user.id), method)
  })
}

/** `POST /verify` {type, token_hash} or {type, token, email}: what `verifyOtp` calls. */
export async function verifyPost(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const params = readParams(request)
  const type = stringParam(params, 'type')
  const hashed = stringParam(params, 'token_hash')
  const code = stringParam(params, 'token')
  const email = stringParam(params, 'email')
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type')
  if (!VERIFY_TYPES.has(type))
    throw badRequest('validation_failed', `Unsupported verification type "${type}"`)
  if (!hashed && !code)
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash')
  if (!hashed && !email)
    throw badRequest('validation_failed', 'Verify requires an email with a token')
  const normalizedEmail = email ? validateEmail(email) : undefined
  const hash = hashed || tokenHash(normalizedEmail ?? '', code)
  return { status: 200, json: await consumeLink(context, hash, normalizedEmail, 'otp') }
}

/**
 * `GET /verify?token&type&redirect_to`: the link itself. Redirects with the session in
 * the URL fragment (the implicit flow supabase-js detects in the browser), or with an error.
 */
export async function verifyGet(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const query = request.url.searchParams
  const type = query.get('type') ?? ''
  const redirectTo = safeRedirect(context, query.get('redirect_to'))
  const fragment = new URLSearchParams()
  try {
    if (!VERIFY_TYPES.has(type))
      throw badRequest('validation_failed', `Unsupported verification type "${type}"`)
    const session = await consumeLink(
      context,
      query.get('token') ?? '',
      undefined,
      type === 'recovery' ? 'recovery' : 'magiclink',
    )
    fragment.set('access_token', session.access_token)
    fragment.set('expires_at', String(session.expires_at))
    fragment.set('expires_in', String(session.expires_in))
    fragment.set('refresh_token', session.refresh_token)
    fragment.set('token_type', 'bearer')
    fragment.set('type', type)
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    fragment.set('error', error.status >= 500 ? 'server_error' : 'access_denied')
    fragment.set('error_code', error.code)
    fragment.set(
      'error_description',
      error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
    )
  }
  const location = new URL(redirectTo)
  location.hash = fragment.toString()
  return { status: 303, headers: { location: location.toString() } }
}

/**
 * `POST /admin/generate_link` for `recovery` and `magiclink`: returns the link and
 * code without logging them, so tests can follow a recovery flow end to end.
 */
export async function generateLink(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(context, request)
  const params = readParams(request)
  const type = stringParam(params, 'type')
  if (type !== 'recovery' && type !== 'magiclink') {
    throw unprocessable(
      'validation_failed',
      `generate_link type "${type}" is not supported by the local server (use recovery or magiclink)`,
    )
  }
  const email = validateEmail(stringParam(params, 'email'))
  const redirectTo = safeRedirect(context, stringParam(params, 'redirect_to') || undefined)
  const result = await context.db.runAsAdmin(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) throw notFound('user_not_found', 'User with this email not found')
    const link = await issueLink(tx, context, user, type, redirectTo)
    return { user: await reloadUser(tx, user.id), link }
  })
  return {
    status: 200,
    json: {
      ...userJson(result.user),
      action_link: result.link.actionLink,
      email_otp: result.link.code,
      hashed_token: result.link.hashedToken,
      redirect_to: result.link.redirectTo,
      verification_type: type,
    },
  }
}

/**
 * `GET /local/outbox?email=`: what this server would have mailed (newest first), for tests and
 * developers, like the Inbucket/Mailpit inbox of the Supabase CLI. Not part of GoTrue; only the
 * service role may read it, since a message holds a sign-in link.
 */
export async function outbox(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(context, request)
  const raw = request.url.searchParams.get('email')
  const email = raw === null ? undefined : validateEmail(raw)
  return { status: 200, json: { messages: readOutbox(context, email) } }
}
