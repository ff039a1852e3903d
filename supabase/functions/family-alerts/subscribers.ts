// An address's record (family_subscribers): found from a signed link, shown as "My alerts",
// and unsubscribed from everything at once.
import type { SupabaseClient } from '@supabase/supabase-js'

import { fail } from '../_shared/db.ts'
import type { Context } from './context.ts'
import { followName, readCatalog } from './targets.ts'
import type { Follow } from './targets.ts'
import { signToken, verifyToken } from './tokens.ts'
import type { Purpose, TokenPayload } from './tokens.ts'

export type Subscriber = {
  id: string
  email: string
  confirmed_at: string | null
  manage_token_hash: string
  unsubscribed_at: string | null
}

/** The columns of a Subscriber, as every read selects them. */
export const SUBSCRIBER_COLUMNS = 'id, email, confirmed_at, manage_token_hash, unsubscribed_at'

export async function subscriberFor(
  context: Context,
  given: unknown,
  purposes: Purpose[],
): Promise<{ subscriber: Subscriber; payload: TokenPayload } | undefined> {
  const payload = await verifyToken(context.secret, given, purposes)
  if (!payload || !/^[0-9a-f-]{36}$/.test(payload.s)) return undefined
  const { data, error } = await context.db
    .from('family_subscribers')
    .select(SUBSCRIBER_COLUMNS)
    .eq('id', payload.s)
    .maybeSingle()
  if (error) fail('could not read the address', error)
  const subscriber = data as Subscriber | null
  if (!subscriber || subscriber.manage_token_hash !== payload.n) return undefined
  return { subscriber, payload }
}

/** What "My alerts" shows: the address, what it follows (named), and a fresh manage token. */
export async function manageView(context: Context, subscriber: Subscriber) {
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

/** Stops every alert to an address at once: its subscriptions and its unsent deliveries go. */
export async function unsubscribeAll(db: SupabaseClient, subscriberId: string) {
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
