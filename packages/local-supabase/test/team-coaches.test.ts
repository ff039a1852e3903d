/**
 * A team page's coaches (supabase/migrations/*_team_coaches.sql): a row per stored team,
 * `coaches/<team id>`, made from two documents, `teams` (which ids) and `staff` (their cards),
 * while both are stored. A save of either rewrites the rows whose cards changed, each at a
 * version it never had before; a team's row goes with the team, and every row with either
 * document. Anyone reads them, nobody writes them, staff included. Asked over raw REST, written
 * through supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, readContentRows, startHarness } from './harness.ts'
import type { ContentRow, Harness } from './harness.ts'

const member = (id: string, name: string, subtitle: string) => ({
  id,
  name,
  subtitle,
  imageUrl: `/images/staff/${id}.jpg`,
})

const STAFF = [
  member('ann', 'Ann Diaz', 'Head Coach'),
  member('bo', 'Bo Park', 'Assistant Coach'),
  member('cy', 'Cy Young', 'Director'),
]

const team = (id: string, coaches: string[]) => ({
  id,
  name: id,
  programSlug: 'big-train',
  logoUrl: '',
  coaches,
  roster: [],
  teamPageContent: { intro: '' },
})

/** Coaches in their own order, one named twice, one naming nobody. */
const TEAMS = {
  'big-train-10u': team('big-train-10u', ['bo', 'nobody', 'ann', 'bo']),
  'flash-18u': team('flash-18u', ['cy']),
}

const KEYS = 'coaches/big-train-10u,coaches/flash-18u'

type Row = ContentRow

describe.skipIf(isHosted)("a team page's coaches", () => {
  let h: Harness
  let staff: Awaited<ReturnType<Harness['signedInUser']>>

  const restRead = (keys: string) => readContentRows<Row['value']>(h, keys)
  const byKey = async (keys = KEYS) =>
    Object.fromEntries((await restRead(keys)).map((row) => [row.key, row]))

  /** Stores `value` under `key` over whatever is stored. */
  async function store(key: string, value: unknown): Promise<void> {
    const { data: stored } = await staff.client
      .from('website_content')
      .select('version')
      .eq('key', key)
      .maybeSingle()
    const base = (stored as { version: number } | null)?.version ?? 0
    const { error } = await staff.client
      .from('website_content')
      .upsert({ key, value, base_version: base }, { onConflict: 'key' })
    expect(error).toBeNull()
  }
  async function remove(key: string): Promise<void> {
    const { error } = await staff.client.from('website_content').delete().eq('key', key)
    expect(error).toBeNull()
  }

  beforeAll(async () => {
    h = await startHarness()
    staff = await h.signedInUser({ staff: true })
  })
  afterAll(async () => {
    await h?.stop()
  })

  it("should give a visitor each team's coaches' cards, in the team's order, as staff has them", async () => {
    await store('staff', STAFF)
    await store('teams', TEAMS)
    const rows = await byKey()
    expect(rows['coaches/big-train-10u']?.value).toEqual([STAFF[1], STAFF[0]])
    expect(rows['coaches/flash-18u']?.value).toEqual([STAFF[2]])
  })

  it('should rewrite a row at a new version after a save of either document, and only the rows that changed', async () => {
    await store('staff', STAFF)
    await store('teams', TEAMS)
    const before = await byKey()
    // A coach's role line: the teams Bo coaches change, the other does not.
    const renamed = STAFF.map((m) => (m.id === 'bo' ? { ...m, subtitle: 'Pitching Coach' } : m))
    await store('staff', renamed)
    const afterStaff = await byKey()
    expect(afterStaff['coaches/big-train-10u']?.value).toEqual([renamed[1], renamed[0]])
    expect(afterStaff['coaches/big-train-10u']?.version).toBeGreaterThan(
      before['coaches/big-train-10u']?.version ?? Infinity,
    )
    expect(afterStaff['coaches/flash-18u']).toEqual(before['coaches/flash-18u'])
    // Which coaches a team has: a save of the teams.
    await store('teams', { ...TEAMS, 'flash-18u': team('flash-18u', ['cy', 'ann']) })
    const afterTeams = await byKey()
    expect(afterTeams['coaches/flash-18u']?.value).toEqual([renamed[2], renamed[0]])
    expect(afterTeams['coaches/flash-18u']?.version).toBeGreaterThan(
      afterStaff['coaches/big-train-10u']?.version ?? Infinity,
    )
    expect(afterTeams['coaches/big-train-10u']).toEqual(afterStaff['coaches/big-train-10u'])
    // A save that changes no coach's card rewrites no row.
    await store('staff', [...renamed, member('dee', 'Dee Lo', 'Scorekeeper')])
    expect(await byKey()).toEqual(afterTeams)
  })

  it('should take a team’s row away with the team, and every row with either document, never to return at a version it had', async () => {
    await store('staff', STAFF)
    await store('teams', TEAMS)
    const { 'flash-18u': _gone, ...rest } = TEAMS
    await store('teams', rest)
    expect(Object.keys(await byKey())).toEqual(['coaches/big-train-10u'])
    const held = (await byKey())['coaches/big-train-10u']
    // Without the staff stored a page reads `staff` (the built-in one) whole: no row.
    await remove('staff')
    expect(await restRead(KEYS)).toEqual([])
    // Stored again from version 1: the row's version is still one it never had.
    await store('staff', [member('bo', 'Bo Park', 'Head Coach')])
    const again = (await byKey())['coaches/big-train-10u']
    expect(again?.value).toEqual([member('bo', 'Bo Park', 'Head Coach')])
    expect(again?.version).toBeGreaterThan(held?.version ?? Infinity)
    await remove('teams')
    expect(await restRead(KEYS)).toEqual([])
  })

  it('should let nobody write or remove a coaches row, staff included, and keep no revisions', async () => {
    await store('staff', STAFF)
    await store('teams', TEAMS)
    const before = await byKey()
    for (const client of [h.anon, staff.client]) {
      for (const key of ['coaches/flash-18u', 'coaches/new-team']) {
        const version = before[key]?.version ?? 0
        const { error } = await client
          .from('website_content')
          .upsert({ key, value: [], base_version: version }, { onConflict: 'key' })
        expect(error, key).not.toBeNull()
      }
    }
    const removed = await staff.client
      .from('website_content')
      .delete()
      .eq('key', 'coaches/flash-18u')
    expect(removed.error?.message).toMatch(/kept by the database from staff/)
    expect(await byKey()).toEqual(before)
    expect(await restRead('coaches/new-team')).toEqual([])
    const { data } = await staff.client
      .from('content_revisions')
      .select('key')
      .like('key', 'coaches/*')
    expect(data).toEqual([])
  })
})
