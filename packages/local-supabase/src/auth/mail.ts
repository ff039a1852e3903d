import nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'

import type { SmtpSettings } from '../config.ts'
import type { ServiceContext } from '../http/types.ts'
import { AuthError } from './errors.ts'
import { record } from './outbox.ts'

/** The account emails this server sends (GoTrue's email action types). */
export type AuthMailKind = 'recovery' | 'magiclink' | 'invite' | 'email_change' | 'reauthentication'

/** One account email: who it is for, and what it carries. */
export type AuthMail = {
  kind: AuthMailKind
  /** Already validated by `validateEmail` (one plain address). */
  to: string
  /** The `/verify` link; '' for a reauthentication code. */
  link: string
  /** The six-digit code that may be typed instead of following the link. */
  code: string
  /** Where the link lands afterwards (already allow-listed). */
  redirectTo: string
  /** The address being confirmed, for an email change. */
  newEmail?: string
}

type Rendered = { subject: string; text: string; html: string }

/** The 500 GoTrue answers when its mailer fails, with its message for each kind. */
const FAILURE_MESSAGES: Record<AuthMailKind, string> = {
  recovery: 'Error sending recovery email',
  magiclink: 'Error sending magic link email',
  invite: 'Error sending invite email',
  email_change: 'Error sending email change email',
  reauthentication: 'Error sending reauthentication email',
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** One header line: control characters (CR and LF among them) become a space. */
export function headerLine(value: string): string {
  // eslint-disable-next-line no-control-regex -- finding them is the point
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim()
}

/** Wording after GoTrue's default templates (`internal/mailer/templatemailer`). */
function wording(mail: AuthMail): {
  subject: string
  heading: string
  lines: string[]
  action: string
} {
  switch (mail.kind) {
    case 'recovery':
      return {
        subject: 'Reset your password',
        heading: 'Reset your password',
        lines: [
          'We received a request to reset your password. Follow the link below to choose a new one.',
          "If you didn't request this, you can safely ignore this email.",
        ],
        action: 'Reset password',
      }
    case 'magiclink':
      return {
        subject: 'Your sign-in link',
        heading: 'Your sign-in link',
        lines: [
          'Follow the link below to sign in. This link expires shortly and can only be used once.',
        ],
        action: 'Sign in',
      }
    case 'invite':
      return {
        subject: "You've been invited",
        heading: "You've been invited",
        lines: ["You've been invited to create an account. Follow the link below to accept."],
        action: 'Accept invitation',
      }
    case 'email_change':
      return {
        subject: 'Confirm your new email address',
        heading: 'Confirm your new email address',
        lines: [
          `Follow the link below to confirm ${mail.newEmail ?? mail.to} as your new email address.`,
          "If you didn't request this change, you can safely ignore this email.",
        ],
        action: 'Confirm new email address',
      }
    case 'reauthentication':
      return {
        subject: `${mail.code} is your verification code`,
        heading: 'Your verification code',
        lines: ['Use the code below to verify your identity. It expires shortly.'],
        action: '',
      }
  }
}

/** The site a message is for: where its link lands (an http(s) origin), else the site URL. */
function siteOf(redirectTo: string, siteUrl: string): string {
  for (const candidate of [redirectTo, siteUrl]) {
    try {
      const url = new URL(candidate)
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
    } catch {
      // Not a URL: try the next.
    }
  }
  return ''
}

/** Subject, plain text and HTML; every value from a request or the database is escaped. */
export function renderAuthMail(mail: AuthMail, siteUrl: string): Rendered {
  const { subject, heading, lines, action } = wording(mail)
  const codeLine = mail.link ? `Or enter this code: ${mail.code}` : mail.code
  const origin = siteOf(mail.redirectTo, siteUrl)
  const site = origin ? `Sent from ${origin}` : ''
  const text = [
    heading,
    '',
    ...lines,
    '',
    ...(mail.link ? [`${action}: ${mail.link}`] : []),
    codeLine,
    ...(site ? ['', site] : []),
  ].join('\n')
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<h2>${escapeHtml(heading)}</h2>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...(mail.link ? [`<p><a href="${escapeHtml(mail.link)}">${escapeHtml(action)}</a></p>`] : []),
    `<p>${escapeHtml(codeLine)}</p>`,
    ...(site ? [`<p style="color:#666">${escapeHtml(site)}</p>`] : []),
    '</body></html>',
  ].join('\n')
  return { subject: headerLine(subject), text, html }
}

// One transport per SMTP configuration (a server's config object); nodemailer opens a
// connection for each message, so there is nothing to close when the server stops.
const transports = new WeakMap<SmtpSettings, Transporter>()

function transportFor(smtp: SmtpSettings): Transporter {
  let transport = transports.get(smtp)
  if (!transport) {
    transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      // Port 465 speaks TLS from the start; others upgrade with STARTTLS when offered.
      secure: smtp.port === 465,
      ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    })
    transports.set(smtp, transport)
  }
  return transport
}

/**
 * Sends an account email over the configured SMTP server (`[auth.email.smtp]` or the server's
 * `smtp` option), or, with none configured, only logs its link as GoTrue's no-op mailer does.
 * Either way the message is kept in the local outbox. A failed send throws GoTrue's 500
 * (`unexpected_failure`, "Error sending … email"): the caller then stores nothing.
 */
export async function sendAuthMail(context: ServiceContext, mail: AuthMail): Promise<void> {
  const { smtp, log } = context.config
  const rendered = renderAuthMail(mail, context.config.siteUrl)
  if (!smtp) {
    const what = mail.link ? `${mail.link} (code ${mail.code})` : `code ${mail.code}`
    log(`${mail.kind} email (no SMTP server configured) for ${mail.to}: ${what}`)
  } else {
    try {
      await transportFor(smtp).sendMail({
        from: { name: headerLine(smtp.senderName), address: smtp.adminEmail },
        to: mail.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      })
    } catch (error) {
      log(`auth: sending the ${mail.kind} email to ${mail.to} failed: ${(error as Error).message}`)
      throw new AuthError(500, 'unexpected_failure', FAILURE_MESSAGES[mail.kind])
    }
  }
  record(context, {
    to: mail.to,
    type: mail.kind,
    subject: rendered.subject,
    text: rendered.text,
    action_link: mail.link,
    email_otp: mail.code,
    redirect_to: mail.redirectTo,
  })
}
