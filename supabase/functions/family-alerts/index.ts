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
import { createClient } from '@supabase/supabase-js'
import type { SupabaseClient } from '@supabase/supabase-js'
import { createElement } from 'react'
import { z } from 'zod'

import { clubTime, renderEmail } from '../_shared/render-email.ts'
import { headerText, plainAddress, siteLink, siteOrigin } from '../_shared/safe.ts'
import { env, isServiceRole, smtpMailer } from '../_shared/smtp.ts'
import { backoffMs } from '../_shared/backoff.ts'
import { AlertEmail, ConfirmEmail } from './email.tsx'
import { alertPath, audienceOf, followName, programOfKey, readCatalog } from './targets.ts'
import type { Catalog, Follow } from './targets.ts'
import { isPushEndpoint, PushError, sendPush, vapid } from './push.ts'
import type { PushKeys } from './push.ts'
import { newLinkSecret, sha256Hex, signingSecret, signToken, verifyToken } from './tokens.ts'
import type { Purpose, TokenPayload } from './tokens.ts'

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
}
const answer = (status: number, body: unknown) => Response.json(body, { status, headers: CORS })
const refuse = (status: number, error: string) => answer(status, { error })

const EXPIRED_LINK =
  'This link has expired or is not valid. Ask for alerts again on the team’s page, or use the link in a newer email.'

const slug = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/)
const followSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team'), ref: slug }).strict(),
  z.object({ kind: z.literal('program'), ref: slug }).strict(),
  z.object({ kind: z.literal('field'), ref: slug }).strict(),
  z.object({ kind: z.literal('club'), ref: z.literal('').optional() }).strict(),
])
const token = z.string().min(10).max(1000)
const requestSchema = z.discriminatedUnion('action', [
  z
    .object({
      action: z.literal('subscribe'),
      email: z.string().trim().max(254),
      follow: followSchema,
      website: z.string().max(500).optional(),
    })
    .strict(),
  z.object({ action: z.literal('confirm'), token }).strict(),
  z.object({ action: z.literal('manage'), token }).strict(),
  z.object({ action: z.literal('follow'), token, follow: followSchema }).strict(),
  z.object({ action: z.literal('unfollow'), token, follow: followSchema }).strict(),
  z.object({ action: z.literal('unsubscribe'), token }).strict(),
  z.object({ action: z.literal('delete'), token }).strict(),
  z.object({ action: z.literal('notify') }).passthrough(),
  z.object({ action: z.literal('push-key') }).strict(),
  z
    .object({
      action: z.literal('push-subscribe'),
      subscription: z.object({
        endpoint: z.string().min(12).max(1000),
        expirationTime: z.number().nullable().optional(),
        keys: z
          .object({
            p256dh: z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/),
            auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/),
          })
          .strict(),
      }),
      follow: followSchema,
      website: z.string().max(500).optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal('preview'),
      pages: z.array(z.string().max(300)).max(20),
    })
    .strict(),
  z.object({ action: z.literal('push-manage'), endpoint: z.string().min(12).max(1000) }).strict(),
  z
    .object({
      action: z.literal('push-unsubscribe'),
      endpoint: z.string().min(12).max(1000),
      follow: followSchema.optional(),
    })
    .strict(),
])

type Subscriber = {
  id: string
  email: string
  confirmed_at: string | null
  manage_token_hash: string
  unsubscribed_at: string | null
}

const normalize = (follow: z.infer<typeof followSchema>): Follow => ({
  kind: follow.kind,
  ref: follow.kind === 'club' ? '' : follow.ref,
})

type Context = {
  db: SupabaseClient
  secret: string
  origin: string | undefined
  clubName: string
  timeZone: string
  functionUrl: string
}

let sendMail: ReturnType<typeof smtpMailer> | undefined
const mailer = () => (sendMail ??= smtpMailer({ pool: true }))

function fail(what: string, error: { message: string } | null): never {
  throw new Error(`${what}: ${error?.message ?? 'no answer'}`)
}

/** A Message-ID for `key` on the site's host: a retry of one delivery carries the same one. */
async function messageId(key: string, origin: string | undefined) {
  const host = origin ? new URL(origin).hostname : 'club-site.local'
  return `<alerts-${(await sha256Hex(key)).slice(0, 32)}@${host}>`
}

/** The covering sentence a family sees (as the site's alertsCover): "Big Train 12U: cancellations, field closures and schedule changes". */
const covers = (name: string) => `${name}: cancellations, field closures and schedule changes`

// ---- rate limits -------------------------------------------------------------------------

/** Counts an attempt under `key` and says whether it is within `limit` per `windowMs`. */
async function withinLimit(db: SupabaseClient, key: string, limit: number, windowMs: number) {
  const since = new Date(Date.now() - windowMs).toISOString()
  const { count, error } = await db
    .from('family_alert_attempts')
    .select('id', { count: 'exact', head: true })
    .eq('key', key)
    .gt('created_at', since)
  if (error) fail('could not count attempts', error)
  if ((count ?? 0) >= limit) return false
  const { error: insertError } = await db.from('family_alert_attempts').insert({ key })
  if (insertError) fail('could not count an attempt', insertError)
  return true
}

/**
 * The caller's address as the platform's proxy reports it (`cf-connecting-ip`, `x-real-ip`,
 * else the first `x-forwarded-for` entry). Which of these a hosted project's proxy always
 * overwrites is not documented: the per-IP limit is a brake, and the double opt-in and the
 * per-address limit are what keep an inbox from being bombed.
 */
function clientIp(request: Request): string {
  const given =
    request.headers.get('cf-connecting-ip') ??
    request.headers.get('x-real-ip') ??
    request.headers.get('x-forwarded-for')?.split(',')[0]
  const ip = given?.trim()
  return ip && ip.length <= 64 ? ip : 'unknown'
}

// ---- the address's links ----------------------------------------------------------------

async function subscriberFor(
  context: Context,
  given: unknown,
  purposes: Purpose[],
): Promise<{ subscriber: Subscriber; payload: TokenPayload } | undefined> {
  const payload = await verifyToken(context.secret, given, purposes)
  if (!payload || !/^[0-9a-f-]{36}$/.test(payload.s)) return undefined
  const { data, error } = await context.db
    .from('family_subscribers')
    .select('id, email, confirmed_at, manage_token_hash, unsubscribed_at')
    .eq('id', payload.s)
    .maybeSingle()
  if (error) fail('could not read the address', error)
  const subscriber = data as Subscriber | null
  if (!subscriber || subscriber.manage_token_hash !== payload.n) return undefined
  return { subscriber, payload }
}

/** What "My alerts" shows: the address, what it follows (named), and a fresh manage token. */
async function manageView(context: Context, subscriber: Subscriber) {
  const { data, error } = await context.db
    .from('family_subscriptions')
    .select('kind, ref, confirmed_at')
    .eq('subscriber_id', subscriber.id)
    .order('created_at', { ascending: true })
  if (error) fail('could not read the subscriptions', error)
  const catalog = await readCatalog(context.db)
  const follows = (data as (Follow & { confirmed_at: string | null })[]).map((row) => ({
    kind: row.kind,
    ref: row.ref,
    name: followName(catalog, row) ?? `${row.ref} (no longer on the site)`,
    confirmed: row.confirmed_at !== null,
  }))
  await context.db
    .from('family_subscribers')
    .update({ last_opened_at: new Date().toISOString() })
    .eq('id', subscriber.id)
  return {
    email: subscriber.email,
    confirmed: subscriber.confirmed_at !== null,
    unsubscribed: subscriber.unsubscribed_at !== null,
    follows,
    token: await signToken(context.secret, 'manage', subscriber.id, subscriber.manage_token_hash),
  }
}

// ---- subscribe and confirm -------------------------------------------------------------

async function subscribe(
  context: Context,
  request: Request,
  input: { email: string; follow: Follow; website?: string },
) {
  // A honeypot filled in: answered as a success, and nothing is stored or sent.
  if (input.website && input.website.trim() !== '') return answer(200, { ok: true })
  const address = plainAddress(input.email)?.toLowerCase()
  if (!address) return refuse(400, 'Enter one email address, like parent@example.com.')
  const catalog = await readCatalog(context.db)
  const name = followName(catalog, input.follow)
  if (!name) return refuse(400, 'There is no such team, program or field on the site.')

  const perIp = Math.max(1, Number(env('FAMILY_ALERTS_PER_IP_HOUR') ?? 20) || 20)
  const perAddress = Math.max(1, Number(env('FAMILY_ALERTS_PER_ADDRESS_DAY') ?? 5) || 5)
  if (!(await withinLimit(context.db, `ip:${await sha256Hex(clientIp(request))}`, perIp, 3600_000)))
    return refuse(429, 'Too many requests from this connection. Try again in an hour.')
  if (
    !(await withinLimit(context.db, `address:${await sha256Hex(address)}`, perAddress, 86_400_000))
  )
    return refuse(
      429,
      'We have sent this address several confirmation emails today. Look for them in your inbox (and spam folder), or try again tomorrow.',
    )

  const { data: existing, error: readError } = await context.db
    .from('family_subscribers')
    .select('id, email, confirmed_at, manage_token_hash, unsubscribed_at')
    .eq('email', address)
    .maybeSingle()
  if (readError) fail('could not read the address', readError)
  let subscriber = existing as Subscriber | null
  if (subscriber?.unsubscribed_at) {
    // Unsubscribed before: asking again needs a new confirmation.
    const { data, error } = await context.db
      .from('family_subscribers')
      .update({ confirmed_at: null, unsubscribed_at: null })
      .eq('id', subscriber.id)
      .select('id, email, confirmed_at, manage_token_hash, unsubscribed_at')
      .single()
    if (error) fail('could not update the address', error)
    subscriber = data as Subscriber
  } else if (!subscriber) {
    const { data, error } = await context.db
      .from('family_subscribers')
      .insert({ email: address, manage_token_hash: await sha256Hex(newLinkSecret()) })
      .select('id, email, confirmed_at, manage_token_hash, unsubscribed_at')
      .single()
    if (error) fail('could not store the address', error)
    subscriber = data as Subscriber
  }
  // The subscription waits for the link, even for a confirmed address: nobody can make
  // another family's address follow more.
  const { error: followError } = await context.db
    .from('family_subscriptions')
    .upsert(
      { subscriber_id: subscriber.id, kind: input.follow.kind, ref: input.follow.ref },
      { onConflict: 'subscriber_id,kind,ref', ignoreDuplicates: true },
    )
  if (followError) fail('could not store the subscription', followError)

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
    to: address,
    subject: headerText(`${context.clubName}: confirm your alerts for ${name}`, 200),
    html,
    text,
    messageId: await messageId(`confirm:${confirmToken}`, context.origin),
  })
  return answer(200, { ok: true })
}

async function confirm(context: Context, given: string) {
  const found = await subscriberFor(context, given, ['confirm'])
  if (!found) return refuse(403, EXPIRED_LINK)
  const { subscriber, payload } = found
  const now = new Date().toISOString()
  if (!subscriber.confirmed_at) {
    const { error } = await context.db
      .from('family_subscribers')
      .update({ confirmed_at: now, unsubscribed_at: null })
      .eq('id', subscriber.id)
    if (error) fail('could not confirm the address', error)
    subscriber.confirmed_at = now
    subscriber.unsubscribed_at = null
  }
  // What was asked for before this link was made; a later request has a link of its own.
  const { error } = await context.db
    .from('family_subscriptions')
    .update({ confirmed_at: now })
    .eq('subscriber_id', subscriber.id)
    .is('confirmed_at', null)
    .lte('created_at', new Date(payload.i + 1000).toISOString())
  if (error) fail('could not confirm the subscriptions', error)
  return answer(200, await manageView(context, subscriber))
}

// ---- "My alerts" -------------------------------------------------------------------------

async function manage(
  context: Context,
  action: 'manage' | 'follow' | 'unfollow' | 'unsubscribe' | 'delete',
  given: string,
  follow?: Follow,
) {
  const found = await subscriberFor(context, given, ['manage'])
  if (!found) return refuse(403, EXPIRED_LINK)
  const { subscriber } = found
  const db = context.db
  if (action === 'delete') {
    const { error } = await db.from('family_subscribers').delete().eq('id', subscriber.id)
    if (error) fail('could not delete the address', error)
    return answer(200, { deleted: true })
  }
  if (action === 'unsubscribe') {
    await unsubscribeAll(db, subscriber.id)
    subscriber.unsubscribed_at = new Date().toISOString()
  }
  if (action === 'follow' && follow) {
    if (!subscriber.confirmed_at || subscriber.unsubscribed_at)
      return refuse(409, 'Ask for alerts on a team’s page first: this address is not subscribed.')
    const catalog = await readCatalog(db)
    if (!followName(catalog, follow))
      return refuse(400, 'There is no such team, program or field on the site.')
    const { error } = await db.from('family_subscriptions').upsert(
      {
        subscriber_id: subscriber.id,
        kind: follow.kind,
        ref: follow.ref,
        confirmed_at: new Date().toISOString(),
      },
      { onConflict: 'subscriber_id,kind,ref' },
    )
    if (error) fail('could not add the subscription', error)
  }
  if (action === 'unfollow' && follow) {
    const { error } = await db
      .from('family_subscriptions')
      .delete()
      .eq('subscriber_id', subscriber.id)
      .eq('kind', follow.kind)
      .eq('ref', follow.ref)
    if (error) fail('could not remove the subscription', error)
  }
  return answer(200, await manageView(context, subscriber))
}

/** Stops every alert to an address at once: its subscriptions and its unsent deliveries go. */
async function unsubscribeAll(db: SupabaseClient, subscriberId: string) {
  const now = new Date().toISOString()
  const { error } = await db
    .from('family_subscribers')
    .update({ unsubscribed_at: now })
    .eq('id', subscriberId)
  if (error) fail('could not unsubscribe', error)
  const removed = await db.from('family_subscriptions').delete().eq('subscriber_id', subscriberId)
  if (removed.error) fail('could not remove the subscriptions', removed.error)
  const unsent = await db
    .from('family_deliveries')
    .delete()
    .eq('subscriber_id', subscriberId)
    .eq('status', 'pending')
  if (unsent.error) fail('could not remove unsent alerts', unsent.error)
}

async function oneClick(context: Context, request: Request, url: URL) {
  const given = url.searchParams.get('token')
  if (request.method === 'GET') {
    // A link scanner's GET changes nothing: the family lands on "My alerts".
    const found = await subscriberFor(context, given, ['unsubscribe'])
    const page = siteLink(context.origin, '/my-alerts')
    if (!page) return new Response('Not configured', { status: 500 })
    const manageToken = found
      ? await signToken(
          context.secret,
          'manage',
          found.subscriber.id,
          found.subscriber.manage_token_hash,
        )
      : ''
    return new Response(null, {
      status: 303,
      headers: { location: manageToken ? `${page}#token=${manageToken}` : page },
    })
  }
  if (request.method !== 'POST') return new Response('POST only', { status: 405 })
  const found = await subscriberFor(context, given, ['unsubscribe'])
  if (!found)
    return new Response(EXPIRED_LINK, {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  await unsubscribeAll(context.db, found.subscriber.id)
  return new Response('You are unsubscribed: no more alerts will be sent to this address.', {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })
}

// ---- push on this device ---------------------------------------------------------------

const PUSH_NOT_CONFIGURED = 'Alerts on this device are not available on this site yet.'

async function pushSubscribe(
  context: Context,
  request: Request,
  input: { endpoint: string; p256dh: string; auth: string; follow: Follow; website?: string },
) {
  if (input.website && input.website.trim() !== '') return answer(200, { ok: true })
  if (!vapid()) return refuse(404, PUSH_NOT_CONFIGURED)
  if (!isPushEndpoint(input.endpoint))
    return refuse(400, 'This browser’s push service is not one the club can send to.')
  const catalog = await readCatalog(context.db)
  const name = followName(catalog, input.follow)
  if (!name) return refuse(400, 'There is no such team, program or field on the site.')
  const perIp = Math.max(1, Number(env('FAMILY_ALERTS_PER_IP_HOUR') ?? 20) || 20)
  if (!(await withinLimit(context.db, `ip:${await sha256Hex(clientIp(request))}`, perIp, 3600_000)))
    return refuse(429, 'Too many requests from this connection. Try again in an hour.')
  const { data, error } = await context.db
    .from('family_push_subscriptions')
    .upsert(
      {
        endpoint: input.endpoint,
        p256dh: input.p256dh,
        auth: input.auth,
        last_opened_at: new Date().toISOString(),
      },
      { onConflict: 'endpoint' },
    )
    .select('id')
    .single()
  if (error) fail('could not store the push subscription', error)
  const { error: followError } = await context.db
    .from('family_push_follows')
    .upsert(
      { push_subscription_id: (data as { id: string }).id, ...input.follow },
      { onConflict: 'push_subscription_id,kind,ref', ignoreDuplicates: true },
    )
  if (followError) fail('could not store the push subscription', followError)
  return answer(200, { ok: true, covers: covers(name) })
}

/** One follow of a device, or all its push alerts (the subscription itself) when none is named. */
async function pushUnsubscribe(context: Context, endpoint: string, follow?: Follow) {
  const { data, error } = await context.db
    .from('family_push_subscriptions')
    .select('id')
    .eq('endpoint', endpoint)
    .maybeSingle()
  if (error) fail('could not read the push subscription', error)
  const id = (data as { id: string } | null)?.id
  if (id && follow) {
    const removed = await context.db
      .from('family_push_follows')
      .delete()
      .eq('push_subscription_id', id)
      .eq('kind', follow.kind)
      .eq('ref', follow.ref)
    if (removed.error) fail('could not remove the push subscription', removed.error)
  } else if (id) {
    const removed = await context.db.from('family_push_subscriptions').delete().eq('id', id)
    if (removed.error) fail('could not remove the push subscription', removed.error)
  }
  return answer(200, { ok: true })
}

/** What a device follows, named, for "My alerts" on that device; it counts as opened. */
async function pushManage(context: Context, endpoint: string) {
  const { data, error } = await context.db
    .from('family_push_subscriptions')
    .update({ last_opened_at: new Date().toISOString() })
    .eq('endpoint', endpoint)
    .select('id')
    .maybeSingle()
  if (error) fail('could not read the push subscription', error)
  const id = (data as { id: string } | null)?.id
  if (!id) return refuse(404, 'This device gets no alerts from the club.')
  const { data: rows, error: followsError } = await context.db
    .from('family_push_follows')
    .select('kind, ref')
    .eq('push_subscription_id', id)
    .order('created_at', { ascending: true })
  if (followsError) fail('could not read what the device follows', followsError)
  const catalog = await readCatalog(context.db)
  return answer(200, {
    follows: (rows as Follow[]).map((row) => ({
      kind: row.kind,
      ref: row.ref,
      name: followName(catalog, row) ?? `${row.ref} (no longer on the site)`,
    })),
  })
}

// ---- notify ------------------------------------------------------------------------------

const FIRST_RETRY_MS = 10_000
/** The wait before a delivery's next try: 10 s, doubling (its 6 tries span about 5 minutes). */
const retryWaitMs = (attempts: number) => backoffMs(FIRST_RETRY_MS, 60 * 60_000, attempts)
const MAX_ATTEMPTS = 6
/** A run hands over what it can within this time; the cron job calls again for the rest. */
const RUN_BUDGET_MS = 100_000
/** How long a run's lease lasts without renewal (a run that died frees it then). */
const LEASE_SECONDS = 150

const DECISION: Record<string, string> = {
  'game-off': 'Cancelled today',
  'game-on': 'On today',
  delayed: 'Delayed today',
}

type Notification = {
  id: string
  /** 'status-alert', or 'field-status' and 'schedule' (their summary is the decision already). */
  trigger_kind: string
  alert_id: string | null
  status_type: string | null
  summary: string
  message: string
  target_pages: string[]
  created_at: string
  /**
   * The first notification of the same alert, when this one follows it within
   * CORRECTION_WINDOW_MS: a correction, sent as an update to it ("Update: …", in its email
   * thread, replacing its push notification), not as a second alarm.
   */
  corrects?: string | undefined
}

/** A changed decision within this long of the alert's first notification is a correction. */
const CORRECTION_WINDOW_MS = 10 * 60_000

/**
 * The subject (and push title) of a notification: "Update: …" for a correction of one that
 * reached this recipient (`update`); a correction that replaced a first message still queued
 * reads as the first.
 */
function subjectOf(notification: Notification, update = Boolean(notification.corrects)) {
  const subject =
    notification.trigger_kind === 'status-alert'
      ? alertSubject(notification)
      : headerText(notification.summary.trim(), 200)
  return update ? headerText(`Update: ${subject}`, 200) : subject
}

/**
 * The delivery of the first notification that `notification` corrects to this recipient (an
 * address or a device), if that one was sent or is being sent: a queued one the correction
 * replaced (family_alerts_replace_queued) is gone.
 */
async function firstDelivery(
  db: SupabaseClient,
  notification: Notification,
  recipient: { subscriber_id: string } | { push_subscription_id: string },
) {
  if (!notification.corrects) return undefined
  const [column, id] =
    'subscriber_id' in recipient
      ? ['subscriber_id', recipient.subscriber_id]
      : ['push_subscription_id', recipient.push_subscription_id]
  const { data, error } = await db
    .from('family_deliveries')
    .select('id')
    .eq('notification_id', notification.corrects)
    .eq(column, id)
    .limit(1)
  if (error) fail('could not read the first message', error)
  return (data as { id: string }[] | null)?.[0]?.id
}

/** The first notification of the same alert within the correction window before this one. */
async function correctedBy(db: SupabaseClient, notification: Notification) {
  if (!notification.alert_id) return undefined
  const created = Date.parse(notification.created_at)
  const { data, error } = await db
    .from('family_notifications')
    .select('id')
    .eq('alert_id', notification.alert_id)
    .gte('created_at', new Date(created - CORRECTION_WINDOW_MS).toISOString())
    .lt('created_at', notification.created_at)
    .order('created_at', { ascending: true })
    .limit(1)
  if (error) fail('could not read the earlier notifications', error)
  return (data as { id: string }[] | null)?.[0]?.id
}

/** "Cancelled today: All games cancelled": the decision first. */
export function alertSubject(notification: Pick<Notification, 'status_type' | 'summary'>) {
  const title = notification.summary.trim()
  // A notice on a team's or program's page (no game-day status): its title is the news.
  const decision = DECISION[notification.status_type ?? '']
  if (!decision) return headerText(title, 200)
  return headerText(
    title.toLowerCase().startsWith(decision.toLowerCase()) ? title : `${decision}: ${title}`,
    200,
  )
}

async function notify(context: Context) {
  const db = context.db
  const started = Date.now()
  const result = { notifications: 0, queued: 0, sent: 0, retrying: 0, failed: 0, busy: false }
  const run = crypto.randomUUID()
  const lease = async (seconds: number) => {
    const { data, error } = await db.rpc('family_alerts_lease', { run, seconds })
    if (error) fail('could not take the sending lease', error)
    return data === true
  }
  const pendingNotifications = async () => {
    const { count, error } = await db
      .from('family_notifications')
      .select('id', { count: 'exact', head: true })
      .eq('status', 'pending')
    if (error) fail('could not read the notifications', error)
    return count ?? 0
  }
  // One run sends at a time; a notification that arrives as it finishes is taken at once.
  do {
    if (!(await lease(LEASE_SECONDS))) {
      result.busy = true
      return result
    }
    try {
      await sendDue(context, started, result, () => lease(LEASE_SECONDS))
    } finally {
      await lease(0)
    }
  } while (Date.now() - started < RUN_BUDGET_MS && (await pendingNotifications()) > 0)
  return result
}

/**
 * Whom a status alert on `pages` concerns (none: club-wide): the teams, programs and fields the
 * catalog finds in them, and, for teams or fields the stored documents do not list (the site
 * shows its built-in ones), those families follow, matched by key.
 */
async function resolveAudience(db: SupabaseClient, catalog: Catalog, pages: string[]) {
  const audience = audienceOf(catalog, pages)
  if (audience.programTeams?.length || audience.allFields) {
    const followed: Follow[] = []
    for (const table of ['family_subscriptions', 'family_push_follows']) {
      const { data, error } = await db
        .from(table)
        .select('kind, ref')
        .in('kind', ['team', 'field'])
        .limit(10_000)
      if (error) fail('could not read the subscriptions', error)
      followed.push(...((data ?? []) as Follow[]))
    }
    for (const row of followed) {
      if (row.kind === 'team' && audience.programTeams?.includes(programOfKey(row.ref)))
        audience.teams.push(row.ref)
      if (row.kind === 'field' && audience.allFields) audience.fields.push(row.ref)
    }
  }
  return audience
}

/** The delivery rows of each pending notification: whom it concerns. */
async function fanOut(db: SupabaseClient, result: { notifications: number; queued: number }) {
  let catalog: Catalog | undefined
  const { data: pending, error: pendingError } = await db
    .from('family_notifications')
    .select('id, alert_id, target_pages')
    .eq('status', 'pending')
    .order('created_at', { ascending: true })
    .limit(50)
  if (pendingError) fail('could not read the notifications', pendingError)
  for (const item of (pending ?? []) as {
    id: string
    alert_id: string | null
    target_pages: string[]
  }[]) {
    catalog ??= await readCatalog(db)
    const audience = await resolveAudience(db, catalog, item.target_pages ?? [])
    const { data, error } = await db.rpc('family_alerts_fan_out', {
      notification: item.id,
      everyone: audience.everyone,
      teams: audience.teams,
      programs: audience.programs,
      fields: audience.fields,
    })
    if (error) fail('could not list the recipients', error)
    result.notifications++
    result.queued += Number(data ?? 0)
    if (item.alert_id) {
      // A correction of a message still queued replaces it: each recipient hears once.
      const replaced = await db.rpc('family_alerts_replace_queued', { correction: item.id })
      if (replaced.error) fail('could not replace the queued messages', replaced.error)
      result.queued -= Number(replaced.data ?? 0)
    }
  }
}

/**
 * For the alerts editors, before publishing (staff only, checked with the caller's own token):
 * how many confirmed addresses and push devices a status alert on `pages` would reach now,
 * and the names of what it concerns. Counts only: no address or endpoint leaves.
 */
async function preview(context: Context, request: Request, pages: string[]) {
  const authorization = request.headers.get('authorization') ?? ''
  const supabaseUrl = env('SUPABASE_URL')
  const anonKey = env('SUPABASE_ANON_KEY')
  if (!/^Bearer\s+\S+$/i.test(authorization) || !supabaseUrl || !anonKey)
    return refuse(401, 'Sign in as staff first.')
  const caller = createClient(supabaseUrl, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { authorization } },
  })
  const staff = await caller.rpc('is_admin')
  if (staff.error || staff.data !== true)
    return refuse(403, 'Only staff can see who would be told.')
  const catalog = await readCatalog(context.db)
  const audience = await resolveAudience(context.db, catalog, pages)
  const { data, error } = await context.db.rpc('family_alerts_audience', {
    everyone: audience.everyone,
    teams: audience.teams,
    programs: audience.programs,
    fields: audience.fields,
  })
  if (error) fail('could not count the recipients', error)
  const counts = ((data ?? [])[0] ?? { email: 0, push: 0 }) as { email: number; push: number }
  const names = audience.everyone
    ? ['everyone who follows the club']
    : [
        ...audience.teams.map((ref) => followName(catalog, { kind: 'team', ref })),
        ...audience.programs.map((ref) => followName(catalog, { kind: 'program', ref })),
        ...audience.fields.map((ref) => followName(catalog, { kind: 'field', ref })),
      ].filter((name): name is string => Boolean(name))
  return answer(200, {
    email: Number(counts.email),
    push: Number(counts.push),
    everyone: audience.everyone,
    names: [...new Set(names)].slice(0, 20),
  })
}

/** Sends what is due, batch by batch, until nothing is or the run's time is up. */
async function sendDue(
  context: Context,
  started: number,
  result: { notifications: number; queued: number; sent: number; retrying: number; failed: number },
  renew: () => Promise<boolean>,
) {
  const db = context.db
  // A send cut off midway (the function stopped) may or may not have arrived: recorded as
  // failed rather than sent again.
  {
    const { error } = await db
      .from('family_deliveries')
      .update({
        status: 'failed',
        error: 'Sending was interrupted; the email may not have arrived.',
      })
      .eq('status', 'sending')
      .lt('last_attempt_at', new Date(Date.now() - 10 * 60_000).toISOString())
    if (error) fail('could not check interrupted sends', error)
  }
  const perSecond = Math.max(1, Number(env('MAIL_PER_SECOND') ?? 10) || 10)
  const notifications = new Map<string, Notification>()
  while (Date.now() - started < RUN_BUDGET_MS) {
    // New notifications first (a webhook's call may have found this run busy).
    await fanOut(db, result)
    const now = new Date()
    const { data: due, error: dueError } = await db
      .from('family_deliveries')
      .select('id, notification_id, subscriber_id, push_subscription_id, channel, attempts')
      .eq('status', 'pending')
      .lte('next_attempt_at', now.toISOString())
      .order('created_at', { ascending: true })
      .limit(perSecond)
    if (dueError) fail('could not read the deliveries', dueError)
    const batch = (due ?? []) as {
      id: string
      notification_id: string
      subscriber_id: string | null
      push_subscription_id: string | null
      channel: 'email' | 'push'
      attempts: number
    }[]
    if (batch.length === 0) break
    const batchStarted = Date.now()
    // Claimed before sending (pending → sending): two runs never send one delivery twice.
    const { data: claimed, error: claimError } = await db
      .from('family_deliveries')
      .update({ status: 'sending', last_attempt_at: now.toISOString() })
      .in(
        'id',
        batch.map((row) => row.id),
      )
      .eq('status', 'pending')
      .select('id')
    if (claimError) fail('could not claim deliveries', claimError)
    const mine = new Set((claimed ?? []).map((row: { id: string }) => row.id))
    const rows = batch.filter((row) => mine.has(row.id))

    const wanted = [...new Set(rows.map((row) => row.notification_id))].filter(
      (id) => !notifications.has(id),
    )
    if (wanted.length > 0) {
      const { data, error } = await db
        .from('family_notifications')
        .select(
          'id, trigger_kind, alert_id, status_type, summary, message, target_pages, created_at',
        )
        .in('id', wanted)
      if (error) fail('could not read the notifications', error)
      for (const item of data as Notification[])
        notifications.set(item.id, { ...item, corrects: await correctedBy(db, item) })
    }
    const { data: people, error: peopleError } = await db
      .from('family_subscribers')
      .select('id, email, confirmed_at, manage_token_hash, unsubscribed_at')
      .in('id', [...new Set(rows.flatMap((row) => row.subscriber_id ?? []))])
    if (peopleError) fail('could not read the addresses', peopleError)
    const subscribers = new Map((people as Subscriber[]).map((item) => [item.id, item]))
    const { data: devices, error: devicesError } = await db
      .from('family_push_subscriptions')
      .select('id, endpoint, p256dh, auth')
      .in('id', [...new Set(rows.flatMap((row) => row.push_subscription_id ?? []))])
    if (devicesError) fail('could not read the push subscriptions', devicesError)
    const pushTo = new Map(
      ((devices ?? []) as (PushKeys & { id: string })[]).map((item) => [item.id, item]),
    )

    await Promise.all(
      rows.map(async (row) => {
        if (row.channel === 'push') {
          const device = row.push_subscription_id ? pushTo.get(row.push_subscription_id) : undefined
          const notification = notifications.get(row.notification_id)
          if (!device || !notification) {
            await db.from('family_deliveries').delete().eq('id', row.id)
            return
          }
          await deliverPush(context, row, device, notification, result)
          return
        }
        const subscriber = row.subscriber_id ? subscribers.get(row.subscriber_id) : undefined
        const notification = notifications.get(row.notification_id)
        // Unsubscribed (or never confirmed) since the fan-out: nothing is sent.
        if (!subscriber?.confirmed_at || subscriber.unsubscribed_at || !notification) {
          await db.from('family_deliveries').delete().eq('id', row.id)
          return
        }
        const attempts = row.attempts + 1
        let update: Record<string, unknown>
        try {
          await sendAlert(context, subscriber, notification, row.id)
          update = { status: 'sent', attempts, sent_at: new Date().toISOString(), error: null }
          result.sent++
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode
          const message = headerText(String((error as Error).message ?? error), 500)
          const permanent = typeof code === 'number' && code >= 500
          const bounced = permanent && code >= 550 && code <= 553
          // A hard bounce at the door: no more email to this address.
          if (bounced) await unsubscribeAll(db, subscriber.id)
          update = failedTry(
            bounced ? 'bounced' : permanent ? 'failed' : 'retry',
            attempts,
            message,
            result,
          )
        }
        await recordDelivery(db, row.id, update)
      }),
    )
    // At most `perSecond` emails in any second.
    const wait = 1000 - (Date.now() - batchStarted)
    if (wait > 0 && batch.length >= perSecond) await new Promise((done) => setTimeout(done, wait))
    if (!(await renew())) return
  }
}

/**
 * What a failed try leaves a delivery as, counted in `result`: bounced (the address or device is
 * gone), failed (refused for good, or the last try), or pending again after the backoff.
 */
function failedTry(
  outcome: 'bounced' | 'failed' | 'retry',
  attempts: number,
  message: string,
  result: { retrying: number; failed: number },
): Record<string, unknown> {
  if (outcome === 'retry' && attempts < MAX_ATTEMPTS) {
    result.retrying++
    const next = new Date(Date.now() + retryWaitMs(attempts)).toISOString()
    return { status: 'pending', attempts, error: message, next_attempt_at: next }
  }
  result.failed++
  return { status: outcome === 'bounced' ? 'bounced' : 'failed', attempts, error: message }
}

/** Records a delivery's outcome, unless another run has taken it meanwhile (no longer 'sending'). */
async function recordDelivery(db: SupabaseClient, id: string, update: Record<string, unknown>) {
  const { error } = await db
    .from('family_deliveries')
    .update(update)
    .eq('id', id)
    .eq('status', 'sending')
  if (error) console.error(`could not record a delivery: ${error.message}`)
}

/**
 * One push delivery, recorded: sent; bounced (the push service says the subscription is gone,
 * 404 or 410: it is removed); failed (refused for good, or after the last retry); or pending
 * again with backoff (unreachable, rate limited, the service's own error).
 */
async function deliverPush(
  context: Context,
  row: { id: string; attempts: number },
  device: PushKeys & { id: string },
  notification: Notification,
  result: { sent: number; retrying: number; failed: number },
) {
  const db = context.db
  const attempts = row.attempts + 1
  let update: Record<string, unknown>
  let gone = false
  try {
    const reached = await firstDelivery(db, notification, { push_subscription_id: device.id })
    await sendPush(device, pushPayload(context, notification, Boolean(reached)), {
      topic: (await sha256Hex(notification.alert_id ?? notification.id)).slice(0, 32),
    })
    update = { status: 'sent', attempts, sent_at: new Date().toISOString(), error: null }
    result.sent++
  } catch (error) {
    const status = error instanceof PushError ? error.statusCode : 0
    const message = headerText(String((error as Error).message ?? error), 500)
    gone = status === 404 || status === 410
    const retry = status === 0 || status === 429 || status >= 500
    update = failedTry(gone ? 'bounced' : retry ? 'retry' : 'failed', attempts, message, result)
  }
  await recordDelivery(db, row.id, update)
  if (gone) {
    // The device unsubscribed or its subscription expired: no more push to it.
    const removed = await db.from('family_push_subscriptions').delete().eq('id', device.id)
    if (removed.error)
      console.error(`could not remove a push subscription: ${removed.error.message}`)
  }
}

/**
 * What a device is sent: the decision first (the title), when it was posted in club time, and
 * the one page it concerns. Nothing about any family.
 */
function pushPayload(context: Context, notification: Notification, update: boolean) {
  const url = siteLink(context.origin, alertPath(notification.target_pages ?? []))
  if (!url) throw new Error('SITE_URL is not set: no link can be sent.')
  return {
    title: subjectOf(notification, update),
    body: `Posted ${clubTime(notification.created_at, context.timeZone)} · ${context.clubName}`,
    url,
    tag: `alert-${notification.alert_id ?? notification.id}`,
  }
}

async function sendAlert(
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

// ---- the handler -------------------------------------------------------------------------

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
