/**
 * The database's own limits on a document (1 MiB of JSON text, 2,000 items per list,
 * refused with SQLSTATE PT413 → HTTP 413), and revision numbers that never repeat for a
 * key, including after the key is deleted and created again.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'

import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase } from '../src/db/database.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const MIGRATIONS = fileURLToPath(new URL('../../../supabase/migrations/', import.meta.url))
const CONTENT_MIGRATION = '20261122000100_staff_and_content.sql'
const LIMITS_MIGRATION = '20261123000200_content_limits_and_revisions.sql'

type Saved = { version: number }

describe('content limits and revisions', () => {
  let h: Harness
  let staff: SupabaseClient
  const keys: string[] = []

  const newKey = () => {
    const key = `limits_${randomUUID().replaceAll('-', '').slice(0, 16)}`
    keys.push(key)
    return key
  }
  /** A save as the editor makes it: the whole document, naming the version it started from. */
  const save = (key: string, value: unknown, baseVersion: number) =>
    staff
      .from('website_content')
      .upsert({ key, value, base_version: baseVersion }, { onConflict: 'key' })
      .select('version')
      .single<Saved>()
  const stored = async (key: string) =>
    (await h.service.from('website_content').select('version, value').eq('key', key).maybeSingle())
      .data as { version: number; value: unknown } | null
  const revisionVersions = async (key: string) =>
    (
      (await h.service.from('content_revisions').select('version').eq('key', key).order('id'))
        .data ?? []
    ).map((row: { version: number }) => row.version)

  beforeAll(async () => {
    h = await startHarness()
    staff = (await h.signedInUser({ staff: true })).client
  })
  afterAll(async () => {
    if (keys.length > 0) {
      await h.service.from('website_content').delete().in('key', keys)
      await h.service.from('content_revisions').delete().in('key', keys)
    }
    await h.stop()
  })

  it('should refuse a document over 1 MiB with 413 PT413 and the size in the message, storing nothing', async () => {
    const key = newKey()
    const { data, error, status } = await save(key, { text: 'x'.repeat(1024 * 1024) }, 0)
    expect(status).toBe(413)
    expect(data).toBeNull()
    expect(error?.code).toBe('PT413')
    const match = /^Content "(.+)" is too large: (\d+) bytes \(the limit is 1048576\)\.$/.exec(
      error?.message ?? '',
    )
    expect(match?.[1]).toBe(key)
    expect(Number(match?.[2])).toBeGreaterThan(1048576)
    expect(JSON.parse(error?.details ?? '{}')).toEqual({
      key,
      bytes: Number(match?.[2]),
      limit: 1048576,
    })
    expect(await stored(key)).toBeNull()
    expect(await revisionVersions(key)).toEqual([])
  })

  it('should refuse a list of 2,001 items anywhere in a document, naming its path', async () => {
    const key = newKey()
    const value = {
      teams: [
        { name: 'Tigers', players: ['a', 'b'] },
        { name: 'Lions', players: Array.from({ length: 2001 }, (_, i) => `player ${i}`) },
      ],
    }
    const { error, status } = await save(key, value, 0)
    expect(status).toBe(413)
    expect(error?.code).toBe('PT413')
    expect(error?.message).toBe(
      `Content "${key}" has a list of 2001 items at $.teams[1].players (the limit is 2000).`,
    )
    expect(JSON.parse(error?.details ?? '{}')).toEqual({
      key,
      items: 2001,
      path: '$.teams[1].players',
      limit: 2000,
    })
    expect(await stored(key)).toBeNull()

    const top = await save(
      key,
      Array.from({ length: 2500 }, () => ({})),
      0,
    )
    expect(top.error?.message).toBe(
      `Content "${key}" has a list of 2500 items at $ (the limit is 2000).`,
    )
    const odd = await save(key, { 'news items': [Array.from({ length: 2002 }, () => 1)] }, 0)
    expect(odd.error?.message).toBe(
      `Content "${key}" has a list of 2002 items at $."news items"[0] (the limit is 2000).`,
    )
  })

  it('should accept a list of exactly 2,000 items and a document just under 1 MiB', async () => {
    const key = newKey()
    const list = await save(key, { items: Array.from({ length: 2000 }, (_, i) => ({ i })) }, 0)
    expect(list.error).toBeNull()
    expect(list.data).toEqual({ version: 1 })
    // `{"text": "…"}` is 12 bytes of JSON text around the string.
    const big = await save(key, { text: 'y'.repeat(1048576 - 12) }, 1)
    expect(big.error).toBeNull()
    expect(big.data).toEqual({ version: 2 })
  })

  it('should refuse an oversize update and keep the stored version and value', async () => {
    const key = newKey()
    expect((await save(key, { title: 'Small' }, 0)).data).toEqual({ version: 1 })
    const refused = await save(key, { title: 'z'.repeat(1100 * 1024) }, 1)
    expect(refused.status).toBe(413)
    expect(refused.error?.message).toMatch(new RegExp(`^Content "${key}" is too large: `))
    expect(await stored(key)).toEqual({ version: 1, value: { title: 'Small' } })
    expect(await revisionVersions(key)).toEqual([1])
  })

  it('should keep versions increasing when a key is deleted and created again', async () => {
    const key = newKey()
    expect((await save(key, { n: 1 }, 0)).data).toEqual({ version: 1 })
    expect((await save(key, { n: 2 }, 1)).data).toEqual({ version: 2 })
    expect((await staff.from('website_content').delete().eq('key', key)).error).toBeNull()
    const again = await save(key, { n: 3 }, 0)
    expect(again.error).toBeNull()
    expect(again.data).toEqual({ version: 3 })
    expect((await save(key, { n: 4 }, 3)).data).toEqual({ version: 4 })
    expect(await revisionVersions(key)).toEqual([1, 2, 3, 4])
    const values = await h.service
      .from('content_revisions')
      .select('version, value')
      .eq('key', key)
      .order('version')
    expect(values.data?.map((row: { value: unknown }) => row.value)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
      { n: 4 },
    ])
  })

  it('should refuse a second revision row with the same key and version (409)', async () => {
    const key = newKey()
    await save(key, { n: 1 }, 0)
    const duplicate = await h.service
      .from('content_revisions')
      .insert({ key, value: { forged: true }, version: 1 })
    expect(duplicate.status).toBe(409)
    expect(duplicate.error?.code).toBe('23505')
  })
})

describe.runIf(localOnly('applies the migration to a database it builds itself'))(
  'the revisions migration on a database that already has repeated versions',
  () => {
    const sandbox = mkdtempSync(join(tmpdir(), 'local-supabase-revisions-'))
    const migrations = join(sandbox, 'supabase', 'migrations')
    const dataDir = join(sandbox, 'data')
    let h: Harness | undefined

    afterAll(async () => {
      await h?.stop()
      rmSync(sandbox, { recursive: true, force: true })
    })

    it('should renumber later runs to continue from the highest revision and make the pair unique', async () => {
      // Before: the content migration alone, and a key deleted and created again.
      mkdirSync(migrations, { recursive: true })
      copyFileSync(join(MIGRATIONS, CONTENT_MIGRATION), join(migrations, CONTENT_MIGRATION))
      const db = await openDatabase({ dataDir: join(dataDir, 'pg'), migrationsDir: migrations })
      const run = (sql: string) => db.pg.exec(sql)
      await run(
        `insert into public.website_content (key, value, base_version) values ('news', '"a"', 0)`,
      )
      await run(
        `update public.website_content set value = '"b"', base_version = 1 where key = 'news'`,
      )
      await run(`delete from public.website_content where key = 'news'`)
      await run(
        `insert into public.website_content (key, value, base_version) values ('news', '"c"', 0)`,
      )
      await run(
        `update public.website_content set value = '"d"', base_version = 1 where key = 'news'`,
      )
      await run(
        `insert into public.website_content (key, value, base_version) values ('about', '"x"', 0)`,
      )
      const before = await db.pg.query<{ key: string; version: number }>(
        'select key, version from public.content_revisions order by id',
      )
      expect(before.rows.filter((row) => row.key === 'news').map((row) => row.version)).toEqual([
        1, 2, 1, 2,
      ])
      await db.close()

      // After: the new migration is applied when the server starts on the same data.
      copyFileSync(join(MIGRATIONS, LIMITS_MIGRATION), join(migrations, LIMITS_MIGRATION))
      h = await startHarness({ projectRoot: sandbox, dataDir })
      const revisions = await h.service
        .from('content_revisions')
        .select('key, version, value')
        .order('id')
      expect(revisions.data).toEqual([
        { key: 'news', version: 1, value: 'a' },
        { key: 'news', version: 2, value: 'b' },
        { key: 'news', version: 3, value: 'c' },
        { key: 'news', version: 4, value: 'd' },
        { key: 'about', version: 1, value: 'x' },
      ])
      const rows = await h.service.from('website_content').select('key, version').order('key')
      expect(rows.data).toEqual([
        { key: 'about', version: 1 },
        { key: 'news', version: 4 },
      ])
      const next = await h.service
        .from('website_content')
        .upsert({ key: 'news', value: 'e', base_version: 4 })
        .select('version')
        .single()
      expect(next.data).toEqual({ version: 5 })
      // Two databases built from scratch on disk: on a busy 2-core machine, past the default 30 s.
    }, 120_000)
  },
)
