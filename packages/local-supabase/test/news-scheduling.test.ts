/**
 * News drafts and scheduled posts (supabase/migrations/*_news_scheduling.sql): a draft or a
 * post scheduled for later lives in the staff-only `newsDrafts` document and is never
 * readable by a visitor or a signed-in account that is not staff, over raw REST (no client
 * library between the test and the server). Publishing moves it into the public
 * `newsPosts` at its time, atomically and with a revision each; unpublishing moves it back.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { isHosted, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Row = { key: string; value: unknown; version: number }

describe.skipIf(isHosted)('news drafts and scheduled posts', () => {
  let h: Harness
  let staff: Awaited<ReturnType<Harness['signedInUser']>>
  let member: Awaited<ReturnType<Harness['signedInUser']>>
  let staffToken: string
  let memberToken: string
  const marker = randomUUID()
  const post = (id: string, publishAt?: string) => ({
    id,
    slug: id,
    title: `${id} ${marker}`,
    ...(publishAt ? { publishAt } : {}),
  })
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString()

  async function rest(bearer: string, path: string, init: RequestInit = {}) {
    const response = await fetch(`${h.url}/rest/v1/${path}`, {
      ...init,
      headers: {
        apikey: h.anonKey,
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    })
    const text = await response.text()
    return { status: response.status, text, body: text ? (JSON.parse(text) as unknown) : null }
  }
  const read = async (bearer: string, query: string) =>
    (await rest(bearer, `website_content?${query}`)) as {
      status: number
      text: string
      body: Row[]
    }
  const rpc = (bearer: string, fn: string, args: object = {}) =>
    rest(bearer, `rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) })
  const stored = async (key: string) =>
    (await read(staffToken, `select=key,value,version&key=eq.${key}`)).body[0]
  const ids = (value: unknown) => (value as { id: string }[]).map((entry) => entry.id)

  async function store(key: string, value: unknown) {
    const current = await stored(key)
    const { error } = await staff.client
      .from('website_content')
      .upsert({ key, value, base_version: current?.version ?? 0 }, { onConflict: 'key' })
    expect(error).toBeNull()
  }

  beforeAll(async () => {
    // Only the calls made here publish: the stand-in for pg_cron is off (tested below).
    h = await startHarness({ cron: false })
    staff = await h.signedInUser({ staff: true })
    member = await h.signedInUser()
    staffToken = (await staff.client.auth.getSession()).data.session!.access_token
    memberToken = (await member.client.auth.getSession()).data.session!.access_token
  })
  afterAll(async () => {
    await h?.stop()
  })
  // Each test starts with neither document stored and stores what it starts from, so the tests
  // pass in any order and alone.
  beforeEach(async () => {
    const { error } = await staff.client
      .from('website_content')
      .delete()
      .in('key', ['newsPosts', 'newsDrafts'])
    expect(error).toBeNull()
  })

  it('should publish nothing while newsPosts is not stored (the samples are not replaced)', async () => {
    await store('newsDrafts', [post('early', inMinutes(-5))])
    expect((await rpc(staffToken, 'publish_due_news')).body).toBe(0)
    expect(await stored('newsPosts')).toBeUndefined()
    expect(ids((await stored('newsDrafts'))!.value)).toEqual(['early'])
  })

  it('should keep drafts and scheduled posts from a visitor and a non-staff account', async () => {
    await store('newsPosts', [post('live')])
    await store('newsDrafts', [post('draft'), post('later', inMinutes(60))])
    for (const bearer of [h.anonKey, memberToken]) {
      const byKey = await read(bearer, 'select=key,value&key=eq.newsDrafts')
      expect(byKey.status).toBe(200)
      expect(byKey.body).toEqual([])
      const all = await read(bearer, 'select=key,value')
      expect(all.status).toBe(200)
      // The public post is there: the read works, and holds nothing unpublished.
      expect(all.text).toContain(`live ${marker}`)
      expect(all.text).not.toContain(`draft ${marker}`)
      expect(all.text).not.toContain(`later ${marker}`)
      // Nor through the revisions, which keep every version of newsDrafts.
      const revisions = await rest(bearer, 'content_revisions?select=key,value')
      expect(revisions.text).not.toContain(`later ${marker}`)
    }
    expect(ids((await stored('newsDrafts'))!.value)).toEqual(['draft', 'later'])
  })

  it('should not publish a post before its time, whoever asks', async () => {
    await store('newsPosts', [post('live')])
    await store('newsDrafts', [post('draft'), post('later', inMinutes(60))])
    const before = await stored('newsPosts')
    for (const bearer of [memberToken, staffToken]) {
      const answer = await rpc(bearer, 'publish_due_news')
      expect(answer.status).toBe(200)
      expect(answer.body).toBe(0)
    }
    // With nobody signed in it is the database's own job (pg_cron), not the anon key's.
    const anon = await rpc(h.anonKey, 'publish_due_news')
    expect(anon.status).toBe(401)
    expect((anon.body as { code?: string }).code).toBe('42501')
    const after = await stored('newsPosts')
    expect(after!.version).toBe(before!.version)
    expect((await read(h.anonKey, 'select=value&key=eq.newsPosts')).text).not.toContain('later')
  })

  it('should publish a scheduled post at its time, atomically, for any signed-in account that asks', async () => {
    await store('newsPosts', [post('live')])
    const soon = new Date(Date.now() + 1500).toISOString()
    await store('newsDrafts', [post('draft'), post('soon', soon), post('later', inMinutes(60))])
    const posts = await stored('newsPosts')
    const drafts = await stored('newsDrafts')
    // Asked again and again, as a signed-in admin does, until the time comes (a positive event).
    let published = 0
    while (published === 0) {
      const answer = await rpc(memberToken, 'publish_due_news')
      published = answer.body as number
      if (published === 0) {
        expect(Date.now()).toBeLessThan(Date.parse(soon) + 10_000)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(soon) - 50)
    expect(published).toBe(1)

    const visitorRead = await read(h.anonKey, 'select=value&key=eq.newsPosts')
    const shown = visitorRead.body[0]!.value as Record<string, unknown>[]
    expect(shown.map((entry) => entry.id)).toEqual(['soon', 'live'])
    // Published as a plain post: its schedule stays behind.
    expect(shown[0]).not.toHaveProperty('publishAt')
    expect(visitorRead.text).not.toContain(`later ${marker}`)
    expect(ids((await stored('newsDrafts'))!.value)).toEqual(['draft', 'later'])
    // Each document moved on by one version, and each version is in the history.
    expect((await stored('newsPosts'))!.version).toBe(posts!.version + 1)
    expect((await stored('newsDrafts'))!.version).toBe(drafts!.version + 1)
    const { data: revisions } = await staff.client
      .from('content_revisions')
      .select('key,version')
      .in('key', ['newsPosts', 'newsDrafts'])
      .order('id', { ascending: false })
      .limit(2)
    expect(revisions).toEqual(
      expect.arrayContaining([
        { key: 'newsPosts', version: posts!.version + 1 },
        { key: 'newsDrafts', version: drafts!.version + 1 },
      ]),
    )
  })

  it('should let only staff publish a draft now', async () => {
    await store('newsPosts', [post('soon'), post('live')])
    await store('newsDrafts', [post('draft'), post('later', inMinutes(60))])
    for (const bearer of [h.anonKey, memberToken]) {
      const refused = await rpc(bearer, 'publish_news_post', { post_id: 'draft' })
      expect([401, 403]).toContain(refused.status)
    }
    expect((await read(h.anonKey, 'select=value&key=eq.newsPosts')).text).not.toContain('draft')
    const answer = await rpc(staffToken, 'publish_news_post', { post_id: 'draft' })
    expect(answer.body).toBe(true)
    expect(ids((await read(h.anonKey, 'select=value&key=eq.newsPosts')).body[0]!.value)).toEqual([
      'draft',
      'soon',
      'live',
    ])
    expect(ids((await stored('newsDrafts'))!.value)).toEqual(['later'])
    expect((await rpc(staffToken, 'publish_news_post', { post_id: 'nothing' })).body).toBe(false)
  })

  it('should let only staff unpublish, which takes the post off the public document', async () => {
    await store('newsPosts', [post('draft'), post('soon'), post('live')])
    await store('newsDrafts', [post('later', inMinutes(60))])
    for (const bearer of [h.anonKey, memberToken]) {
      const refused = await rpc(bearer, 'unpublish_news_post', { post_id: 'soon' })
      expect([401, 403]).toContain(refused.status)
    }
    expect((await read(h.anonKey, 'select=value&key=eq.newsPosts')).text).toContain('soon')
    const answer = await rpc(staffToken, 'unpublish_news_post', { post_id: 'soon' })
    expect(answer.body).toBe(true)
    const visitorRead = await read(h.anonKey, 'select=key,value')
    expect(visitorRead.text).not.toContain(`soon ${marker}`)
    expect(ids((await stored('newsPosts'))!.value)).toEqual(['draft', 'live'])
    // Back among the drafts, first and with no time: it waits for staff to publish it again.
    const drafts = (await stored('newsDrafts'))!.value as Record<string, unknown>[]
    expect(drafts.map((entry) => entry.id)).toEqual(['soon', 'later'])
    expect(drafts[0]).not.toHaveProperty('publishAt')
    expect((await rpc(staffToken, 'publish_due_news')).body).toBe(0)
    expect((await rpc(staffToken, 'unpublish_news_post', { post_id: 'soon' })).body).toBe(false)
  })

  it('should never publish an entry whose time is not a full instant', async () => {
    // newsPosts is stored: with it missing nothing would be published anyway.
    await store('newsPosts', [post('live')])
    await store('newsDrafts', [
      { ...post('bad-1'), publishAt: 'now' },
      { ...post('bad-2'), publishAt: '2000-01-01T00:00' },
      { ...post('bad-3'), publishAt: 5 },
      'not a post',
    ])
    expect((await rpc(staffToken, 'publish_due_news')).body).toBe(0)
    expect((await read(h.anonKey, 'select=value&key=eq.newsPosts')).text).not.toContain('bad-')
    expect((await stored('newsDrafts'))!.value).toHaveLength(4)
  })
})

describe.skipIf(isHosted)('news posts published by the schedule alone (the pg_cron job)', () => {
  let h: Harness

  beforeAll(async () => {
    // A minute of the local stand-in for pg_cron lasts 300 ms here.
    h = await startHarness({ cron: { minuteMs: 300 } })
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('should have the migration schedule the job every minute', async () => {
    const { rows } = await h.local!.db.pg.query<{ schedule: string; command: string }>(
      `select schedule, command from cron.job where jobname = 'publish-due-news'`,
    )
    expect(rows).toEqual([{ schedule: '* * * * *', command: 'select public.publish_due_news()' }])
  })

  it('should publish a due post with nobody asking', async () => {
    const staff = await h.signedInUser({ staff: true })
    const title = `cron ${randomUUID()}`
    for (const [key, value] of [
      ['newsPosts', [{ id: 'live', slug: 'live', title: 'live' }]],
      ['newsDrafts', [{ id: 'due', slug: 'due', title, publishAt: new Date().toISOString() }]],
    ] as const) {
      const { error } = await staff.client
        .from('website_content')
        .upsert({ key, value, base_version: 0 }, { onConflict: 'key' })
      expect(error).toBeNull()
    }
    // Waits for the positive event: the visitor's read shows the post.
    await expect
      .poll(
        async () =>
          JSON.stringify(
            (await h.anon.from('website_content').select('value').eq('key', 'newsPosts')).data,
          ),
        { timeout: 10_000 },
      )
      .toContain(title)
  })
})
