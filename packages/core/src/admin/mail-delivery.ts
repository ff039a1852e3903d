import type { BackendClient } from '../backend/client.ts'

/**
 * What Settings shows of the director's email notifications: the last one delivered, and
 * those that could not be (public.mail_outbox, which staff may read; the Edge Function
 * `director-mail` writes it).
 */
export type MailDelivery = {
  lastSent: { at: string; to: string } | null
  /** Given up after their last try: the director must look at the messages in the inbox. */
  failed: { count: number; at: string; error: string } | null
  /** Failed at least once and waiting for their next try. */
  retrying: { count: number; nextAt: string; error: string } | null
}

/** Rows read for each count: Settings says "50 or more" past it. */
export const DELIVERY_COUNT_LIMIT = 50

type Row = {
  sent_at: string | null
  recipient: string | null
  last_attempt_at: string | null
  next_attempt_at: string
  last_error: string | null
}

/** Reads the outbox's state for Settings; throws when the backend does not answer. */
export async function readMailDelivery(client: BackendClient): Promise<MailDelivery> {
  const outbox = () =>
    client
      .from('mail_outbox')
      .select('sent_at, recipient, last_attempt_at, next_attempt_at, last_error')
  const [sent, failed, retrying] = await Promise.all([
    outbox().eq('status', 'sent').order('sent_at', { ascending: false }).limit(1),
    outbox()
      .eq('status', 'failed')
      .order('last_attempt_at', { ascending: false })
      .limit(DELIVERY_COUNT_LIMIT),
    outbox()
      .eq('status', 'pending')
      .gt('attempts', 0)
      .order('next_attempt_at', { ascending: true })
      .limit(DELIVERY_COUNT_LIMIT),
  ])
  for (const answer of [sent, failed, retrying])
    if (answer.error) throw new Error(answer.error.message)
  const last = (sent.data as Row[])[0]
  const gaveUp = failed.data as Row[]
  const waiting = retrying.data as Row[]
  return {
    lastSent: last?.sent_at ? { at: last.sent_at, to: last.recipient ?? '' } : null,
    failed: gaveUp[0]
      ? {
          count: gaveUp.length,
          at: gaveUp[0].last_attempt_at ?? '',
          error: gaveUp[0].last_error ?? '',
        }
      : null,
    retrying: waiting[0]
      ? {
          count: waiting.length,
          nextAt: waiting[0].next_attempt_at,
          error: waiting[0].last_error ?? '',
        }
      : null,
  }
}
