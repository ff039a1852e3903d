// The sending queue: one run at a time (a lease) fans new notifications out into delivery rows
// and hands over what is due, batch by batch, under MAIL_PER_SECOND.
import type { SupabaseClient } from '@supabase/supabase-js'

import { claimPending } from '../_shared/db.ts'
import { env } from '../_shared/smtp.ts'
import { resolveAudience } from './audience.ts'
import { fail } from '../_shared/db.ts'
import type { Context } from './context.ts'
import { deliverEmail, deliverPush } from './deliveries.ts'
import { correctedBy } from './notifications.ts'
import type { Notification } from './notifications.ts'
import type { PushKeys } from './push.ts'
import { SUBSCRIBER_COLUMNS } from './subscribers.ts'
import type { Subscriber } from './subscribers.ts'
import { readCatalog } from './targets.ts'
import type { Catalog } from './targets.ts'

/** A run hands over what it can within this time; the cron job calls again for the rest. */
const RUN_BUDGET_MS = 100_000
/** How long a run's lease lasts without renewal (a run that died frees it then). */
const LEASE_SECONDS = 150

export async function notify(context: Context) {
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
    const rows = await claimPending(
      db,
      'family_deliveries',
      batch,
      now.toISOString(),
      'could not claim deliveries',
    )

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
      .select(SUBSCRIBER_COLUMNS)
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
        await deliverEmail(context, row, subscriber, notification, result)
      }),
    )
    // At most `perSecond` emails in any second.
    const wait = 1000 - (Date.now() - batchStarted)
    if (wait > 0 && batch.length >= perSecond) await new Promise((done) => setTimeout(done, wait))
    if (!(await renew())) return
  }
}
