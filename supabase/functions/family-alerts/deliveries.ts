// One delivery's try, by email or by push, and its outcome recorded in family_deliveries:
// sent, pending again after a backoff, bounced or failed.
import type { SupabaseClient } from '@supabase/supabase-js'

import { backoffMs } from '../_shared/backoff.ts'
import { clubTime } from '../_shared/render-email.ts'
import { headerText, siteLink } from '../_shared/safe.ts'
import type { Context } from './context.ts'
import { firstDelivery, subjectOf } from './notifications.ts'
import type { Notification } from './notifications.ts'
import { PushError, sendPush } from './push.ts'
import type { PushKeys } from './push.ts'
import { sendAlert } from './send-mail.ts'
import { unsubscribeAll } from './subscribers.ts'
import type { Subscriber } from './subscribers.ts'
import { alertPath } from './targets.ts'
import { sha256Hex } from './tokens.ts'

const FIRST_RETRY_MS = 10_000
/** The wait before a delivery's next try: 10 s, doubling (its 6 tries span about 5 minutes). */
const retryWaitMs = (attempts: number) => backoffMs(FIRST_RETRY_MS, 60 * 60_000, attempts)
const MAX_ATTEMPTS = 6

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
 * One email delivery, recorded: sent; bounced (the server refused the address for good, 550 to
 * 553: the address is unsubscribed from everything); failed (refused for good, or after the last
 * retry); or pending again with backoff.
 */
export async function deliverEmail(
  context: Context,
  row: { id: string; attempts: number },
  subscriber: Subscriber,
  notification: Notification,
  result: { sent: number; retrying: number; failed: number },
) {
  const db = context.db
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
}

/**
 * One push delivery, recorded: sent; bounced (the push service says the subscription is gone,
 * 404 or 410: it is removed); failed (refused for good, or after the last retry); or pending
 * again with backoff (unreachable, rate limited, the service's own error).
 */
export async function deliverPush(
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
