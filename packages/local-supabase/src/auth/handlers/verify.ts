// Following a link or typing its code (`/verify`): the token's owner, what it changes on the
// account, and the session it starts.
import type { Tx } from '../../db/database.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { AuthError, badRequest, forbidden } from '../errors.ts'
import { safeRedirect } from '../redirect.ts'
import { readFields, readParams } from '../request.ts'
import { startSession } from '../sessions.ts'
import type { AuthMethod, SessionJson } from '../sessions.ts'
import { assertEmailFree, isBanned, reloadUser, setIdentityContact, updateUser } from '../users.ts'
import type { User, UserChanges } from '../users.ts'
import { validateEmail } from '../validate.ts'
import { OTP_EXPIRY_SECONDS, tokenHash } from './link-codes.ts'

/** Verification types accepted (`email` is supabase-js's name for a magic-link code). */
const VERIFY_TYPES = new Set(['recovery', 'magiclink', 'email', 'signup', 'invite', 'email_change'])

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
  const {
    type,
    token_hash: hashed,
    token: code,
    email,
  } = readFields(readParams(request), {
    type: 'string',
    token_hash: 'string',
    token: 'string',
    email: 'string',
  })
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
