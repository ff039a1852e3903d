/**
 * News as one row per post (supabase/migrations/*_news_posts_as_rows.sql), run as
 * `supabase db push` would run it on a hosted project: on a database that already holds a
 * 300-post `newsPosts` document with its revisions and a `newsDrafts` document, after the
 * earlier migrations. Then what the rows promise: a visitor reads published posts only, a
 * scheduled post appears at its time, `newsPosts` is the newest cards, kept by the database.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { MIN_BCRYPT_COST, startLocalSupabase } from '../src/index.ts'

const PROJECT = fileURLToPath(new URL('../../../', import.meta.url))
const MOVE = '20261207000100_news_posts_as_rows.sql'
const STAFF = { email: 'staff@club.local', password: 'club-staff-2026' }
const POSTS = 300

type Row = { key: string; value: Record<string, unknown>; version: number }

/** Post n of the archive: newest first, one every few days back from 2026-11-30. */
function archivePost(n: number, edit = 0) {
  const date = new Date(Date.UTC(2026, 10, 30) - n * 4 * 86_400_000).toISOString().slice(0, 10)
  return {
    id: `post-${n}`,
    slug: `post-${n}-title`,
    title: `Post ${n}${edit ? ` (edit ${edit})` : ''}`,
    cardTitle: '',
    author: 'Coach',
    date,
    imageUrl: `/images/news/${n}.webp`,
    cardImageUrl: '',
    excerpt: `Summary ${n}`,
    cardExcerpt: '',
    showInCarousel: n === 250,
    content: [
      { id: `b-${n}`, colorClass: '', type: 'paragraph', text: `Body of post ${n}` },
      {
        id: `i-${n}`,
        colorClass: '',
        type: 'image',
        src: `/images/news/${n}-in.webp`,
        alt: 'A',
        caption: '',
      },
    ],
    ...(n === 7 ? { previousSlugs: ['post-seven-old'] } : {}),
  }
}

let root: string | undefined
let stop: (() => Promise<void>) | undefined
let url = ''
let anonKey = ''
let staff: SupabaseClient
let anon: SupabaseClient

const client = () =>
  createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } })

async function signedInStaff() {
  const c = client()
  expect((await c.auth.signInWithPassword(STAFF)).error).toBeNull()
  return c
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'news-rows-'))
  const supabase = join(root, 'supabase')
  await mkdir(join(supabase, 'migrations'), { recursive: true })
  await writeFile(
    join(supabase, 'config.toml'),
    await readFile(join(PROJECT, 'supabase/config.toml')),
  )
  await writeFile(join(supabase, 'seed.sql'), await readFile(join(PROJECT, 'supabase/seed.sql')))
  const all = (await readdir(join(PROJECT, 'supabase/migrations'))).sort()
  // The project as it was before the move.
  for (const file of all.filter((name) => name < MOVE)) {
    await cp(join(PROJECT, 'supabase/migrations', file), join(supabase, 'migrations', file))
  }
  const options = { port: 0, dataDir: join(root, 'data'), projectRoot: root, log: () => {} }
  const before = await startLocalSupabase({ ...options, bcryptCost: MIN_BCRYPT_COST })
  try {
    ;({ url, anonKey } = before)
    const c = await signedInStaff()
    // Three saves of the archive, so that posts have revisions: the first 299 posts, then
    // post 3 edited and post 300 added, then post 3 edited again and post 299 deleted.
    let version = 0
    const save = async (key: string, value: unknown) => {
      const { data, error } = await c
        .from('website_content')
        .upsert(
          { key, value, base_version: key === 'newsPosts' ? version : 0 },
          { onConflict: 'key' },
        )
        .select('version')
      expect(error).toBeNull()
      if (key === 'newsPosts') version = (data as { version: number }[])[0]!.version
    }
    const archive = (edits: Record<number, number>, without: number[] = [], count = POSTS - 1) =>
      Array.from({ length: count }, (_, i) => archivePost(i, edits[i] ?? 0)).filter(
        (post) => !without.includes(Number(post.id.slice(5))),
      )
    await save('newsPosts', archive({}))
    await save('newsPosts', [archivePost(POSTS - 1), ...archive({ 3: 1 })])
    await save('newsPosts', [archivePost(POSTS - 1), ...archive({ 3: 2 }, [298])])
    await save('newsDrafts', [
      { ...archivePost(400), id: 'draft-1', slug: 'draft-one', title: 'A draft' },
      {
        ...archivePost(401),
        id: 'scheduled-1',
        slug: 'scheduled-one',
        title: 'Scheduled',
        publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    ])
  } finally {
    await before.stop()
  }

  // `db push` of the new migration.
  await cp(join(PROJECT, 'supabase/migrations', MOVE), join(supabase, 'migrations', MOVE))
  const after = await startLocalSupabase({ ...options, bcryptCost: MIN_BCRYPT_COST })
  stop = () => after.stop()
  ;({ url, anonKey } = after)
  staff = await signedInStaff()
  anon = client()
}, 180_000)

afterAll(async () => {
  await stop?.()
  if (root) await rm(root, { recursive: true, force: true })
})

const newsRows = async (c: SupabaseClient) => {
  const { data, error } = await c
    .from('website_content')
    .select('key,value,version')
    .like('key', 'news/%')
    .order('key')
  expect(error).toBeNull()
  return data as Row[]
}

describe('moving the news documents into rows', () => {
  it('should keep every post, slug, body, image, carousel flag and revision', async () => {
    const rows = await newsRows(staff)
    const migrated = rows.filter((row) => /^news\/(post|draft|scheduled)-/.test(row.key))
    // 299 posts of the archive (one was deleted before the move) and the two drafts.
    expect(migrated).toHaveLength(POSTS - 1 + 2)
    const byId = new Map(migrated.map((row) => [row.value.id, row]))
    expect(byId.has('post-298')).toBe(false)
    for (const n of [0, 7, 250, 299]) {
      expect(byId.get(`post-${n}`)?.value).toEqual({ ...archivePost(n), published: true })
    }
    expect(byId.get('post-3')?.value).toEqual({ ...archivePost(3, 2), published: true })
    expect(byId.get('draft-1')?.value).toMatchObject({ slug: 'draft-one', published: false })
    expect(byId.get('scheduled-1')?.value).toMatchObject({
      published: false,
      publishAt: expect.any(String),
    })

    // Post 3 was saved three times, post 0 once; a deleted post keeps its revisions.
    const revisions = async (id: string) => {
      const { data } = await staff
        .from('content_revisions')
        .select('version,value')
        .eq('key', `news/${id}`)
        .order('version')
      return data as { version: number; value: { title: string } }[]
    }
    expect((await revisions('post-3')).map((r) => [r.version, r.value.title])).toEqual([
      [1, 'Post 3'],
      [2, 'Post 3 (edit 1)'],
      [3, 'Post 3 (edit 2)'],
    ])
    expect(byId.get('post-3')?.version).toBe(3)
    expect((await revisions('post-0')).map((r) => r.version)).toEqual([1])
    expect((await revisions('post-298')).map((r) => r.value.title)).toEqual(['Post 298'])

    // The old documents are gone; newsPosts is now the newest cards, without bodies.
    const { data: docs } = await staff
      .from('website_content')
      .select('key,value')
      .in('key', ['newsPosts', 'newsDrafts'])
    expect(docs?.map((d) => d.key)).toEqual(['newsPosts'])
    const cards = docs![0]!.value as { id: string; content: unknown[] }[]
    // The twelve newest, then the older post shown in the home carousel.
    expect(cards.map((card) => card.id)).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `post-${i}`),
      'post-250',
    ])
    expect(cards.every((card) => card.content.length === 0)).toBe(true)
    expect(JSON.stringify(cards).length).toBeLessThan(20_000)
  })
})

describe('news rows', () => {
  it('should let a visitor read published posts only', async () => {
    const visitorKeys = (await newsRows(anon)).map((row) => row.key)
    expect(visitorKeys).toContain('news/post-0')
    expect(visitorKeys).not.toContain('news/draft-1')
    expect(visitorKeys).not.toContain('news/scheduled-1')
    // Nor by its address, nor in the list's pages.
    const bySlug = await anon.rpc('news_post_by_slug', { post_slug: 'draft-one' })
    expect(bySlug.error).toBeNull()
    expect(bySlug.data).toEqual([])
    const staffBySlug = await staff.rpc('news_post_by_slug', { post_slug: 'draft-one' })
    expect((staffBySlug.data as Row[])[0]?.key).toBe('news/draft-1')
  })

  it('should find a post by its address and by an address it had before', async () => {
    const now = await anon.rpc('news_post_by_slug', { post_slug: 'post-7-title' })
    expect(now.data).toEqual([expect.objectContaining({ key: 'news/post-7', moved: false })])
    const old = await anon.rpc('news_post_by_slug', { post_slug: 'post-seven-old' })
    expect(old.data).toEqual([expect.objectContaining({ key: 'news/post-7', moved: true })])
    const none = await anon.rpc('news_post_by_slug', { post_slug: 'no-such-post' })
    expect(none.data).toEqual([])
  })

  it('should page the list by the database, with a year filter', async () => {
    const first = await anon.rpc('news_cards_page', { page: 1, page_size: 12 }).single()
    const { cards, total } = first.data as { cards: { id: string; date: string }[]; total: number }
    expect(cards).toHaveLength(12)
    expect(total).toBeGreaterThanOrEqual(POSTS - 1)
    const dates = cards.map((card) => card.date)
    expect([...dates].sort().reverse()).toEqual(dates)
    const years = await anon.rpc('news_years')
    const list = years.data as { year: number; posts: number }[]
    expect(list[0]!.year).toBeGreaterThan(list.at(-1)!.year)
    const oldest = list.at(-1)!
    const lastPage = Math.ceil(oldest.posts / 12)
    const page = await anon
      .rpc('news_cards_page', { page: lastPage, page_size: 12, year: oldest.year })
      .single()
    const old = page.data as { cards: { date: string }[]; total: number }
    expect(old.total).toBe(oldest.posts)
    expect(old.cards.length).toBe(oldest.posts - (lastPage - 1) * 12)
    expect(old.cards.every((card) => card.date.startsWith(String(oldest.year)))).toBe(true)
  })

  it('should publish a scheduled post at its time, for visitors and in the cards', async () => {
    const at = new Date(Date.now() + 4_000).toISOString()
    const post = {
      ...archivePost(500),
      id: 'soon',
      slug: 'soon',
      date: '2099-01-01',
      published: false,
      publishAt: at,
    }
    const saved = await staff
      .from('website_content')
      .insert({ key: 'news/soon', value: post, base_version: 0 })
    expect(saved.error).toBeNull()
    try {
      expect((await anon.rpc('news_post_by_slug', { post_slug: 'soon' })).data).toEqual([])
      await expect
        .poll(async () => (await anon.rpc('news_post_by_slug', { post_slug: 'soon' })).data, {
          timeout: 15_000,
          interval: 500,
        })
        .toEqual([expect.objectContaining({ key: 'news/soon' })])
      // What pg_cron runs every minute: the row becomes published, and the cards follow.
      expect((await staff.rpc('publish_due_news')).data).toBe(1)
      const { data } = await anon.from('website_content').select('value').eq('key', 'newsPosts')
      expect((data![0]!.value as { id: string }[])[0]!.id).toBe('soon')
      const row = (await newsRows(staff)).find((r) => r.key === 'news/soon')!
      expect(row.value).toMatchObject({ published: true })
      expect(row.value).not.toHaveProperty('publishAt')
    } finally {
      await staff.from('website_content').delete().eq('key', 'news/soon')
    }
    const { data } = await anon.from('website_content').select('value').eq('key', 'newsPosts')
    expect((data![0]!.value as { id: string }[]).map((c) => c.id)).not.toContain('soon')
  })

  it('should save one post with its version check, and refuse a stale one', async () => {
    const post = {
      ...archivePost(600),
      id: 'versioned',
      slug: 'versioned',
      date: '1999-01-01',
      published: true,
    }
    expect(
      (
        await staff
          .from('website_content')
          .insert({ key: 'news/versioned', value: post, base_version: 0 })
      ).error,
    ).toBeNull()
    try {
      const first = await staff
        .from('website_content')
        .update({ value: { ...post, title: 'First' }, base_version: 1 })
        .eq('key', 'news/versioned')
        .select('version')
      expect(first.error).toBeNull()
      expect(first.data).toEqual([{ version: 2 }])
      const stale = await staff
        .from('website_content')
        .update({ value: { ...post, title: 'Stale' }, base_version: 1 })
        .eq('key', 'news/versioned')
      expect(stale.error?.code).toBe('PT409')
      // Another post may not take its address.
      const taken = await staff.from('website_content').insert({
        key: 'news/copycat',
        value: { ...post, id: 'copycat' },
        base_version: 0,
      })
      expect(taken.error?.code).toBe('23505')
      // A post whose key and id disagree is refused.
      const mismatch = await staff.from('website_content').insert({
        key: 'news/other',
        value: { ...post, id: 'versioned-2', slug: 'other' },
        base_version: 0,
      })
      expect(mismatch.error?.code).toBe('22023')
    } finally {
      await staff.from('website_content').delete().eq('key', 'news/versioned')
    }
  })

  it('should refuse a hand-made newsPosts, from staff and visitors alike', async () => {
    const { data } = await staff.from('website_content').select('version').eq('key', 'newsPosts')
    const version = (data as { version: number }[])[0]!.version
    const forged = await staff
      .from('website_content')
      .update({ value: [], base_version: version })
      .eq('key', 'newsPosts')
    expect(forged.error?.code).toBe('42501')
    const visitor = await anon.from('website_content').insert({
      key: 'news/visitor',
      value: { ...archivePost(700), id: 'visitor', slug: 'visitor', published: true },
      base_version: 0,
    })
    expect(visitor.error).not.toBeNull()
    expect((await newsRows(staff)).map((row) => row.key)).not.toContain('news/visitor')
  })
})
