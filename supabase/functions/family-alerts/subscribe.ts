// Asking for alerts by email, and confirming them: the double opt-in.
import { env } from '../_shared/smtp.ts'
import { plainAddress } from '../_shared/safe.ts'
import { answer, EXPIRED_LINK, refuse } from './answers.ts'
import { fail } from '../_shared/db.ts'
import type { Context } from './context.ts'
import { withinIpLimit, withinLimit } from './rate-limits.ts'
import { sendConfirmation } from './send-mail.ts'
import { manageView, SUBSCRIBER_COLUMNS, subscriberFor } from './subscribers.ts'
import type { Subscriber } from './subscribers.ts'
import { followName, readCatalog } from './targets.ts'
import type { Follow } from './targets.ts'
import { newLinkSecret, sha256Hex } from './tokens.ts'

export async function subscribe(
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

  const perAddress = Math.max(1, Number(env('FAMILY_ALERTS_PER_ADDRESS_DAY') ?? 5) || 5)
  if (!(await withinIpLimit(context.db, request)))
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
    .select(SUBSCRIBER_COLUMNS)
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
      .select(SUBSCRIBER_COLUMNS)
      .single()
    if (error) fail('could not update the address', error)
    subscriber = data as Subscriber
  } else if (!subscriber) {
    const { data, error } = await context.db
      .from('family_subscribers')
      .insert({ email: address, manage_token_hash: await sha256Hex(newLinkSecret()) })
      .select(SUBSCRIBER_COLUMNS)
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

  await sendConfirmation(context, subscriber, name)
  return answer(200, { ok: true })
}

export async function confirm(context: Context, given: string) {
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
