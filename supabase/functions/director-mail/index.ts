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

import { env, isServiceRole, smtpMailer } from '../_shared/smtp.ts'
import { runOutbox } from './outbox.ts'
import type { Mailer } from './outbox.ts'
import { headerText, siteOrigin } from './safe.ts'

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const send: Mailer = smtpMailer()

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
