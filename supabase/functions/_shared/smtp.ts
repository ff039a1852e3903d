// Sending over SMTP (nodemailer), and who may call a function that sends: shared by the Edge
// Functions that send email (director-mail, family-alerts). Secrets: SMTP_HOST, SMTP_PORT,
// SMTP_SECURE, SMTP_USER, SMTP_PASS, MAIL_FROM (supabase/functions/.env.example).
import nodemailer from 'nodemailer'

import { headerText, plainAddress } from './safe.ts'

export const env = (name: string) => Deno.env.get(name)?.trim() || undefined

export type SmtpMail = {
  to: string
  replyTo?: { name: string; address: string }
  subject: string
  html: string
  text: string
  messageId: string
  /** Headers of this email's own (List-Unsubscribe…): names and values set by the caller only. */
  headers?: Record<string, string>
}

export type SmtpSend = (mail: SmtpMail) => Promise<{ messageId: string }>

/** `Name <address>` or a bare address, from MAIL_FROM. */
export function fromAddress(
  value: string | undefined,
): { name: string; address: string } | undefined {
  if (!value) return undefined
  const match = /^(.*)<([^<>]+)>\s*$/.exec(value)
  const address = plainAddress(match ? match[2] : value)
  if (!address) return undefined
  return { name: headerText((match?.[1] ?? '').replace(/^"|"$/g, '').trim(), 100), address }
}

/** A sender over the SMTP server the secrets name; `pool` keeps connections open for a batch. */
export function smtpMailer(options: { pool?: boolean } = {}): SmtpSend {
  const port = Number(env('SMTP_PORT') ?? 587)
  const transport = nodemailer.createTransport({
    host: env('SMTP_HOST') ?? '127.0.0.1',
    port,
    secure: (env('SMTP_SECURE') ?? (port === 465 ? 'true' : 'false')) === 'true',
    ...(env('SMTP_USER') ? { auth: { user: env('SMTP_USER'), pass: env('SMTP_PASS') ?? '' } } : {}),
    ...(options.pool ? { pool: true, maxConnections: 3 } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
  const from = fromAddress(env('MAIL_FROM'))
  return async (mail) => {
    if (!from) throw new Error('MAIL_FROM is not set to an address: set the secret.')
    const info = await transport.sendMail({
      from,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      ...(mail.headers ? { headers: mail.headers } : {}),
      // Only this email's own headers: nothing from a form reaches a header but the
      // Reply-To (a checked address and a one-line name) and the subject (one line).
      disableFileAccess: true,
      disableUrlAccess: true,
    })
    return { messageId: String(info.messageId ?? mail.messageId) }
  }
}

/** Whether the caller holds the service role (the relay has already checked the JWT's signature). */
export function isServiceRole(request: Request): boolean {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]
  if (!token) return false
  if (token === env('SUPABASE_SERVICE_ROLE_KEY')) return true
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
    return payload?.role === 'service_role'
  } catch {
    return false
  }
}
