// The emails this function sends, rendered (email.tsx) and handed to SMTP: the confirmation of
// a subscription and one alert, each with a Message-ID a retry keeps.
import { createElement } from 'react'

import { clubTime, renderEmail } from '../_shared/render-email.ts'
import { headerText, siteLink } from '../_shared/safe.ts'
import { smtpMailer } from '../_shared/smtp.ts'
import type { Context } from './context.ts'
import { AlertEmail, ConfirmEmail } from './email.tsx'
import { firstDelivery, subjectOf } from './notifications.ts'
import type { Notification } from './notifications.ts'
import type { Subscriber } from './subscribers.ts'
import { alertPath, covers } from './targets.ts'
import { sha256Hex, signToken } from './tokens.ts'

let sendMail: ReturnType<typeof smtpMailer> | undefined
const mailer = () => (sendMail ??= smtpMailer({ pool: true }))

/** A Message-ID for `key` on the site's host: a retry of one delivery carries the same one. */
async function messageId(key: string, origin: string | undefined) {
  const host = origin ? new URL(origin).hostname : 'club-site.local'
  return `<alerts-${(await sha256Hex(key)).slice(0, 32)}@${host}>`
}

/** The double opt-in's email to `subscriber`: a link that confirms what it asked to follow (`name`). */
export async function sendConfirmation(context: Context, subscriber: Subscriber, name: string) {
  const confirmToken = await signToken(
    context.secret,
    'confirm',
    subscriber.id,
    subscriber.manage_token_hash,
  )
  const confirmUrl = siteLink(context.origin, '/my-alerts')
  if (!confirmUrl) throw new Error('SITE_URL is not set: no link can be sent.')
  const { html, text } = await renderEmail(
    createElement(ConfirmEmail, {
      clubName: context.clubName,
      covers: covers(name),
      confirmUrl: `${confirmUrl}#confirm=${confirmToken}`,
    }),
  )
  await mailer()({
    to: subscriber.email,
    subject: headerText(`${context.clubName}: confirm your alerts for ${name}`, 200),
    html,
    text,
    messageId: await messageId(`confirm:${confirmToken}`, context.origin),
  })
}

export async function sendAlert(
  context: Context,
  subscriber: Subscriber,
  notification: Notification,
  deliveryId: string,
) {
  const linkSecret = subscriber.manage_token_hash
  const unsubscribeToken = await signToken(context.secret, 'unsubscribe', subscriber.id, linkSecret)
  const manageToken = await signToken(context.secret, 'manage', subscriber.id, linkSecret)
  const unsubscribeUrl = `${context.functionUrl}/unsubscribe?token=${unsubscribeToken}`
  const manage = siteLink(context.origin, '/my-alerts')
  const page = siteLink(context.origin, alertPath(notification.target_pages ?? []))
  if (!manage || !page) throw new Error('SITE_URL is not set: no link can be sent.')
  // A correction goes into the thread of the first alert's email to this address; one that
  // replaced the first while it was queued is the first this address reads.
  const first = await firstDelivery(context.db, notification, { subscriber_id: subscriber.id })
  const subject = subjectOf(notification, Boolean(first))
  let thread: Record<string, string> = {}
  if (first) {
    const id = await messageId(`delivery:${first}`, context.origin)
    thread = { 'In-Reply-To': id, References: id }
  }
  const { html, text } = await renderEmail(
    createElement(AlertEmail, {
      clubName: context.clubName,
      subject,
      message: notification.message,
      postedAt: clubTime(notification.created_at, context.timeZone),
      pageUrl: page,
      manageUrl: `${manage}#token=${manageToken}`,
    }),
  )
  await mailer()({
    to: subscriber.email,
    subject,
    html,
    text,
    messageId: await messageId(`delivery:${deliveryId}`, context.origin),
    headers: {
      ...thread,
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  })
}
