// Account email that carries a link: recovery, magic link, invitation, and the admin's
// generate_link (which mails nothing); and the local outbox of what was sent.
import { header } from '../../http/types.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { badRequest, notFound, unprocessable } from '../errors.ts'
import { requireAdmin } from '../guard.ts'
import { sendAuthMail } from '../mail.ts'
import { readOutbox, returnSendAllowance, takeSendAllowance } from '../outbox.ts'
import { isRedirectAllowed } from '../redirect.ts'
import { boolParam, objectParam, readParams, stringParam } from '../request.ts'
import { createUser, findUserByEmail, reloadUser, updateUser, userJson } from '../users.ts'
import type { User } from '../users.ts'
import { validateEmail } from '../validate.ts'
import { prepareLink } from './link-codes.ts'
import type { PreparedLink } from './link-codes.ts'

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
