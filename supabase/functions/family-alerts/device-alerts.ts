// Alerts on this device (Web Push): subscribing a device to a follow, what it follows, and
// stopping one follow or all of them. The push subscription's endpoint is the key.
import { answer, PUSH_NOT_CONFIGURED, refuse } from './answers.ts'
import { fail } from '../_shared/db.ts'
import type { Context } from './context.ts'
import { isPushEndpoint, vapid } from './push.ts'
import { withinIpLimit } from './rate-limits.ts'
import { covers, followName, readCatalog } from './targets.ts'
import type { Follow } from './targets.ts'

export async function pushSubscribe(
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
  if (!(await withinIpLimit(context.db, request)))
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
export async function pushUnsubscribe(context: Context, endpoint: string, follow?: Follow) {
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
export async function pushManage(context: Context, endpoint: string) {
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
