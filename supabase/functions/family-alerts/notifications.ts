// A notification (family_notifications) as families read it: its subject, the decision first,
// and whether it corrects an earlier one of the same alert.
import type { SupabaseClient } from '@supabase/supabase-js'

import { headerText } from '../_shared/safe.ts'
import { fail } from '../_shared/db.ts'

const DECISION: Record<string, string> = {
  'game-off': 'Cancelled today',
  'game-on': 'On today',
  delayed: 'Delayed today',
}

export type Notification = {
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
export function subjectOf(notification: Notification, update = Boolean(notification.corrects)) {
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
export async function firstDelivery(
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
export async function correctedBy(db: SupabaseClient, notification: Notification) {
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
