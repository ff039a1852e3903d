import { randomUUID } from 'node:crypto'

import type { ServiceContext } from '../http/types.ts'
import { AuthError } from './errors.ts'

/**
 * GoTrue's per-address send limit (`[auth.email] max_frequency`), at the hosted default: one
 * recovery or magic-link message per address per minute.
 */
export const EMAIL_MAX_FREQUENCY_SECONDS = 60

/** How many messages the outbox keeps (oldest dropped first): enough for any test run. */
const OUTBOX_SIZE = 200

/** Addresses remembered by the limiter before old entries are swept. */
const LIMITER_SWEEP_AT = 1_000

/**
 * A copy of an account email this server sent (over SMTP, or only logged when no SMTP server
 * is configured): a developer convenience, not GoTrue's. The email itself goes out through
 * mail.ts.
 */
export type OutboxMessage = {
  id: string
  to: string
  type: 'recovery' | 'magiclink' | 'invite' | 'email_change' | 'reauthentication'
  subject: string
  text: string
  action_link: string
  email_otp: string
  redirect_to: string
  sent_at: string
}

type MailState = { messages: OutboxMessage[]; lastRequest: Map<string, number> }

// One state per running server: tests start several servers in one process.
const states = new WeakMap<ServiceContext, MailState>()

function stateOf(context: ServiceContext): MailState {
  let state = states.get(context)
  if (!state) {
    state = { messages: [], lastRequest: new Map() }
    states.set(context, state)
  }
  return state
}

/** GoTrue's 429 for an address that asked again too soon. */
export function tooSoon(last: number, now = Date.now()): AuthError {
  const windowMs = EMAIL_MAX_FREQUENCY_SECONDS * 1000
  const wait = Math.max(1, Math.ceil((last + windowMs - now) / 1000))
  return new AuthError(
    429,
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${wait} seconds.`,
  )
}

/**
 * Counts a send request for `email`, whether or not the address has an account, so the answer
 * never tells an attacker which addresses exist. Throws GoTrue's 429 when the address asked
 * less than {@link EMAIL_MAX_FREQUENCY_SECONDS} ago.
 */
export function takeSendAllowance(context: ServiceContext, email: string, now = Date.now()) {
  const { lastRequest } = stateOf(context)
  const key = email.toLowerCase()
  const windowMs = EMAIL_MAX_FREQUENCY_SECONDS * 1000
  const last = lastRequest.get(key)
  if (last !== undefined && now - last < windowMs) throw tooSoon(last, now)
  if (lastRequest.size >= LIMITER_SWEEP_AT) {
    for (const [address, at] of lastRequest) if (now - at >= windowMs) lastRequest.delete(address)
  }
  lastRequest.set(key, now)
}

/** Gives the allowance back (the send failed, so the address may ask again at once). */
export function returnSendAllowance(context: ServiceContext, email: string) {
  stateOf(context).lastRequest.delete(email.toLowerCase())
}

/** Keeps a copy of a sent message, newest last, dropping the oldest beyond the cap. */
export function record(
  context: ServiceContext,
  message: Omit<OutboxMessage, 'id' | 'sent_at'>,
): OutboxMessage {
  const stored: OutboxMessage = { id: randomUUID(), ...message, sent_at: new Date().toISOString() }
  const { messages } = stateOf(context)
  messages.push(stored)
  if (messages.length > OUTBOX_SIZE) messages.splice(0, messages.length - OUTBOX_SIZE)
  return stored
}

/** The messages sent to `to` (every message when undefined), newest first. */
export function readOutbox(context: ServiceContext, to?: string): OutboxMessage[] {
  const wanted = to?.toLowerCase()
  return stateOf(context)
    .messages.filter((message) => wanted === undefined || message.to === wanted)
    .reverse()
}
