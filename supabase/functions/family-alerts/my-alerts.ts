// "My alerts" by an address's signed link: what it follows, following more or less,
// unsubscribing and deleting; and the one-click unsubscribe of every alert email (RFC 8058).
import { siteLink } from '../_shared/safe.ts'
import { answer, EXPIRED_LINK, refuse } from './answers.ts'
import { fail } from '../_shared/db.ts'
import type { Context } from './context.ts'
import { manageView, subscriberFor, unsubscribeAll } from './subscribers.ts'
import { followName, readCatalog } from './targets.ts'
import type { Follow } from './targets.ts'
import { signToken } from './tokens.ts'

export async function manage(
  context: Context,
  action: 'manage' | 'follow' | 'unfollow' | 'unsubscribe' | 'delete',
  given: string,
  follow?: Follow,
) {
  const found = await subscriberFor(context, given, ['manage'])
  if (!found) return refuse(403, EXPIRED_LINK)
  const { subscriber } = found
  const db = context.db
  if (action === 'delete') {
    const { error } = await db.from('family_subscribers').delete().eq('id', subscriber.id)
    if (error) fail('could not delete the address', error)
    return answer(200, { deleted: true })
  }
  if (action === 'unsubscribe') {
    await unsubscribeAll(db, subscriber.id)
    subscriber.unsubscribed_at = new Date().toISOString()
  }
  if (action === 'follow' && follow) {
    if (!subscriber.confirmed_at || subscriber.unsubscribed_at)
      return refuse(409, 'Ask for alerts on a team’s page first: this address is not subscribed.')
    const catalog = await readCatalog(db)
    if (!followName(catalog, follow))
      return refuse(400, 'There is no such team, program or field on the site.')
    const { error } = await db.from('family_subscriptions').upsert(
      {
        subscriber_id: subscriber.id,
        kind: follow.kind,
        ref: follow.ref,
        confirmed_at: new Date().toISOString(),
      },
      { onConflict: 'subscriber_id,kind,ref' },
    )
    if (error) fail('could not add the subscription', error)
  }
  if (action === 'unfollow' && follow) {
    const { error } = await db
      .from('family_subscriptions')
      .delete()
      .eq('subscriber_id', subscriber.id)
      .eq('kind', follow.kind)
      .eq('ref', follow.ref)
    if (error) fail('could not remove the subscription', error)
  }
  return answer(200, await manageView(context, subscriber))
}

export async function oneClick(context: Context, request: Request, url: URL) {
  const given = url.searchParams.get('token')
  if (request.method === 'GET') {
    // A link scanner's GET changes nothing: the family lands on "My alerts".
    const found = await subscriberFor(context, given, ['unsubscribe'])
    const page = siteLink(context.origin, '/my-alerts')
    if (!page) return new Response('Not configured', { status: 500 })
    const manageToken = found
      ? await signToken(
          context.secret,
          'manage',
          found.subscriber.id,
          found.subscriber.manage_token_hash,
        )
      : ''
    return new Response(null, {
      status: 303,
      headers: { location: manageToken ? `${page}#token=${manageToken}` : page },
    })
  }
  if (request.method !== 'POST') return new Response('POST only', { status: 405 })
  const found = await subscriberFor(context, given, ['unsubscribe'])
  if (!found)
    return new Response(EXPIRED_LINK, {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    })
  await unsubscribeAll(context.db, found.subscriber.id)
  return new Response('You are unsubscribed: no more alerts will be sent to this address.', {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  })
}
