// director-mail: sends the director's email notifications from the outbox (public.mail_outbox).
//
// Called with the service role only: by the database webhook on form_submissions (a new
// submission), and by a cron job every minute (retries and the daily digest). Each call runs
// the outbox once (outbox.ts); a call with nothing due does nothing. The body may carry `now`
// (an ISO time: the cron job passes the database's now()); anything else in it is ignored,
// since the outbox, not the request, says what to send.
//
// Secrets (supabase/functions/.env locally, `supabase secrets set` on hosted; see
// .env.example): SMTP_HOST, SMTP_PORT, SMTP_SECURE, SMTP_USER, SMTP_PASS, MAIL_FROM, SITE_URL,
// and optionally CLUB_NAME, CLUB_TIME_ZONE, MAIL_PER_MINUTE.
import { createClient } from '@supabase/supabase-js'
import nodemailer from 'nodemailer'

import { runOutbox } from './outbox.ts'
import type { Mailer } from './outbox.ts'
import { headerText, plainAddress, siteOrigin } from './safe.ts'

const env = (name: string) => Deno.env.get(name)?.trim() || undefined

/** `Name <address>` or a bare address, from MAIL_FROM. */
function fromAddress(value: string | undefined): { name: string; address: string } | undefined {
  if (!value) return undefined
  const match = /^(.*)<([^<>]+)>\s*$/.exec(value)
  const address = plainAddress(match ? match[2] : value)
  if (!address) return undefined
  return { name: headerText((match?.[1] ?? '').replace(/^"|"$/g, '').trim(), 100), address }
}

function mailer(): Mailer {
  const port = Number(env('SMTP_PORT') ?? 587)
  const transport = nodemailer.createTransport({
    host: env('SMTP_HOST') ?? '127.0.0.1',
    port,
    secure: (env('SMTP_SECURE') ?? (port === 465 ? 'true' : 'false')) === 'true',
    ...(env('SMTP_USER') ? { auth: { user: env('SMTP_USER'), pass: env('SMTP_PASS') ?? '' } } : {}),
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
      // Only this email's own headers: nothing from a form reaches a header but the
      // Reply-To (a checked address and a one-line name) and the subject (one line).
      disableFileAccess: true,
      disableUrlAccess: true,
    })
    return { messageId: String(info.messageId ?? mail.messageId) }
  }
}

/** Whether the caller holds the service role (the relay has already checked the JWT's signature). */
function isServiceRole(request: Request): boolean {
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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const send = mailer()

Deno.serve(async (request) => {
  if (request.method !== 'POST') return json(405, { error: 'POST only' })
  if (!isServiceRole(request))
    return json(403, { error: 'Only the service role may run the outbox.' })
  let body: { now?: unknown } = {}
  try {
    body = (await request.json()) ?? {}
  } catch {
    // A webhook or cron call with no JSON body: nothing in it is needed.
  }
  const given = typeof body.now === 'string' ? new Date(body.now) : undefined
  const now = given && !Number.isNaN(given.getTime()) ? given : new Date()

  const url = env('SUPABASE_URL')
  const key = env('SUPABASE_SERVICE_ROLE_KEY')
  if (!url || !key)
    return json(500, { error: 'SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is missing.' })
  const db = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } })
  try {
    const result = await runOutbox({
      db,
      send,
      club: {
        name: headerText(env('CLUB_NAME') ?? 'Youth Baseball & Softball Club', 100),
        timeZone: env('CLUB_TIME_ZONE') ?? 'America/New_York',
        origin: siteOrigin(env('SITE_URL')),
      },
      perMinute: Math.max(1, Number(env('MAIL_PER_MINUTE') ?? 20) || 20),
      now,
    })
    return json(200, result)
  } catch (error) {
    console.error(error)
    return json(500, { error: String((error as Error).message ?? error) })
  }
})
