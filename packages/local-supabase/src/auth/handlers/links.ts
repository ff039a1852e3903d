import { createHash, randomInt } from 'node:crypto'

import type { Tx } from '../../db/database.ts'
import { header } from '../../http/types.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { AuthError, badRequest, forbidden, notFound, unprocessable } from '../errors.ts'
import { requireAdmin } from '../guard.ts'
import { sendAuthMail } from '../mail.ts'
import { readOutbox, returnSendAllowance, takeSendAllowance } from '../outbox.ts'
import { isRedirectAllowed, safeRedirect } from '../redirect.ts'
import { boolParam, objectParam, readParams, stringParam } from '../request.ts'
import { startSession } from '../sessions.ts'
import type { AuthMethod, SessionJson } from '../sessions.ts'
import {
  assertEmailFree,
  createUser,
  findUserByEmail,
  isBanned,
  reloadUser,
  setIdentityContact,
  updateUser,
  userJson,
} from '../users.ts'
import type { User, UserChanges } from '../users.ts'
import { validateEmail } from '../validate.ts'

/** The CLI's `[auth.email] otp_expiry` default: links and codes live one hour. */
const OTP_EXPIRY_SECONDS = 3600

/** Link types this server issues, each a one-time sign-in. */
export type LinkType = 'recovery' | 'magiclink' | 'invite' | 'email_change'

/** Verification types accepted (`email` is supabase-js's name for a magic-link code). */
const VERIFY_TYPES = new Set(['recovery', 'magiclink', 'email', 'signup', 'invite', 'email_change'])

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

/**
 * GoTrue's `GetReferrer`: the request's `redirect_to`, else its Referer, when allowed
 * (see redirect.ts); else the site URL.
 */
function referrer(context: ServiceContext, request: ServiceRequest, given?: string): string {
  for (const candidate of [
    given,
    request.url.searchParams.get('redirect_to'),
    header(request, 'referer'),
  ]) {
    if (candidate && isRedirectAllowed(context.config, candidate)) return candidate
  }
  return context.config.siteUrl
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

/** Stores a sent recovery or magic link on the user (GoTrue keeps both in `recovery_token`). */
async function storeSignInLink(context: ServiceContext, userId: string, link: PreparedLink) {
  await context.db.runAsAdmin((tx) =>
    updateUser(tx, userId, { recovery_token: link.hashedToken, recovery_sent_at: new Date() }),
  )
}

/** Mails a link: the send allowance comes back when the mail server fails, since nothing was sent. */
async function mailLink(
  context: ServiceContext,
  email: string,
  kind: 'recovery' | 'magiclink',
  link: PreparedLink,
) {
  try {
    await sendAuthMail(context, {
      kind,
      to: email,
      link: link.actionLink,
      code: link.code,
      redirectTo: link.redirectTo,
    })
  } catch (error) {
    returnSendAllowance(context, email)
    throw error
  }
}

/**
 * `POST /recover`: always `{}`, known address or not; a known one is mailed its link (the
 * token is stored only once the mail is sent: a mail server that is down gets GoTrue's 500).
 * Each address may ask once a minute, counted whether or not it has an account, so neither
 * the answer nor the limit tells which addresses exist.
 */
export async function recover(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const params = readParams(request)
  const raw = stringParam(params, 'email')
  if (!raw) throw badRequest('validation_failed', 'Password recovery requires an email')
  const email = validateEmail(raw)
  const redirectTo = referrer(context, request)
  takeSendAllowance(context, email)
  const user = await context.db.runAsAdmin((tx) => findUserByEmail(tx, email))
  if (!user || user.deleted_at || !user.email) return { status: 200, json: {} }
  const link = prepareLink(context, user.email, 'recovery', redirectTo)
  await mailLink(context, user.email, 'recovery', link)
  await storeSignInLink(context, user.id, link)
  return { status: 200, json: {} }
}

/**
 * `POST /otp` for email: a magic link, mailed (once a minute per address), creating the
 * account when allowed. Phone codes need an SMS provider, which a local server does not have.
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
  const redirectTo = referrer(context, request)
  takeSendAllowance(context, email)
  const user = await context.db.runAsAdmin(async (tx) => {
    const found = await findUserByEmail(tx, email)
    if (found) return found
    if (!createAllowed) throw unprocessable('otp_disabled', 'Signups not allowed for otp')
    if (!context.config.signupEnabled) {
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance')
    }
    return createUser(tx, {
      email,
      passwordHash: '',
      userMetadata: data,
      emailConfirmed: false,
      phoneConfirmed: false,
      selfSignup: true,
    })
  })
  const link = prepareLink(context, email, 'magiclink', redirectTo)
  await mailLink(context, email, 'magiclink', link)
  await storeSignInLink(context, user.id, link)
  return { status: 200, json: {} }
}

/**
 * The account an invitation is for: a new one (no password, unconfirmed, `data` as its
 * metadata), or an earlier invitee who has not accepted yet. A confirmed account cannot be
 * invited (GoTrue's 422 `email_exists`). `created` says whether this call made it.
 */
async function invitee(
  context: ServiceContext,
  email: string,
  data: Record<string, unknown>,
): Promise<{ user: User; created: boolean }> {
  return context.db.runAsAdmin(async (tx) => {
    const found = await findUserByEmail(tx, email)
    if (found) {
      if (found.email_confirmed_at) {
        throw unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        )
      }
      return { user: found, created: false }
    }
    const user = await createUser(tx, {
      email,
      passwordHash: '',
      userMetadata: data,
      emailConfirmed: false,
      phoneConfirmed: false,
      selfSignup: false,
    })
    return { user, created: true }
  })
}

/** Stores an invitation's token on its account (GoTrue's `confirmation_token`). */
async function storeInvite(context: ServiceContext, userId: string, link: PreparedLink) {
  return context.db.runAsAdmin(async (tx) => {
    const now = new Date()
    await updateUser(tx, userId, {
      confirmation_token: link.hashedToken,
      confirmation_sent_at: now,
      invited_at: now,
    })
    return reloadUser(tx, userId)
  })
}

/**
 * `POST /invite` {email, data} with the service role (`auth.admin.inviteUserByEmail`): creates
 * the account and mails it an invitation whose link signs the invitee in. When the mail
 * cannot be sent, GoTrue's transaction leaves nothing behind; here the new account is
 * removed again, and the answer is its 500.
 */
export async function invite(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(context, request)
  const params = readParams(request)
  const email = validateEmail(stringParam(params, 'email'))
  const data = objectParam(params, 'data') ?? {}
  const { user, created } = await invitee(context, email, data)
  const link = prepareLink(context, email, 'invite', referrer(context, request))
  try {
    await sendAuthMail(context, {
      kind: 'invite',
      to: email,
      link: link.actionLink,
      code: link.code,
      redirectTo: link.redirectTo,
    })
  } catch (error) {
    if (created) {
      await context.db.runAsAdmin((tx) =>
        tx.query('delete from auth.users where id = $1', [user.id]),
      )
    }
    throw error
  }
  return { status: 200, json: userJson(await storeInvite(context, user.id, link)) }
}

const linkInvalid = () => forbidden('otp_expired', 'Token has expired or is invalid')

/**
 * Which user a token belongs to, by verification type, as GoTrue's `verifyTokenHash` /
 * `verifyUserAndToken` look: sign-in links in `recovery_token`, invitations and sign-up
 * confirmations in `confirmation_token`, a typed `email` code in either, an email change in
 * the token sent to the new address (matched with `email_change`) or to the current one.
 */
async function findTokenOwner(
  tx: Tx,
  type: string,
  hashedToken: string,
  email: string | undefined,
): Promise<{ id: string; sent_at: Date | null } | undefined> {
  const byEmail = `($2::text is null or lower(email) = lower($2::text))`
  const sql: Record<string, string> = {
    recovery: `select id, recovery_sent_at as sent_at from auth.users
      where recovery_token = $1 and recovery_token <> '' and ${byEmail}`,
    invite: `select id, confirmation_sent_at as sent_at from auth.users
      where confirmation_token = $1 and confirmation_token <> '' and ${byEmail}`,
    email: `select id, case when recovery_token = $1 then recovery_sent_at else confirmation_sent_at end as sent_at
      from auth.users where $1 <> '' and (recovery_token = $1 or confirmation_token = $1) and ${byEmail}`,
    email_change: `select id, email_change_sent_at as sent_at from auth.users where $1 <> '' and (
        (email_change_token_new = $1 and ($2::text is null or lower(email_change) = lower($2::text)))
        or (email_change_token_current = $1 and ${byEmail}))`,
  }
  const query =
    sql[type === 'magiclink' ? 'recovery' : type === 'signup' ? 'invite' : type] ?? sql.recovery
  const found = await tx.query<{ id: string; sent_at: Date | null }>(query ?? '', [
    hashedToken,
    email ?? null,
  ])
  return found.rows[0]
}

/** What following a link changes on its account, by verification type. */
function changesOnVerify(user: User, type: string): UserChanges {
  const confirm: UserChanges = user.email_confirmed_at
    ? {}
    : {
        // Following a link proves the address, so it confirms an unconfirmed account.
        email_confirmed_at: new Date(),
        raw_user_meta_data: { ...user.raw_user_meta_data, email_verified: true },
      }
  if (type === 'invite' || type === 'signup') return { ...confirm, confirmation_token: '' }
  if (type === 'email') return { ...confirm, recovery_token: '', confirmation_token: '' }
  if (type === 'email_change') {
    // The server autoconfirms (mailer_autoconfirm), so one confirmed link completes the change,
    // as GoTrue's emailChangeVerify does then.
    return {
      email: user.email_change ?? '',
      email_change: '',
      email_change_token_new: '',
      email_change_token_current: '',
      email_change_sent_at: null,
      email_confirmed_at: new Date(),
    }
  }
  return { ...confirm, recovery_token: '' }
}

/** Consumes a link or code and signs the user in; the caller gets a fresh session. */
async function consumeLink(
  context: ServiceContext,
  type: string,
  hashedToken: string,
  email: string | undefined,
  method: AuthMethod,
): Promise<SessionJson> {
  return context.db.runAsAdmin(async (tx) => {
    const owner = await findTokenOwner(tx, type, hashedToken, email)
    if (!owner) throw linkInvalid()
    const user = await reloadUser(tx, owner.id)
    const sentAt = owner.sent_at?.getTime() ?? 0
    if (Date.now() > sentAt + OTP_EXPIRY_SECONDS * 1000) throw linkInvalid()
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned')
    if (type === 'email_change') {
      const newEmail = user.email_change ?? ''
      if (!newEmail) throw linkInvalid()
      await assertEmailFree(tx, newEmail, user)
      await updateUser(tx, user.id, changesOnVerify(user, type))
      await setIdentityContact(tx, user, 'email', newEmail, true)
    } else {
      await updateUser(tx, user.id, changesOnVerify(user, type))
    }
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
  return { status: 200, json: await consumeLink(context, type, hash, normalizedEmail, 'otp') }
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
  const redirectTo = safeRedirect(context.config, query.get('redirect_to'))
  const fragment = new URLSearchParams()
  try {
    if (!VERIFY_TYPES.has(type))
      throw badRequest('validation_failed', `Unsupported verification type "${type}"`)
    const method: AuthMethod =
      type === 'recovery' ? 'recovery' : type === 'magiclink' ? 'magiclink' : 'otp'
    const session = await consumeLink(context, type, query.get('token') ?? '', undefined, method)
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
 * `POST /admin/generate_link` for `recovery`, `magiclink` and `invite`: returns the link and
 * code and mails nothing, as GoTrue does (an invite creates the account first).
 */
export async function generateLink(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  await requireAdmin(context, request)
  const params = readParams(request)
  const type = stringParam(params, 'type')
  if (type !== 'recovery' && type !== 'magiclink' && type !== 'invite') {
    throw unprocessable(
      'validation_failed',
      `generate_link type "${type}" is not supported by the local server (use recovery, magiclink or invite)`,
    )
  }
  const email = validateEmail(stringParam(params, 'email'))
  const redirectTo = referrer(context, request, stringParam(params, 'redirect_to'))
  const link = prepareLink(context, email, type, redirectTo)
  let user: User
  if (type === 'invite') {
    const target = await invitee(context, email, objectParam(params, 'data') ?? {})
    user = await storeInvite(context, target.user.id, link)
  } else {
    user = await context.db.runAsAdmin(async (tx) => {
      const found = await findUserByEmail(tx, email)
      if (!found) throw notFound('user_not_found', 'User with this email not found')
      await updateUser(tx, found.id, {
        recovery_token: link.hashedToken,
        recovery_sent_at: new Date(),
      })
      return reloadUser(tx, found.id)
    })
  }
  return {
    status: 200,
    json: {
      ...userJson(user),
      action_link: link.actionLink,
      email_otp: link.code,
      hashed_token: link.hashedToken,
      redirect_to: link.redirectTo,
      verification_type: type,
    },
  }
}

/**
 * `GET /local/outbox?email=`: copies of the account email this server sent (newest first), for
 * tests and developers without a mail catcher. Not part of GoTrue; only the service role may
 * read it, since a message holds a sign-in link.
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
