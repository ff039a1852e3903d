// The outbox run: the rows of public.mail_outbox that are due, sent as the director's
// settings say (each right away, or one daily digest), and their outcome recorded.
import type { SupabaseClient } from '@supabase/supabase-js'
import { createElement } from 'react'

import { nextDigestAt } from './digest-time.ts'
import { DigestEmail, KIND_TITLE, NotificationEmail, renderEmail, SWITCH_LABEL } from './email.tsx'
import type { Club, Submission } from './email.tsx'
import { headerText, plainAddress } from './safe.ts'
import { backoffMs } from '../_shared/backoff.ts'
import { claimPending, fail } from '../_shared/db.ts'

/** How many tries before a notification is shown to the director as failed. */
export const MAX_ATTEMPTS = 10
/** The wait after the first failed try; it doubles with each try, up to an hour. */
const FIRST_RETRY_MS = 10_000
const LONGEST_RETRY_MS = 60 * 60_000
/** A send still 'sending' this long after it started was cut off (the function stopped). */
const SENDING_LEASE_MS = 10 * 60_000

export function retryDelayMs(attempts: number): number {
  return backoffMs(FIRST_RETRY_MS, LONGEST_RETRY_MS, attempts)
}

export type OutgoingMail = {
  to: string
  replyTo?: { name: string; address: string }
  subject: string
  html: string
  text: string
  messageId: string
}

export type Mailer = (mail: OutgoingMail) => Promise<{ messageId: string }>

export type Run = {
  db: SupabaseClient
  send: Mailer
  club: Club
  /** The most emails sent in any minute. */
  perMinute: number
  now: Date
}

type Row = {
  id: string
  idempotency_key: string
  submission_id: string | null
  kind: Submission['kind']
  attempts: number
  created_at: string
}

type Notifications = {
  emailOnNewRegistration: boolean
  emailOnFormSubmission: boolean
  delivery: 'immediate' | 'digest'
  digestHour: number
  email: string
}

export type RunResult = {
  sent: number
  failed: number
  retrying: number
  skipped: number
  waiting: number
}

/** adminSettings' notifications and the address they go to, read leniently (the editor's defaults). */
async function readSettings(
  db: SupabaseClient,
): Promise<{ notifications: Notifications; to?: string }> {
  const { data, error } = await db
    .from('website_content')
    .select('key, value')
    .in('key', ['adminSettings', 'adminProfile'])
  if (error) fail('could not read the settings', error)
  const value = (key: string) =>
    (data ?? []).find((row: { key: string }) => row.key === key)?.value as
      Record<string, unknown> | undefined
  const stored = (value('adminSettings')?.notifications ?? {}) as Record<string, unknown>
  const notifications: Notifications = {
    emailOnNewRegistration: stored.emailOnNewRegistration !== false,
    emailOnFormSubmission: stored.emailOnFormSubmission !== false,
    delivery: stored.delivery === 'digest' ? 'digest' : 'immediate',
    digestHour:
      Number.isInteger(stored.digestHour) &&
      Number(stored.digestHour) >= 0 &&
      Number(stored.digestHour) <= 23
        ? Number(stored.digestHour)
        : 7,
    email: typeof stored.email === 'string' ? stored.email : '',
  }
  const to = plainAddress(notifications.email) ?? plainAddress(value('adminProfile')?.email)
  return { notifications, to }
}

const switchOn = (notifications: Notifications, kind: Submission['kind']) =>
  kind === 'registration-interest'
    ? notifications.emailOnNewRegistration
    : notifications.emailOnFormSubmission

/** A Message-ID made from the rows it carries: a retry of the same email carries the same one. */
async function messageIdFor(rows: Row[], origin: string | undefined): Promise<string> {
  const keys = rows
    .map((row) => row.idempotency_key)
    .sort()
    .join('\n')
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(keys)),
  )
  const hex = [...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  const host = origin ? new URL(origin).hostname : 'club-site.local'
  return `<notify-${hex}@${host}>`
}

/**
 * Runs the outbox once: what is due is sent, each failure is recorded with its next try, and
 * nothing is sent twice (each row is claimed, 'pending' → 'sending', before its send).
 */
export async function runOutbox(run: Run): Promise<RunResult> {
  const { db, now } = run
  const result: RunResult = { sent: 0, failed: 0, retrying: 0, skipped: 0, waiting: 0 }
  const iso = now.toISOString()

  // A send cut off midway (the function stopped) may or may not have arrived: shown as failed
  // rather than sent again.
  {
    const { error } = await db
      .from('mail_outbox')
      .update({
        status: 'failed',
        last_error: 'Sending was interrupted; the email may not have arrived.',
      })
      .eq('status', 'sending')
      .lt('last_attempt_at', new Date(now.getTime() - SENDING_LEASE_MS).toISOString())
    if (error) fail('could not check interrupted sends', error)
  }

  const { data: due, error: dueError } = await db
    .from('mail_outbox')
    .select('id, idempotency_key, submission_id, kind, attempts, created_at')
    .eq('status', 'pending')
    .lte('next_attempt_at', iso)
    .order('created_at', { ascending: true })
    .limit(200)
  if (dueError) fail('could not read the outbox', dueError)
  const rows = (due ?? []) as Row[]
  if (rows.length === 0) return result

  const { notifications, to } = await readSettings(db)
  const ids = rows.map((row) => row.submission_id).filter((id): id is string => id !== null)
  const { data: found, error: foundError } = ids.length
    ? await db
        .from('form_submissions')
        .select('id, kind, name, email, phone, message, program, created_at')
        .in('id', ids)
    : { data: [], error: null }
  if (foundError) fail('could not read the submissions', foundError)
  const submissions = new Map((found as Submission[]).map((item) => [item.id, item]))

  // Rows that will not be sent: their message is gone, or the director's switch is off.
  const sendable: Row[] = []
  for (const row of rows) {
    const item = row.submission_id ? submissions.get(row.submission_id) : undefined
    const reason = !item
      ? 'Not sent: the message was deleted first.'
      : !switchOn(notifications, row.kind)
        ? `Not sent: “${SWITCH_LABEL[row.kind]}” was off.`
        : undefined
    if (!reason) {
      sendable.push(row)
      continue
    }
    const { error } = await db
      .from('mail_outbox')
      .update({ status: 'skipped', last_error: reason, last_attempt_at: iso })
      .eq('id', row.id)
      .eq('status', 'pending')
    if (error) fail('could not record a skipped notification', error)
    result.skipped++
  }

  // Sends allowed this minute (counted from what the outbox sent in the last 60 s).
  const { data: recent, error: recentError } = await db
    .from('mail_outbox')
    .select('message_id')
    .eq('status', 'sent')
    .gt('sent_at', new Date(now.getTime() - 60_000).toISOString())
    .limit(1000)
  if (recentError) fail('could not count recent sends', recentError)
  let budget =
    run.perMinute -
    new Set((recent ?? []).map((row: { message_id: string }) => row.message_id)).size

  // Digest mode: a row goes in the first digest after it arrived. A row not due yet is set to
  // wait until then, so the cron job does not call for it before (a change of the settings
  // makes every waiting row due again: the outbox migration's trigger on website_content).
  const digestAt = (row: Row) =>
    nextDigestAt(new Date(row.created_at), notifications.digestHour, run.club.timeZone)
  const digestDue = sendable.filter((row) => digestAt(row) <= now)
  const batches: Row[][] =
    notifications.delivery === 'immediate'
      ? sendable.map((row) => [row])
      : digestDue.length > 0
        ? [digestDue]
        : []
  if (notifications.delivery === 'digest') {
    for (const row of sendable.filter((row) => digestAt(row) > now)) {
      const { error } = await db
        .from('mail_outbox')
        .update({ next_attempt_at: digestAt(row).toISOString() })
        .eq('id', row.id)
        .eq('status', 'pending')
      if (error) fail('could not set a notification to wait for the digest', error)
      result.waiting++
    }
  }

  for (const batch of batches) {
    if (budget <= 0) {
      result.waiting += batch.length
      continue
    }
    // Claim: only rows still pending are ours; another run has taken the rest.
    const rowsToSend = await claimPending(
      db,
      'mail_outbox',
      batch,
      iso,
      'could not claim a notification',
    )
    if (rowsToSend.length === 0) continue
    budget--

    const items = rowsToSend.map((row) => submissions.get(row.submission_id!)!)
    const delivery = notifications.delivery
    let outcome: { ok: true; messageId: string } | { ok: false; error: string; permanent: boolean }
    try {
      if (!to)
        throw Object.assign(
          new Error('No address to send to: set one in Settings or the profile.'),
          { permanent: false },
        )
      const mail = await compose(run, rowsToSend, items, to, delivery === 'digest')
      outcome = { ok: true, messageId: (await run.send(mail)).messageId }
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode
      outcome = {
        ok: false,
        error: headerText(String((error as Error).message ?? error), 500),
        permanent: typeof code === 'number' && code >= 500,
      }
    }

    for (const row of rowsToSend) {
      const attempts = row.attempts + 1
      const update = outcome.ok
        ? {
            status: 'sent',
            attempts,
            sent_at: iso,
            message_id: outcome.messageId,
            recipient: to,
            delivery,
            last_error: null,
          }
        : outcome.permanent || attempts >= MAX_ATTEMPTS
          ? { status: 'failed', attempts, last_error: outcome.error, recipient: to ?? null }
          : {
              status: 'pending',
              attempts,
              last_error: outcome.error,
              next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts)).toISOString(),
            }
      const { error } = await db
        .from('mail_outbox')
        .update(update)
        .eq('id', row.id)
        .eq('status', 'sending')
      if (error) fail('could not record a send', error)
      if (outcome.ok) result.sent++
      else if (update.status === 'failed') result.failed++
      else result.retrying++
    }
  }
  return result
}

/** The email for `rows`: one submission alone, or the digest of the day's. */
async function compose(
  run: Run,
  rows: Row[],
  items: Submission[],
  to: string,
  digest: boolean,
): Promise<OutgoingMail> {
  const club = run.club
  const first = items[0]!
  const { html, text } = await renderEmail(
    digest
      ? createElement(DigestEmail, { items, club })
      : createElement(NotificationEmail, { item: first, club }),
  )
  // One sender: replies go to them. A digest from several families names none.
  const senders = new Set(items.map((item) => item.email.toLowerCase()))
  const replyAddress = senders.size === 1 ? plainAddress(first.email) : undefined
  const subject = digest
    ? `${items.length} new message${items.length === 1 ? '' : 's'} from the website`
    : `${KIND_TITLE[first.kind]} from ${first.name}`
  return {
    to,
    ...(replyAddress
      ? { replyTo: { name: headerText(first.name, 100), address: replyAddress } }
      : {}),
    subject: headerText(`${club.name}: ${subject}`, 200),
    html,
    text,
    messageId: await messageIdFor(rows, club.origin),
  }
}
