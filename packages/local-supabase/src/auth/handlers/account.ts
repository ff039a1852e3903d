// The signed-in user's own account: reading it, changing it (`PUT /user`, with GoTrue's
// second-factor and reauthentication rules, and the email-change mail), and the
// reauthentication nonce.
import type { Tx } from '../../db/database.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../../http/types.ts'
import { storeAccountChange } from '../account-change.ts'
import { AuthError, badRequest, unprocessable } from '../errors.ts'
import { requireUser } from '../guard.ts'
import type { Caller } from '../guard.ts'
import { sendAuthMail } from '../mail.ts'
import { EMAIL_MAX_FREQUENCY_SECONDS, tooSoon } from '../outbox.ts'
import { safeRedirect } from '../redirect.ts'
import { newCode, OTP_EXPIRY_SECONDS, prepareLink, tokenHash } from './link-codes.ts'
import { readFields, readParams } from '../request.ts'
import { assertEmailFree, mergeMetadata, updateUser, userJson } from '../users.ts'
import type { UserChanges } from '../users.ts'
import {
  checkPasswordStrength,
  hashPassword,
  validateContacts,
  verifyPassword,
} from '../validate.ts'

const ok = (json: unknown): ServiceResponse => ({ status: 200, json })

/** `GET /user`. */
export async function getUser(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const { user } = await requireUser(context, request)
  return ok(userJson(user))
}

/**
 * `PUT /user`: data, password, email, phone. A phone change applies at once (SMS
 * autoconfirm); an email change is mailed, as GoTrue does for every permanent user: a link
 * to the new address (and, with `double_confirm_changes`, one to the current address), and
 * the address changes once a link is followed. Until then the user shows it as `new_email`.
 */
export async function updateCurrentUser(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const caller = await requireUser(context, request)
  const { email, phone, password, data, nonce } = readFields(readParams(request), {
    email: 'optionalString',
    phone: 'optionalString',
    password: 'optionalString',
    data: 'object',
    nonce: 'string',
  })
  const { user } = caller

  let passwordHash: string | undefined
  if (password !== undefined) checkPasswordStrength(password, context.config.minimumPasswordLength)
  await checkSecondFactor(context, caller, { email, phone, password })
  if (password !== undefined) {
    await checkReauthentication(context, caller, nonce)
    if (await verifyPassword(password, user.encrypted_password)) {
      throw unprocessable(
        'same_password',
        'New password should be different from the old password.',
      )
    }
    passwordHash = await hashPassword(password, context.config.bcryptCost)
  }
  const { email: newEmail, phone: newPhone } = validateContacts({ email, phone })
  const emailChange =
    newEmail && newEmail !== user.email
      ? await mailEmailChange(context, request, user, newEmail)
      : undefined

  const newPhoneNow = newPhone && newPhone !== user.phone ? newPhone : undefined
  const updated = await context.db.runAsAdmin((tx) =>
    storeAccountChange(tx, user, {
      contacts: { email: newEmail, phone: newPhone },
      columns: {
        raw_user_meta_data: data ? mergeMetadata(user.raw_user_meta_data, data) : undefined,
        ...(passwordHash ? { encrypted_password: passwordHash, recovery_token: '' } : {}),
        ...emailChange,
        ...(newPhoneNow ? { phone: newPhoneNow, phone_confirmed_at: new Date() } : {}),
      },
      identities: newPhoneNow ? [{ provider: 'phone', value: newPhoneNow, verified: false }] : [],
      // A new password signs out every other device, as in GoTrue.
      endSessions: passwordHash ? { keep: caller.sessionId } : undefined,
    }),
  )
  return ok(userJson(updated))
}

/**
 * GoTrue's `sendEmailChange`: once per `max_frequency`, to a free address, mails the new
 * address its link (and the current one its own, with `double_confirm_changes`), then returns
 * the columns to store. Nothing is stored when a mail cannot be sent (GoTrue's 500).
 */
async function mailEmailChange(
  context: ServiceContext,
  request: ServiceRequest,
  user: Caller['user'],
  newEmail: string,
): Promise<UserChanges> {
  const sentAt = user.email_change_sent_at?.getTime()
  if (sentAt !== undefined && Date.now() - sentAt < EMAIL_MAX_FREQUENCY_SECONDS * 1000) {
    throw tooSoon(sentAt)
  }
  await context.db.runAsAdmin((tx) => assertEmailFree(tx, newEmail, user))
  const redirectTo = safeRedirect(context.config, request.url.searchParams.get('redirect_to'))
  const toNew = prepareLink(context, newEmail, 'email_change', redirectTo)
  const current = user.email ?? ''
  const toCurrent =
    context.config.secureEmailChange && current
      ? prepareLink(context, current, 'email_change', redirectTo)
      : undefined
  for (const [to, link] of [
    [newEmail, toNew],
    ...(toCurrent ? [[current, toCurrent] as const] : []),
  ] as const) {
    await sendAuthMail(context, {
      kind: 'email_change',
      to,
      link: link.actionLink,
      code: link.code,
      redirectTo,
      newEmail,
    })
  }
  return {
    email_change: newEmail,
    email_change_token_new: toNew.hashedToken,
    email_change_token_current: toCurrent?.hashedToken ?? '',
    email_change_sent_at: new Date(),
  }
}

/** A session younger than this may change its password without a nonce (GoTrue's rule). */
const RECENT_SIGN_IN_MS = 24 * 60 * 60 * 1000

async function sessionRow(tx: Tx, sessionId: string | undefined) {
  if (!sessionId) return undefined
  const found = await tx.query<{ aal: string | null; created_at: Date }>(
    'select aal::text as aal, created_at from auth.sessions where id = $1',
    [sessionId],
  )
  return found.rows[0]
}

/**
 * GoTrue's rule for `PUT /user`: with a verified factor, changing the password, email or
 * phone needs an aal2 session (401 `insufficient_aal`).
 */
async function checkSecondFactor(
  context: ServiceContext,
  caller: Caller,
  changes: { email?: string; phone?: string; password?: string },
): Promise<void> {
  const { user } = caller
  if (!user.factors.some((factor) => factor.status === 'verified')) return
  const sensitive =
    Boolean(changes.password) ||
    (Boolean(changes.email) && changes.email !== user.email) ||
    (Boolean(changes.phone) && changes.phone !== user.phone)
  if (!sensitive) return
  const session = await context.db.runAsAdmin((tx) => sessionRow(tx, caller.sessionId))
  if (session?.aal !== 'aal2') {
    throw new AuthError(
      401,
      'insufficient_aal',
      'AAL2 session is required to update email or password when MFA is enabled.',
    )
  }
}

/**
 * `secure_password_change`: a session signed in more than 24 hours ago must send the nonce
 * `GET /reauthenticate` sent (400 `reauthentication_needed` without it, 422
 * `reauthentication_not_valid` for a wrong or stale one). A valid nonce is used up.
 */
async function checkReauthentication(
  context: ServiceContext,
  caller: Caller,
  nonce: string,
): Promise<void> {
  if (!context.config.securePasswordChange) return
  const { user } = caller
  await context.db.runAsAdmin(async (tx) => {
    const session = await sessionRow(tx, caller.sessionId)
    if (session && Date.now() - session.created_at.getTime() <= RECENT_SIGN_IN_MS) return
    if (nonce === '') {
      throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
    }
    const invalid = unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid')
    const sentAt = user.reauthentication_sent_at
    if (!user.reauthentication_token || !sentAt) throw invalid
    const contact = user.email || user.phone || ''
    const fresh = sentAt.getTime() + OTP_EXPIRY_SECONDS * 1000 > Date.now()
    if (!fresh || tokenHash(contact, nonce) !== user.reauthentication_token) throw invalid
    await updateUser(tx, user.id, { reauthentication_token: '', reauthentication_sent_at: null })
  })
}

/**
 * `GET /reauthenticate`: mails the signed-in user a six-digit nonce for `PUT /user` (see
 * mail.ts), and stores it once sent. Once a minute per user, as GoTrue's `max_frequency`.
 */
export async function reauthenticate(
  context: ServiceContext,
  request: ServiceRequest,
): Promise<ServiceResponse> {
  const { user } = await requireUser(context, request)
  const email = user.email ?? ''
  if (email === '' && !user.phone) {
    throw badRequest(
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    )
  }
  if (email === '') {
    throw unprocessable(
      'not_supported_locally',
      'Reauthentication by SMS is not supported by the local server',
    )
  }
  if (!user.email_confirmed_at) {
    throw unprocessable('email_not_confirmed', 'Please verify your email first.')
  }
  const sentAt = user.reauthentication_sent_at
  if (sentAt && Date.now() - sentAt.getTime() < EMAIL_MAX_FREQUENCY_SECONDS * 1000) {
    throw tooSoon(sentAt.getTime())
  }
  const code = newCode()
  await sendAuthMail(context, {
    kind: 'reauthentication',
    to: email,
    link: '',
    code,
    redirectTo: '',
  })
  await context.db.runAsAdmin((tx) =>
    updateUser(tx, user.id, {
      reauthentication_token: tokenHash(email, code),
      reauthentication_sent_at: new Date(),
    }),
  )
  return ok({})
}
