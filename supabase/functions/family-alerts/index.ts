// family-alerts: families' alerts by email (issue 33). Public, for anonymous families
// (verify_jwt = false in config.toml): every input is checked here (zod), and every write is
// made with the service role, which only this function holds.
//
// POST { action, … } (supabase-js `functions.invoke('family-alerts')`):
//   subscribe   { email, follow: { kind, ref }, website }  double opt-in: a confirmation email,
//               nothing else, until its link is followed. `website` is a honeypot (a person
//               leaves it empty). Rate limited per address and per IP.
//   confirm     { token }          the confirmation link's token: the address and what it asked
//               to follow are confirmed; answers as `manage` does, with a manage token.
//   manage      { token }          "My alerts": the address and what it follows.
//   follow      { token, follow }  adds a team, program, field or the club.
//   unfollow    { token, follow }  removes one.
//   unsubscribe { token }          stops every alert (the address's subscriptions go).
//   delete      { token }          deletes everything kept for the address.
//   push-key    {}                 the VAPID public key a browser subscribes with (404 when
//               push is not configured).
//   push-subscribe   { subscription: { endpoint, keys: { p256dh, auth } }, follow, website }
//               this device follows `follow` by Web Push (the browser's permission prompt is
//               the opt-in). Only known push services' endpoints are accepted (push.ts).
//   push-unsubscribe { endpoint, follow? }  stops one follow, or every push alert, of a device.
//   push-manage { endpoint }   "My alerts" on a subscribed device: what this device follows
//               (named). The push subscription is the key: only the device and its push
//               service know its endpoint.
//   preview     { pages }          staff only (the caller's own token; public.is_admin()): how
//               many would hear of a status alert on these pages (none: club-wide) now, by
//               email and by push, and what it concerns; the alerts editors say it before
//               publishing.
//   notify      {}                 service role only (the webhook and the cron job of
//               20261206002000_family_alerts.sql): fans out pending notifications and sends
//               what is due, batched under MAIL_PER_SECOND, retried with backoff.
// POST /family-alerts/unsubscribe?token=…  RFC 8058 one-click unsubscribe (the
//               List-Unsubscribe URL of every alert email): unsubscribes at once.
// GET  /family-alerts/unsubscribe?token=…  leads to "My alerts" (a link scanner's GET
//               changes nothing).
//
// Secrets: SMTP_*, MAIL_FROM, SITE_URL (see director-mail), FAMILY_ALERTS_SECRET (signs the
// links; 32 characters or more), VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (push;
// see push.ts), optionally CLUB_NAME, CLUB_TIME_ZONE, MAIL_PER_SECOND,
// FAMILY_ALERTS_PER_IP_HOUR, FAMILY_ALERTS_PER_ADDRESS_DAY, PUSH_SERVICE_ORIGINS.
//
// The modules beside this entry, one idea each: requests.ts (what is accepted), answers.ts,
// context.ts, rate-limits.ts; subscribe.ts (the double opt-in), subscribers.ts and my-alerts.ts
// (an address's links), device-alerts.ts (push on a device), preview.ts (staff); queue.ts (the
// sending run), audience.ts and notifications.ts (whom and what), deliveries.ts (one try and
// its record), send-mail.ts with email.tsx, and push.ts; targets.ts and tokens.ts.
import { createClient } from '@supabase/supabase-js'

import { headerText, siteOrigin } from '../_shared/safe.ts'
import { env, isServiceRole } from '../_shared/smtp.ts'
import { answer, CORS, PUSH_NOT_CONFIGURED, refuse } from './answers.ts'
import type { Context } from './context.ts'
import { pushManage, pushSubscribe, pushUnsubscribe } from './device-alerts.ts'
import { manage, oneClick } from './my-alerts.ts'
import { preview } from './preview.ts'
import { vapid } from './push.ts'
import { notify } from './queue.ts'
import { normalize, requestSchema } from './requests.ts'
import { confirm, subscribe } from './subscribe.ts'
import { signingSecret } from './tokens.ts'

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response('ok', { headers: CORS })
  const url = new URL(request.url)
  const supabaseUrl = env('SUPABASE_URL')
  const key = env('SUPABASE_SERVICE_ROLE_KEY')
  if (!supabaseUrl || !key)
    return refuse(500, 'SUPABASE_URL or SUPABASE_SERVICE_ROLE_KEY is missing.')
  const context: Context = {
    db: createClient(supabaseUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false },
    }),
    secret: await signingSecret(env('FAMILY_ALERTS_SECRET'), key),
    origin: siteOrigin(env('SITE_URL')),
    clubName: headerText(env('CLUB_NAME') ?? 'Youth Baseball & Softball Club', 100),
    timeZone: env('CLUB_TIME_ZONE') ?? 'America/New_York',
    functionUrl:
      env('FAMILY_ALERTS_URL') ?? `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/family-alerts`,
  }
  try {
    if (/\/unsubscribe\/?$/.test(url.pathname)) return await oneClick(context, request, url)
    if (request.method !== 'POST') return refuse(405, 'POST only')
    let body: unknown
    try {
      body = await request.json()
    } catch {
      return refuse(400, 'The request is not JSON.')
    }
    const parsed = requestSchema.safeParse(body)
    if (!parsed.success) return refuse(400, 'The request is not one this service answers.')
    const input = parsed.data
    switch (input.action) {
      case 'subscribe':
        return await subscribe(context, request, { ...input, follow: normalize(input.follow) })
      case 'confirm':
        return await confirm(context, input.token)
      case 'manage':
      case 'unsubscribe':
      case 'delete':
        return await manage(context, input.action, input.token)
      case 'follow':
      case 'unfollow':
        return await manage(context, input.action, input.token, normalize(input.follow))
      case 'notify':
        if (!isServiceRole(request)) return refuse(403, 'Only the service role may send alerts.')
        return answer(200, await notify(context))
      case 'preview':
        return await preview(context, request, input.pages)
      case 'push-key': {
        const keys = vapid()
        return keys ? answer(200, { publicKey: keys.publicKey }) : refuse(404, PUSH_NOT_CONFIGURED)
      }
      case 'push-subscribe':
        return await pushSubscribe(context, request, {
          endpoint: input.subscription.endpoint,
          p256dh: input.subscription.keys.p256dh,
          auth: input.subscription.keys.auth,
          follow: normalize(input.follow),
          website: input.website,
        })
      case 'push-manage':
        return await pushManage(context, input.endpoint)
      case 'push-unsubscribe':
        return await pushUnsubscribe(
          context,
          input.endpoint,
          input.follow ? normalize(input.follow) : undefined,
        )
    }
  } catch (error) {
    console.error(error)
    return refuse(500, 'Something went wrong on our side. Nothing was lost: try again in a minute.')
  }
})
