/**
 * Rosters as their pages show them (supabase/migrations/*_public_rosters.sql): a visitor, or a
 * signed-in account that is not staff, reads `publicTeams`, where the young teams' players have
 * short names and no height or weight; only staff read `teams`, whole. Asked over raw REST (no
 * query builder), and the writes through supabase-js as the apps make them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, readContentRows, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

const player = (id: string, name: string, height: string, weight: number | null) => ({
  id,
  name,
  number: 7,
  position: 'SS',
  batsThrows: 'R/R',
  gradYear: null,
  highSchool: '',
  height,
  weight,
  imageUrl: '',
})

/** Four teams: a young one by its age, an older one, and one of each kind with its own setting. */
const TEAMS = {
  'big-train-10u': {
    id: 'big-train-10u',
    name: 'Big Train 10U',
    roster: [
      player('p1', 'Sam  Rivera', `4'6"`, 70),
      player('p2', 'Ana María de la Cruz', `4'2"`, 64),
      player('p3', 'Cher', '', null),
    ],
  },
  'flash-18u': {
    id: 'flash-18u',
    name: 'Flash 18U',
    roster: [player('p4', 'Jordan Lee', `5'9"`, 150)],
  },
  'select-14u': {
    id: 'select-14u',
    name: 'Select 14U',
    rosterPrivacy: { names: 'first-initial', showHeightWeight: true },
    roster: [player('p5', 'Riley Chen', `5'4"`, 120)],
  },
  'tee-ball-6u': {
    id: 'tee-ball-6u',
    name: 'Tee Ball',
    rosterPrivacy: { names: 'full' },
    roster: [player('p6', 'Mia Gomez', `3'8"`, 45)],
  },
}

describe.skipIf(isHosted)('rosters as their pages show them', () => {
  let h: Harness
  let staff: Awaited<ReturnType<Harness['signedInUser']>>
  let staffToken: string
  let memberToken: string

  const restRead = (bearer: string, keys: string) =>
    readContentRows<Record<string, unknown>>(h, keys, bearer)

  /** Stores TEAMS over whatever is stored (each test starts from them): resolves to the version. */
  async function storeTeams(value: unknown = TEAMS): Promise<number> {
    const { data: stored } = await staff.client
      .from('website_content')
      .select('version')
      .eq('key', 'teams')
      .maybeSingle()
    const base = (stored as { version: number } | null)?.version ?? 0
    const { data, error } = await staff.client
      .from('website_content')
      .upsert({ key: 'teams', value, base_version: base }, { onConflict: 'key' })
      .select('version')
      .single()
    expect(error).toBeNull()
    return (data as { version: number }).version
  }

  beforeAll(async () => {
    h = await startHarness()
    staff = await h.signedInUser({ staff: true })
    const member = await h.signedInUser()
    staffToken = (await staff.client.auth.getSession()).data.session!.access_token
    memberToken = (await member.client.auth.getSession()).data.session!.access_token
  })
  afterAll(async () => {
    await h?.stop()
  })

  it.each([
    ['a visitor (anon)', () => h.anonKey],
    ['a signed-in account that is not staff', () => memberToken],
  ])(
    'should show %s the rosters as their pages do, never the teams document',
    async (_who, bearer) => {
      const version = await storeTeams()
      const rows = await restRead(bearer(), 'teams,publicTeams')
      expect(rows.map((row) => row.key)).toEqual(['publicTeams'])
      const [shown] = rows
      expect(shown?.version).toBe(version)
      const roster = (id: keyof typeof TEAMS) =>
        (shown?.value[id] as { roster: Record<string, unknown>[] }).roster.map(
          ({ name, height, weight }) => ({ name, height, weight }),
        )
      // Under 13 by its age: short names, no height or weight.
      expect(roster('big-train-10u')).toEqual([
        { name: 'Sam R.', height: '', weight: null },
        { name: 'Ana C.', height: '', weight: null },
        { name: 'Cher', height: '', weight: null },
      ])
      // 18U: all of it.
      expect(roster('flash-18u')).toEqual([{ name: 'Jordan Lee', height: `5'9"`, weight: 150 }])
      // Each team's own setting over its age's default.
      expect(roster('select-14u')).toEqual([{ name: 'Riley C.', height: `5'4"`, weight: 120 }])
      expect(roster('tee-ball-6u')).toEqual([{ name: 'Mia Gomez', height: '', weight: null }])
      // Nothing else of a team changes.
      expect(shown?.value['flash-18u']).toEqual(TEAMS['flash-18u'])
      expect(JSON.stringify(shown?.value)).not.toMatch(/Rivera|de la Cruz|4'6"/)
    },
  )

  it('should show staff the teams whole', async () => {
    await storeTeams()
    const rows = await restRead(staffToken, 'teams')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.value).toEqual(TEAMS)
  })

  it('should let nobody write the public form, staff included', async () => {
    const version = await storeTeams()
    for (const client of [h.anon, staff.client]) {
      const { error } = await client
        .from('website_content')
        .upsert({ key: 'publicTeams', value: {}, base_version: version }, { onConflict: 'key' })
      expect(error).not.toBeNull()
    }
    // Nor take it away: visitors would see the sample teams.
    const removed = await staff.client.from('website_content').delete().eq('key', 'publicTeams')
    expect(removed.error?.message).toMatch(/kept by the database/)
    const [shown] = await restRead(h.anonKey, 'publicTeams')
    expect(Object.keys(shown?.value ?? {}).sort()).toEqual(Object.keys(TEAMS).sort())
  })

  it('should refuse a save that puts the public form over the stored rosters, and keep them', async () => {
    const version = await storeTeams()
    const [shown] = await restRead(h.anonKey, 'publicTeams')
    // What a client that read the public form would save after changing another team.
    const edited = {
      ...(shown?.value ?? {}),
      'flash-18u': { ...TEAMS['flash-18u'], name: 'Flash 18U Gold' },
    }
    const { error } = await staff.client
      .from('website_content')
      .update({ value: edited, base_version: version })
      .eq('key', 'teams')
    expect(error?.message).toMatch(/would replace the full rosters/)
    const [stored] = await restRead(staffToken, 'teams')
    expect(stored?.value).toEqual(TEAMS)
    expect(stored?.version).toBe(version)
  })

  it('should follow each save of the teams at its version, keeping no revisions of its own', async () => {
    const version = await storeTeams()
    const renamed = {
      ...TEAMS,
      'big-train-10u': {
        ...TEAMS['big-train-10u'],
        roster: [
          player('p1', 'Samuel Rivera', `4'7"`, 72),
          ...TEAMS['big-train-10u'].roster.slice(1),
        ],
      },
    }
    const { data, error } = await staff.client
      .from('website_content')
      .update({ value: renamed, base_version: version })
      .eq('key', 'teams')
      .select('version')
      .single()
    expect(error).toBeNull()
    const saved = (data as { version: number }).version
    expect(saved).toBe(version + 1)
    const [shown] = await restRead(h.anonKey, 'publicTeams')
    expect(shown?.version).toBe(saved)
    const roster = (shown?.value['big-train-10u'] as { roster: { name: string }[] }).roster
    expect(roster[0]?.name).toBe('Samuel R.')

    const { data: revisions } = await staff.client
      .from('content_revisions')
      .select('key,version')
      .in('key', ['teams', 'publicTeams'])
      .gte('version', version)
      .order('version')
    expect(revisions).toEqual([
      { key: 'teams', version },
      { key: 'teams', version: saved },
    ])
  })

  it('should let a visitor read neither the teams nor their revisions', async () => {
    await storeTeams()
    const { data } = await h.anon.from('content_revisions').select('key').eq('key', 'teams')
    expect(data ?? []).toEqual([])
    expect(await restRead(h.anonKey, 'teams')).toEqual([])
  })

  it('should take the public form away with the teams', async () => {
    await storeTeams()
    expect(await restRead(h.anonKey, 'publicTeams')).toHaveLength(1)
    const { error } = await staff.client.from('website_content').delete().eq('key', 'teams')
    expect(error).toBeNull()
    expect(await restRead(h.anonKey, 'publicTeams')).toEqual([])
  })
})
