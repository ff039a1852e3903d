/**
 * What pages that show teams read (supabase/migrations/*_team_views.sql): after every save of
 * `teams`, the database derives a row per team page (`team/<id>`) and one each for /teams
 * (`teamRosters`), /schedule (`teamSchedules`), the pages that name teams (`teamNames`) and a
 * team page's check that its team is stored (`teamKeys`), all from the public form. Anyone reads them, nobody writes them, and a save rewrites only the
 * views whose value changed, at its version. Asked over raw REST, written through supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, readContentRows, startHarness } from './harness.ts'
import type { ContentRow, Harness } from './harness.ts'

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

const game = (id: string, date: string) => ({ id, kind: 'game', date, opponent: 'Rockville' })

const team = (id: string, name: string, programSlug: string, roster: unknown[]) => ({
  id,
  name,
  programSlug,
  logoUrl: '',
  coaches: ['coach-1'],
  roster,
  teamPageContent: { intro: `About the ${name}` },
  heroContent: { title: name, subtitle: '', imageUrl: '/images/hero.jpg' },
  schedule: [game(`${id}-g1`, '2027-04-03')],
})

/** A young team (short names, no heights or weights in public) and an older one. */
const TEAMS = {
  'big-train-10u': team('big-train-10u', 'Big Train 10U', 'big-train', [
    player('p1', 'Sam Rivera', `4'6"`, 70),
  ]),
  'flash-18u': team('flash-18u', 'Flash 18U', 'flash-softball', [
    player('p2', 'Jordan Lee', `5'9"`, 150),
  ]),
}

const VIEW_KEYS = 'team/big-train-10u,team/flash-18u,teamKeys,teamNames,teamRosters,teamSchedules'

type Row = ContentRow<Record<string, Record<string, unknown>>>

describe.skipIf(isHosted)('the rows pages that show teams read', () => {
  let h: Harness
  let staff: Awaited<ReturnType<Harness['signedInUser']>>

  const restRead = (keys: string, bearer = h.anonKey) =>
    readContentRows<Row['value']>(h, keys, bearer)
  const byKey = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.key, row]))

  /** Stores `value` as the teams over whatever is stored: resolves to the version. */
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
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('should give a visitor each view in the public form, with only what its page shows', async () => {
    await storeTeams()
    const rows = byKey(await restRead(VIEW_KEYS))
    expect(Object.keys(rows).sort()).toEqual(VIEW_KEYS.split(','))
    // A team page's row: the team whole, its roster as the page shows it.
    const page = rows['team/big-train-10u']?.value as unknown as (typeof TEAMS)['big-train-10u']
    expect(page.schedule).toEqual(TEAMS['big-train-10u'].schedule)
    expect(page.teamPageContent).toEqual(TEAMS['big-train-10u'].teamPageContent)
    expect(page.roster[0]).toMatchObject({ name: 'Sam R.', height: '', weight: null })
    expect(rows['team/flash-18u']?.value).toEqual(TEAMS['flash-18u'])
    // /teams: rosters and coaches, no schedule or page text.
    const rosters = rows.teamRosters?.value ?? {}
    expect(rosters['flash-18u']).toEqual({
      id: 'flash-18u',
      name: 'Flash 18U',
      programSlug: 'flash-softball',
      logoUrl: '',
      coaches: ['coach-1'],
      roster: TEAMS['flash-18u'].roster,
      teamPageContent: { intro: '' },
    })
    expect(JSON.stringify(rosters)).not.toMatch(/Rivera|4'6"|Rockville|About the/)
    // /schedule: schedules, no roster or coaches.
    expect(rows.teamSchedules?.value['big-train-10u']).toEqual({
      id: 'big-train-10u',
      name: 'Big Train 10U',
      programSlug: 'big-train',
      logoUrl: '',
      coaches: [],
      roster: [],
      teamPageContent: { intro: '' },
      schedule: TEAMS['big-train-10u'].schedule,
    })
    // Which teams there are: their keys alone, in code-point order.
    expect(rows.teamKeys?.value).toEqual(['big-train-10u', 'flash-18u'])
    // The names alone.
    expect(rows.teamNames?.value['flash-18u']).toEqual({
      id: 'flash-18u',
      name: 'Flash 18U',
      programSlug: 'flash-softball',
      logoUrl: '',
      coaches: [],
      roster: [],
      teamPageContent: { intro: '' },
    })
  })

  it('should let nobody write a view, staff included', async () => {
    await storeTeams()
    const before = byKey(await restRead(VIEW_KEYS))
    for (const client of [h.anon, staff.client]) {
      for (const key of ['team/flash-18u', 'teamRosters', 'team/new-team']) {
        const version = before[key]?.version ?? 0
        const { error } = await client
          .from('website_content')
          .upsert({ key, value: {}, base_version: version }, { onConflict: 'key' })
        expect(error, key).not.toBeNull()
      }
    }
    const removed = await staff.client.from('website_content').delete().eq('key', 'teamSchedules')
    expect(removed.error?.message).toMatch(/kept by the database/)
    expect(byKey(await restRead(VIEW_KEYS))).toEqual(before)
    expect(await restRead('team/new-team')).toEqual([])
  })

  it("should rewrite only the views a save changes, at the save's version", async () => {
    const version = await storeTeams()
    const before = byKey(await restRead(VIEW_KEYS))
    const renamed = {
      ...TEAMS,
      'flash-18u': {
        ...TEAMS['flash-18u'],
        roster: [player('p2', 'Jordan Lee-Park', `5'9"`, 150)],
      },
    }
    const saved = await storeTeams(renamed)
    expect(saved).toBe(version + 1)
    const after = byKey(await restRead(VIEW_KEYS))
    expect(after['team/flash-18u']?.version).toBe(saved)
    expect(after.teamRosters?.version).toBe(saved)
    expect(after.teamRosters?.value['flash-18u']?.roster).toEqual(renamed['flash-18u'].roster)
    // The other team's page, the schedules, the names and the keys did not change: same rows.
    for (const key of ['team/big-train-10u', 'teamSchedules', 'teamNames', 'teamKeys'])
      expect(after[key], key).toEqual(before[key])
  })

  it('should keep no revisions of the views', async () => {
    await storeTeams()
    await storeTeams({ ...TEAMS, 'flash-18u': { ...TEAMS['flash-18u'], name: 'Flash 18U Gold' } })
    const { data } = await staff.client
      .from('content_revisions')
      .select('key')
      .or('key.like.team/*,key.in.(teamRosters,teamSchedules,teamNames,teamKeys)')
    expect(data).toEqual([])
  })

  it("should take a team's page row away with the team, and every view with the teams", async () => {
    await storeTeams()
    const { 'flash-18u': _gone, ...rest } = TEAMS
    const saved = await storeTeams(rest)
    const rows = byKey(await restRead(VIEW_KEYS))
    expect(Object.keys(rows).sort()).toEqual([
      'team/big-train-10u',
      'teamKeys',
      'teamNames',
      'teamRosters',
      'teamSchedules',
    ])
    expect(Object.keys(rows.teamNames?.value ?? {})).toEqual(['big-train-10u'])
    expect(rows.teamKeys?.value).toEqual(['big-train-10u'])
    expect(rows.teamKeys?.version).toBe(saved)
    expect(rows.teamNames?.version).toBe(saved)
    // Added again, its page row comes back at a newer version than any it had.
    const again = await storeTeams()
    expect((await restRead('team/flash-18u'))[0]?.version).toBe(again)

    const { error } = await staff.client.from('website_content').delete().eq('key', 'teams')
    expect(error).toBeNull()
    expect(await restRead(VIEW_KEYS)).toEqual([])
  })
})
