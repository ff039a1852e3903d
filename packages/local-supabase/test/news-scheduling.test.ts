/**
 * News drafts and scheduled posts, one row each (supabase/migrations/*_news_posts_as_rows.sql):
 * a draft, or a post scheduled for later, is never readable by a visitor or a signed-in account
 * that is not staff, over raw REST (no client library between the test and the server), until
 * its time. Publishing a due post flips its row and rewrites the newest cards (`newsPosts`);
 * only staff publish a draft now or unpublish a post.
 */
import { randomUUID } from 'node:crypto'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { isHosted, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Row = { key: string; value: Record<string, unknown>; version: number }

describe.skipIf(isHosted)('news drafts and scheduled posts', () => {
  let h: Harness
  let staff: Awaited<ReturnType<Harness['signedInUser']>>
  let staffToken: string
  let memberToken: string
  const marker = randomUUID()
  const post = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    slug: `${id}-${marker}`,
    title: `${id} ${marker}`,
    date: '2026-05-01',
    content: [],
    published: false,
    ...extra,
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
  const rpc = (bearer: string, fn: string, args: object = {}) =>
    rest(bearer, `rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) })
  const stored = async (id: string) =>
    (
      (await rest(staffToken, `website_content?select=key,value,version&key=eq.news/${id}`))
        .body as Row[]
    )[0]
  const cards = async (bearer: string) =>
    (
      (await rest(bearer, 'website_content?select=value&key=eq.newsPosts')).body as {
        value: { id: string }[]
      }[]
    )[0]?.value.map((card) => card.id) ?? []

  async function store(value: ReturnType<typeof post> | Record<string, unknown>) {
    const key = `news/${String(value.id)}`
    const current = await stored(String(value.id))
    const { error } = await staff.client
      .from('website_content')
      .upsert({ key, value, base_version: current?.version ?? 0 }, { onConflict: 'key' })
    expect(error).toBeNull()
  }

  beforeAll(async () => {
    // Only the calls made here publish: the stand-in for pg_cron is off (tested below).
    h = await startHarness({ cron: false })
    staff = await h.signedInUser({ staff: true })
    const member = await h.signedInUser()
    staffToken = (await staff.client.auth.getSession()).data.session!.access_token
    memberToken = (await member.client.auth.getSession()).data.session!.access_token
  })
  afterAll(async () => {
    await h?.stop()
  })
  // Each test starts with no post stored and stores what it starts from, so the tests pass in
  // any order and alone.
  beforeEach(async () => {
    const { error } = await staff.client.from('website_content').delete().like('key', 'news/%')
    expect(error).toBeNull()
  })

  it('should keep drafts and scheduled posts from a visitor and a non-staff account', async () => {
    await store(post('live', { published: true }))
    await store(post('draft'))
    await store(post('later', { publishAt: inMinutes(60) }))
    for (const bearer of [h.anonKey, memberToken]) {
      const byKey = await rest(bearer, 'website_content?select=key,value&key=eq.news/draft')
      expect(byKey.status).toBe(200)
      expect(byKey.body).toEqual([])
      const all = await rest(bearer, 'website_content?select=key,value')
      expect(all.status).toBe(200)
      // The public post is there: the read works, and holds nothing unpublished.
      expect(all.text).toContain(`live ${marker}`)
      expect(all.text).not.toContain(`draft ${marker}`)
      expect(all.text).not.toContain(`later ${marker}`)
      // Nor through the revisions, which keep every version of every post.
      const revisions = await rest(bearer, 'content_revisions?select=key,value')
      expect(revisions.text).not.toContain(`later ${marker}`)
      // Nor through the list's functions.
      const page = await rpc(bearer, 'news_cards_page', { page: 1 })
      expect(page.text).toContain(`live ${marker}`)
      expect(page.text).not.toContain(`later ${marker}`)
    }
    expect(await cards(h.anonKey)).toEqual(['live'])
  })

  it('should not publish a post before its time, whoever asks', async () => {
    await store(post('live', { published: true }))
    await store(post('later', { publishAt: inMinutes(60) }))
    const before = await stored('later')
    for (const bearer of [memberToken, staffToken]) {
      const answer = await rpc(bearer, 'publish_due_news')
      expect(answer.status).toBe(200)
      expect(answer.body).toBe(0)
    }
    // With nobody signed in it is the database's own job (pg_cron), not the anon key's.
    const anon = await rpc(h.anonKey, 'publish_due_news')
    expect(anon.status).toBe(401)
    expect((anon.body as { code?: string }).code).toBe('42501')
    expect((await stored('later'))!.version).toBe(before!.version)
    expect(await cards(h.anonKey)).toEqual(['live'])
  })

  it('should publish a scheduled post at its time, for any signed-in account that asks', async () => {
    await store(post('live', { published: true, date: '2026-04-01' }))
    const soon = new Date(Date.now() + 1500).toISOString()
    // Its own id: revisions outlive the rows the other tests delete.
    const id = `soon-${randomUUID()}`
    await store(post(id, { publishAt: soon }))
    await store(post('later', { publishAt: inMinutes(60) }))
    const before = await stored(id)
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
    expect(await cards(h.anonKey)).toEqual([id, 'live'])
    const row = await stored(id)
    // Published as a plain post: its schedule stays behind; one more version, in the history.
    expect(row!.value).toMatchObject({ published: true })
    expect(row!.value).not.toHaveProperty('publishAt')
    expect(row!.version).toBe(before!.version + 1)
    const { data: revisions } = await staff.client
      .from('content_revisions')
      .select('version')
      .eq('key', `news/${id}`)
      .order('version')
    expect(revisions?.map((revision) => revision.version)).toEqual([1, 2])
    expect((await stored('later'))!.value).toMatchObject({ published: false })
  })

  it('should let only staff publish a draft now', async () => {
    await store(post('draft'))
    for (const bearer of [h.anonKey, memberToken]) {
      const refused = await rpc(bearer, 'publish_news_post', { post_id: 'draft' })
      expect([401, 403]).toContain(refused.status)
    }
    expect(await cards(h.anonKey)).toEqual([])
    const answer = await rpc(staffToken, 'publish_news_post', { post_id: 'draft' })
    expect(answer.body).toBe(true)
    expect(await cards(h.anonKey)).toEqual(['draft'])
    expect((await rpc(staffToken, 'publish_news_post', { post_id: 'nothing' })).body).toBe(false)
  })

  it('should let only staff unpublish, which takes the post off the site', async () => {
    await store(post('soon', { published: true }))
    await store(post('live', { published: true, date: '2026-04-01' }))
    for (const bearer of [h.anonKey, memberToken]) {
      const refused = await rpc(bearer, 'unpublish_news_post', { post_id: 'soon' })
      expect([401, 403]).toContain(refused.status)
    }
    expect(await cards(h.anonKey)).toEqual(['soon', 'live'])
    const answer = await rpc(staffToken, 'unpublish_news_post', { post_id: 'soon' })
    expect(answer.body).toBe(true)
    const visitorRead = await rest(h.anonKey, 'website_content?select=key,value')
    expect(visitorRead.text).not.toContain(`soon ${marker}`)
    expect(await cards(h.anonKey)).toEqual(['live'])
    // A draft again, with no time: it waits for staff to publish it again.
    expect((await stored('soon'))!.value).toMatchObject({ published: false })
    expect((await rpc(staffToken, 'publish_due_news')).body).toBe(0)
    expect((await rpc(staffToken, 'unpublish_news_post', { post_id: 'soon' })).body).toBe(false)
  })

  it('should never publish a post whose time is not a full instant', async () => {
    await store(post('bad-1', { publishAt: 'now' }))
    await store(post('bad-2', { publishAt: '2000-01-01T00:00' }))
    await store(post('bad-3', { publishAt: 5 }))
    expect((await rpc(staffToken, 'publish_due_news')).body).toBe(0)
    const visitorRead = await rest(h.anonKey, 'website_content?select=key,value')
    expect(visitorRead.text).not.toContain('bad-')
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
    const { error } = await staff.client.from('website_content').upsert(
      {
        key: 'news/due',
        value: {
          id: 'due',
          slug: 'due',
          title,
          date: '2026-05-01',
          published: false,
          publishAt: new Date().toISOString(),
        },
        base_version: 0,
      },
      { onConflict: 'key' },
    )
    expect(error).toBeNull()
    // Waits for the positive event: the visitors' newest cards show the post.
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
