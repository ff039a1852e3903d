/**
 * The content rules of supabase/migrations, through REST as each kind of caller:
 * anyone reads what public pages show and only staff read the rest, only staff save, every save names the version it started from,
 * every save leaves a revision, and hostile input is only ever data.
 */
import { randomUUID } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Content = {
  key: string
  value: unknown
  version: number
  base_version: number | null
  updated_by: string | null
}
type Revision = { key: string; value: unknown; version: number; saved_by: string | null }

describe('website content security', () => {
  let h: Harness
  let staff: SupabaseClient
  let staffId: string
  let member: SupabaseClient
  const keys: string[] = []

  /** A fresh key matching the table's check constraint; removed again in afterAll. */
  const newKey = () => {
    const key = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    keys.push(key)
    return key
  }
  const content = (client: SupabaseClient) => client.from('website_content')
  const stored = async (key: string) =>
    (await h.service.from('website_content').select().eq('key', key).maybeSingle())
      .data as Content | null
  const revisions = async (client: SupabaseClient, key: string) =>
    (
      await client
        .from('content_revisions')
        .select('key, value, version, saved_by')
        .eq('key', key)
        .order('version')
    ).data as Revision[] | null

  /** Staff save a first version (base_version 0) and return the stored row. */
  async function create(key: string, value: unknown): Promise<Content> {
    const { data, error, status } = await content(staff)
      .upsert({ key, value, base_version: 0 }, { onConflict: 'key' })
      .select()
      .single()
    expect(error).toBeNull()
    expect(status).toBe(201)
    return data as Content
  }

  beforeAll(async () => {
    h = await startHarness()
    const signedIn = await h.signedInUser({ staff: true })
    staff = signedIn.client
    staffId = signedIn.id
    member = (await h.signedInUser()).client
  })
  afterAll(async () => {
    if (keys.length > 0) {
      await h.service.from('website_content').delete().in('key', keys)
      await h.service.from('content_revisions').delete().in('key', keys)
    }
    await h.stop()
  })

  it.runIf(localOnly("stores a public page's document, which a hosted project holds for real"))(
    'should let anyone (anon) read a document public pages show',
    async () => {
      const { error } = await h.service
        .from('website_content')
        .upsert({ key: 'quickLinks', value: [{ id: 'q1', title: 'Welcome' }], base_version: 0 })
      expect(error).toBeNull()
      try {
        const { data, status } = await content(h.anon).select('key, value').eq('key', 'quickLinks')
        expect(status).toBe(200)
        expect(data).toEqual([{ key: 'quickLinks', value: [{ id: 'q1', title: 'Welcome' }] }])
      } finally {
        await h.service.from('website_content').delete().eq('key', 'quickLinks')
        await h.service.from('content_revisions').delete().eq('key', 'quickLinks')
      }
    },
  )

  it('should let only staff read a key that no public page shows, however it is asked for', async () => {
    // A key public pages do not name is private: the allow-list is the default.
    const key = newKey()
    await create(key, { note: 'internal' })
    for (const reader of [h.anon, member]) {
      const one = await content(reader).select('key, value').eq('key', key)
      expect(one.status).toBe(200)
      expect(one.data).toEqual([])
      const all = await content(reader).select('key')
      expect(all.data?.map((row) => row.key) ?? []).not.toContain(key)
    }
    const byStaff = await content(staff).select('value').eq('key', key).single()
    expect(byStaff.data?.value).toEqual({ note: 'internal' })
  })

  it('should refuse an anon upsert with 401 and 42501', async () => {
    const key = newKey()
    const { status, error } = await content(h.anon).upsert(
      { key, value: 'x', base_version: 0 },
      { onConflict: 'key' },
    )
    expect(status).toBe(401)
    expect(error?.code).toBe('42501')
    expect(await stored(key)).toBeNull()
  })

  it("should refuse a signed-up non-staff user's upsert with 403 and 42501", async () => {
    const key = newKey()
    const { status, error } = await content(member).upsert(
      { key, value: 'x', base_version: 0 },
      { onConflict: 'key' },
    )
    expect(status).toBe(403)
    expect(error?.code).toBe('42501')
    expect(await stored(key)).toBeNull()
  })

  it('should let staff insert with base_version 0 and update naming the current version', async () => {
    const key = newKey()
    const first = await create(key, 'one')
    expect(first).toMatchObject({
      key,
      value: 'one',
      version: 1,
      base_version: null,
      updated_by: staffId,
    })

    const upserted = await content(staff)
      .upsert({ key, value: 'two', base_version: 1 }, { onConflict: 'key' })
      .select()
      .single()
    expect(upserted.error).toBeNull()
    expect(upserted.status).toBe(200)
    expect(upserted.data).toMatchObject({ value: 'two', version: 2 })

    const patched = await content(staff)
      .update({ value: 'three', base_version: 2 })
      .eq('key', key)
      .select()
      .single()
    expect(patched.error).toBeNull()
    expect(patched.data).toMatchObject({ value: 'three', version: 3, base_version: null })
  })

  it('should write a revision for every save, readable by staff and invisible to others', async () => {
    const key = newKey()
    await create(key, { v: 1 })
    await content(staff)
      .update({ value: { v: 2 }, base_version: 1 })
      .eq('key', key)
    expect(await revisions(staff, key)).toEqual([
      { key, value: { v: 1 }, version: 1, saved_by: staffId },
      { key, value: { v: 2 }, version: 2, saved_by: staffId },
    ])
    expect(await revisions(member, key)).toEqual([])
    expect(await revisions(h.anon, key)).toEqual([])
  })

  it('should refuse a stale save with 409 PT409, keep the stored value, and keep both versions after an overwrite', async () => {
    const key = newKey()
    await create(key, 'base')
    // Another editor saves version 2 first.
    expect(
      (await content(staff).update({ value: 'theirs', base_version: 1 }).eq('key', key)).error,
    ).toBeNull()

    const stale = await content(staff).upsert(
      { key, value: 'mine', base_version: 1 },
      { onConflict: 'key' },
    )
    expect(stale.status).toBe(409)
    expect(stale.error?.code).toBe('PT409')
    expect(JSON.parse(stale.error?.details ?? '{}')).toEqual({
      key,
      current_version: 2,
      base_version: 1,
    })
    expect(await stored(key)).toMatchObject({ value: 'theirs', version: 2 })

    const overwrite = await content(staff)
      .upsert({ key, value: 'mine', base_version: 2 }, { onConflict: 'key' })
      .select()
      .single()
    expect(overwrite.error).toBeNull()
    expect(overwrite.data).toMatchObject({ value: 'mine', version: 3 })
    const history = await revisions(staff, key)
    expect(history?.map((r) => [r.version, r.value])).toEqual([
      [1, 'base'],
      [2, 'theirs'],
      [3, 'mine'],
    ])
  })

  it('should refuse an update that names no version', async () => {
    const key = newKey()
    await create(key, 'kept')
    const { status, error } = await content(staff).update({ value: 'blind' }).eq('key', key)
    expect(status).toBe(409)
    expect(error?.code).toBe('PT409')
    expect(await stored(key)).toMatchObject({ value: 'kept', version: 1 })
  })

  it('should delete nothing when a non-staff user or anon deletes', async () => {
    const key = newKey()
    await create(key, 'stays')
    const byMember = await content(member).delete().eq('key', key).select()
    expect(byMember.error).toBeNull()
    expect(byMember.data).toEqual([])
    const byAnon = await content(h.anon).delete().eq('key', key)
    expect(byAnon.error).toBeNull()
    expect(await stored(key)).toMatchObject({ value: 'stays' })
  })

  it('should let the service role bypass RLS', async () => {
    const key = newKey()
    const saved = await h.service
      .from('website_content')
      .insert({ key, value: 'by service', base_version: 0 })
      .select()
      .single()
    expect(saved.error).toBeNull()
    expect(saved.data).toMatchObject({ version: 1, updated_by: null })
    const history = await revisions(h.service, key)
    expect(history).toEqual([{ key, value: 'by service', version: 1, saved_by: null }])
    const staffList = await h.service.from('admin_users').select('user_id').eq('user_id', staffId)
    expect(staffList.data).toEqual([{ user_id: staffId }])
    expect(
      (await member.from('admin_users').select('user_id').eq('user_id', staffId)).data,
    ).toEqual([])
  })
})

describe('hostile input is data', () => {
  let h: Harness
  const keys: string[] = []
  const DROP = "x'); drop table website_content; --"
  const tableStillThere = async () => {
    const { error, status } = await h.service.from('website_content').select('key').limit(1)
    expect(error).toBeNull()
    expect(status).toBe(200)
  }

  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => {
    if (keys.length > 0) {
      await h.service.from('website_content').delete().in('key', keys)
      await h.service.from('content_revisions').delete().in('key', keys)
    }
    await h.stop()
  })

  it('should treat SQL in filter values as a value that matches no rows', async () => {
    const eq = await h.service.from('website_content').select().eq('key', DROP)
    expect(eq.error).toBeNull()
    expect(eq.data).toEqual([])
    const list = await h.service
      .from('website_content')
      .select()
      .in('key', [DROP, 'a"b', "c'd", 'e,f', 'g)h'])
    expect(list.error).toBeNull()
    expect(list.data).toEqual([])
    const like = await h.service.from('website_content').select().like('key', `%${DROP}%`)
    expect(like.data).toEqual([])
    const either = await h.service
      .from('website_content')
      .select()
      .or(`key.eq."${DROP}",key.eq.a;select 1`)
    expect(either.error).toBeNull()
    expect(either.data).toEqual([])
    await tableStillThere()
  })

  it('should treat SQL in column names, JSON paths and order as identifiers that do not exist', async () => {
    const column = await h.service
      .from('website_content')
      .select(`key, "value; drop table website_content; --"`)
    expect(column.status).toBe(400)
    expect(column.error?.code).toBe('42703')
    const quoted = await h.service
      .from('website_content')
      .select()
      .eq('key"; drop table website_content; --', 'x')
    expect(quoted.status).toBe(400)
    const path = await h.service
      .from('website_content')
      .select('key')
      .eq(`value->>a'; drop table website_content; --`, 'x')
    expect(path.error).toBeNull()
    expect(path.data).toEqual([])
    const order = await fetch(
      `${h.url}/rest/v1/website_content?order=${encodeURIComponent('key; drop table website_content')}`,
      { headers: { apikey: h.serviceRoleKey } },
    )
    expect(order.status).toBe(400)
    const nul = await fetch(`${h.url}/rest/v1/website_content?select=key%00x`, {
      headers: { apikey: h.serviceRoleKey },
    })
    expect(nul.status).toBe(400)
    await tableStillThere()
  })

  it('should treat SQL in table and function names as names that do not exist', async () => {
    const table = await fetch(
      `${h.url}/rest/v1/${encodeURIComponent('website_content"; drop table website_content; --')}`,
      {
        headers: { apikey: h.serviceRoleKey },
      },
    )
    expect(table.status).toBe(404)
    expect(((await table.json()) as { code: string }).code).toBe('PGRST205')
    const fn = await h.service.rpc(`is_admin"(); drop table website_content; --`)
    expect(fn.status).toBe(404)
    await tableStillThere()
  })

  it('should store SQL, quotes and semicolons in bodies exactly as sent', async () => {
    const key = `Hostile_${randomUUID().replaceAll('-', '').slice(0, 12)}`
    keys.push(key)
    const value = {
      text: DROP,
      "it's": 'a "quote"; --',
      nested: [`'); delete from admin_users; --`],
    }
    const saved = await h.service
      .from('website_content')
      .insert({ key, value, base_version: 0 })
      .select('value')
      .single()
    expect(saved.error).toBeNull()
    expect(saved.data).toEqual({ value })
    const found = await h.service.from('website_content').select('value').eq('value->>text', DROP)
    expect(found.data).toEqual([{ value }])
    const unknownColumn = await h.service
      .from('website_content')
      .insert({ key, 'value"; drop table website_content; --': 1 })
    expect(unknownColumn.status).toBe(400)
    expect(unknownColumn.error?.code).toBe('PGRST204')
    const badKey = await h.service
      .from('website_content')
      .insert({ key: DROP, value: 1, base_version: 0 })
    expect(badKey.status).toBe(400)
    expect(badKey.error?.code).toBe('23514')
    await tableStillThere()
  })
})
