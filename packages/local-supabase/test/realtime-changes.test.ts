/**
 * Realtime Postgres changes over a real websocket with the unmodified supabase-js:
 * join replies, inserts/updates/deletes, event and column filters, and row-level
 * security deciding who receives a row.
 */
import { randomUUID } from 'node:crypto'

import type { RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'
import {
  closeRealtime,
  eventually,
  realtimeClient,
  refused,
  subscribed,
} from './realtime-support.ts'

type Row = Record<string, unknown>
type Change = RealtimePostgresChangesPayload<Row>

describe('realtime postgres changes', () => {
  let h: Harness
  let staff: SupabaseClient
  const clients: SupabaseClient[] = []
  const prefix = `rt${randomUUID().slice(0, 8)}`
  let counter = 0
  const newKey = () => `${prefix}_${++counter}`

  /**
   * A fresh client whose socket is closed after the suite; with the service-role key by
   * default, since the suite's own keys are staff-only documents (no public page shows them)
   * and only row-level security, tested apart below, decides who else receives them.
   */
  const listener = (key?: string, options?: Parameters<typeof realtimeClient>[2]) => {
    const client = realtimeClient(h.url, key ?? h.serviceRoleKey, options)
    clients.push(client)
    return client
  }

  /** Stores `value` under `key` as staff (a new key, or the next version). */
  async function save(key: string, value: unknown): Promise<void> {
    const current = await staff.from('website_content').select('version').eq('key', key)
    const version = (current.data?.[0] as { version?: number } | undefined)?.version ?? 0
    const { error } = await staff
      .from('website_content')
      .upsert({ key, value, base_version: version })
    if (error) throw error
  }

  /** Subscribes `client` to website_content changes and collects them. */
  async function collect(
    client: SupabaseClient,
    binding: { event: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = { event: '*' },
  ): Promise<Change[]> {
    const changes: Change[] = []
    await subscribed(
      client
        .channel(`changes-${randomUUID()}`)
        .on(
          'postgres_changes',
          { schema: 'public', table: 'website_content', ...binding } as never,
          (payload: Change) => changes.push(payload),
        ),
    )
    return changes
  }

  const keysOf = (changes: Change[]) =>
    changes.map((c) => ((c.new as Row).key ?? (c.old as Row).key) as string)

  beforeAll(async () => {
    h = await startHarness()
    staff = (await h.signedInUser({ staff: true })).client
  })

  afterAll(async () => {
    await closeRealtime(...clients)
    await staff.from('website_content').delete().like('key', `${prefix}%`)
    await h.stop()
  })

  it('should answer a join with an integer id for each postgres_changes binding, in order', async () => {
    const channel = await subscribed(
      listener()
        .channel(`ids-${randomUUID()}`)
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table: 'website_content' },
          () => {},
        )
        .on(
          'postgres_changes',
          { event: 'DELETE', schema: 'public', table: 'website_content', filter: 'key=eq.x' },
          () => {},
        ),
    )
    const ids = channel.bindings.postgres_changes?.map((b) => b.id) ?? []
    expect(ids).toHaveLength(2)
    expect(ids.every((id) => Number.isInteger(id))).toBe(true)
    expect(new Set(ids).size).toBe(2)
  })

  it('should deliver a committed insert with the row and its typed columns', async () => {
    const changes = await collect(listener())
    const key = newKey()
    await save(key, { title: 'Opening day' })
    await eventually(() => changes.length === 1, 5_000, 'the insert')
    const [change] = changes
    expect(change?.eventType).toBe('INSERT')
    expect(change?.schema).toBe('public')
    expect(change?.table).toBe('website_content')
    expect(change?.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(change?.new).toMatchObject({ key, value: { title: 'Opening day' }, version: 1 })
  })

  it('should deliver an update with the new row and the old row as its primary key', async () => {
    const key = newKey()
    await save(key, { n: 1 })
    const changes = await collect(listener(), { event: 'UPDATE' })
    await save(key, { n: 2 })
    await eventually(() => changes.length === 1, 5_000, 'the update')
    expect(changes[0]?.new).toMatchObject({ key, value: { n: 2 }, version: 2 })
    expect(changes[0]?.old).toEqual({ key })
  })

  it('should deliver a delete with the primary key of the removed row', async () => {
    const key = newKey()
    await save(key, { gone: true })
    const changes = await collect(listener(), { event: 'DELETE' })
    const { error } = await staff.from('website_content').delete().eq('key', key)
    expect(error).toBeNull()
    await eventually(() => changes.length === 1, 5_000, 'the delete')
    expect(changes[0]?.eventType).toBe('DELETE')
    expect(changes[0]?.old).toEqual({ key })
  })

  it('should deliver only the event type a binding asks for', async () => {
    const inserts = await collect(listener(), { event: 'INSERT' })
    const everything = await collect(listener())
    const key = newKey()
    await save(key, { v: 1 })
    await save(key, { v: 2 })
    await eventually(() => everything.length === 2, 5_000, 'both changes')
    expect(inserts.map((c) => c.eventType)).toEqual(['INSERT'])
  })

  it('should deliver only rows matching an eq filter', async () => {
    const wanted = newKey()
    const other = newKey()
    const changes = await collect(listener(), { event: '*', filter: `key=eq.${wanted}` })
    const all = await collect(listener())
    await save(other, { v: 1 })
    await save(wanted, { v: 1 })
    await eventually(() => all.length === 2, 5_000, 'both inserts')
    await eventually(() => changes.length === 1, 5_000, 'the matching insert')
    expect(keysOf(changes)).toEqual([wanted])
  })

  it('should deliver only rows matching an in filter', async () => {
    const [a, b, c] = [newKey(), newKey(), newKey()]
    const changes = await collect(listener(), { event: 'INSERT', filter: `key=in.(${a},${c})` })
    const all = await collect(listener(), { event: 'INSERT' })
    for (const key of [a, b, c]) await save(key, {})
    await eventually(() => all.length === 3, 5_000, 'three inserts')
    await eventually(() => changes.length === 2, 5_000, 'two matching inserts')
    expect(keysOf(changes)).toEqual([a, c])
  })

  it('should compare a gt filter in the column type (integers, not text)', async () => {
    const key = newKey()
    const changes = await collect(listener(), { event: 'UPDATE', filter: 'version=gt.9' })
    const all = await collect(listener(), { event: 'UPDATE' })
    await save(key, {})
    for (let i = 0; i < 10; i++) await save(key, { i })
    await eventually(() => all.length === 10, 10_000, 'ten updates')
    await eventually(() => changes.length === 2, 5_000, 'versions 10 and 11')
    expect(changes.map((c) => (c.new as Row).version)).toEqual([10, 11])
  })

  it('should refuse a join whose filter names a column the table lacks', async () => {
    const result = await refused(
      listener()
        .channel(`bad-${randomUUID()}`)
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'website_content', filter: 'nope=eq.1' },
          () => {},
        ),
    )
    expect(result.status).toBe('CHANNEL_ERROR')
    expect(result.message).toContain('nope')
  })

  it('should deliver changes to a client on the 1.0.0 serializer', async () => {
    const client = listener(undefined, { realtime: { vsn: '1.0.0' } })
    const changes = await collect(client)
    const key = newKey()
    await save(key, { legacy: true })
    await eventually(() => changes.length === 1, 5_000, 'the insert over vsn 1.0.0')
    expect((changes[0]?.new as Row).key).toBe(key)
  })

  it.runIf(localOnly('adds staff-only tables to the publication'))(
    'should not deliver staff-only revision rows to anon while staff receive them',
    async () => {
      await h.local?.db.pg.exec(
        'alter publication supabase_realtime add table public.content_revisions',
      )
      const anonRevisions: Change[] = []
      const anonContent: Change[] = []
      await subscribed(
        listener(h.anonKey)
          .channel(`anon-${randomUUID()}`)
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'content_revisions' },
            (p: Change) => anonRevisions.push(p),
          )
          .on(
            'postgres_changes',
            { event: '*', schema: 'public', table: 'website_content' },
            (p: Change) => anonContent.push(p),
          ),
      )
      const staffRevisions: Change[] = []
      const staffListener = (await h.signedInUser({ staff: true })).client
      clients.push(staffListener)
      await subscribed(
        staffListener
          .channel(`staff-${randomUUID()}`)
          .on(
            'postgres_changes',
            { event: 'INSERT', schema: 'public', table: 'content_revisions' },
            (p: Change) => staffRevisions.push(p),
          ),
      )
      const key = newKey()
      await save(key, { secret: true })
      await eventually(() => staffRevisions.length === 1, 5_000, 'the staff revision')
      expect((staffRevisions[0]?.new as Row).key).toBe(key)
      // Then a document public pages show. Changes are delivered in commit order: once anon
      // has that one, anything of the staff-only key would have arrived before it.
      await save('quickLinks', [{ id: randomUUID(), title: 'Public' }])
      await eventually(() => anonContent.length === 1, 5_000, 'the public change')
      expect(anonContent.map((c) => (c.new as Row).key)).toEqual(['quickLinks'])
      expect(anonRevisions).toHaveLength(0)
      await staff.from('website_content').delete().eq('key', 'quickLinks')
    },
  )

  it.runIf(localOnly('adds staff-only tables to the publication'))(
    'should not deliver form submissions to anon or to a signed-in non-staff user',
    async () => {
      await h.local?.db.pg.exec(
        'alter publication supabase_realtime add table public.form_submissions',
      )
      const seen = { anon: 0, member: 0, staff: 0 }
      // On each socket, the public change that comes after the form (see below).
      const later: Partial<Record<keyof typeof seen, Change[]>> = {}
      const watch = async (client: SupabaseClient, who: keyof typeof seen) => {
        later[who] = await collect(client, { event: '*', filter: 'key=eq.quickLinks' })
        await subscribed(
          client
            .channel(`forms-${who}-${randomUUID()}`)
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'form_submissions' },
              () => {
                seen[who] += 1
              },
            ),
        )
      }
      const member = (await h.signedInUser()).client
      const staffListener = (await h.signedInUser({ staff: true })).client
      clients.push(member, staffListener)
      await watch(listener(h.anonKey), 'anon')
      await watch(member, 'member')
      await watch(staffListener, 'staff')
      const { error } = await h.anon.from('form_submissions').insert({
        kind: 'contact',
        name: 'Pat',
        email: `${randomUUID().slice(0, 8)}@example.test`,
        message: 'Hello',
        website: '',
      })
      expect(error).toBeNull()
      await eventually(() => seen.staff === 1, 5_000, 'the staff delivery')
      // Then a document public pages show. Changes are delivered in commit order, each socket's
      // in order: once anon and the member have that one, a form delivered to them would have
      // arrived before it.
      await save('quickLinks', [{ id: randomUUID(), title: 'After the form' }])
      for (const who of ['anon', 'member'] as const) {
        await eventually(() => (later[who]?.length ?? 0) > 0, 5_000, `the public change (${who})`)
      }
      expect(seen).toEqual({ anon: 0, member: 0, staff: 1 })
      await staff.from('website_content').delete().eq('key', 'quickLinks')
    },
  )

  it('should answer heartbeats on the phoenix topic', async () => {
    const client = listener()
    await collect(client)
    const statuses: string[] = []
    client.realtime.onHeartbeat((status) => statuses.push(status))
    await client.realtime.sendHeartbeat()
    await eventually(() => statuses.includes('ok'), 5_000, 'the heartbeat reply')
    expect(statuses).toEqual(['sent', 'ok'])
  })
})
