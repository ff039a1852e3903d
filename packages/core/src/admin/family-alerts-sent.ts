import type { BackendClient } from '../backend/client.ts'

/**
 * What Communications › Alerts sent shows (issue 33 §2): each notification families were sent,
 * newest first, with its deliveries counted by channel and status
 * (public.family_alert_delivery_counts, which only staff can read).
 */
export type AlertSent = {
  id: string
  createdAt: string
  statusType: string | null
  summary: string
  targetPages: string[]
  email: ChannelCounts
  push: ChannelCounts
}

/** `sent`: handed to the mail provider or push service; `waiting`: not yet, or to be retried. */
export type ChannelCounts = { sent: number; waiting: number; failed: number; bounced: number }

/** How many notifications the screen lists. */
export const ALERTS_SENT_LIMIT = 20

type Row = {
  notification_id: string
  created_at: string
  status_type: string | null
  summary: string
  target_pages: string[] | null
  email_sent: number
  email_waiting: number
  email_failed: number
  email_bounced: number
  push_sent: number
  push_waiting: number
  push_failed: number
  push_bounced: number
}

/** The newest notifications and their deliveries; throws when the backend does not answer. */
export async function readAlertsSent(client: BackendClient): Promise<AlertSent[]> {
  const { data, error } = await client
    .from('family_alert_delivery_counts')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(ALERTS_SENT_LIMIT)
  if (error) throw new Error(error.message)
  return ((data ?? []) as Row[]).map((row) => ({
    id: row.notification_id,
    createdAt: row.created_at,
    statusType: row.status_type,
    summary: row.summary,
    targetPages: row.target_pages ?? [],
    email: {
      sent: row.email_sent,
      waiting: row.email_waiting,
      failed: row.email_failed,
      bounced: row.email_bounced,
    },
    push: {
      sent: row.push_sent,
      waiting: row.push_waiting,
      failed: row.push_failed,
      bounced: row.push_bounced,
    },
  }))
}

/** "12 sent, 3 waiting, 1 bounced" (only the counts that are not zero; "none" for none). */
export function countsText(counts: ChannelCounts, gone: string): string {
  const parts = [
    counts.sent > 0 ? `${counts.sent} sent` : '',
    counts.waiting > 0 ? `${counts.waiting} waiting` : '',
    counts.failed > 0 ? `${counts.failed} failed` : '',
    counts.bounced > 0 ? `${counts.bounced} ${gone}` : '',
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : 'none'
}
