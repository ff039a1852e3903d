/**
 * Rows the database derives from a saved document for the pages that show a part of it
 * (supabase/migrations/*_derived_views.sql): from `fieldsContent` the posting times every
 * page's alerts bar shows (`weatherPostingTimes`); from `programsContent` what the pages that
 * name the programs show (`programSummaries`: the header's Register button, /programs,
 * /contact) and each program's page (`program/<slug>`); from `clinics` the events' cards
 * (`eventCards`, no descriptions), their slugs (`eventSlugs`) and each event's page
 * (`event/<slug>`); from `content` every page's footer (`siteFooter`), from `programsContent`
 * every page's header (`programRegistrations`) and from `fieldsContent` the fields alone
 * (`fieldList`: a team page, /schedule). Anyone reads them,
 * nobody writes them
 * (staff save the source), a save rewrites only those whose value changed, at its version, and
 * they keep no revisions. The teams' rows follow the same mechanism (team-views.test.ts,
 * public-rosters.test.ts). Asked over raw REST, written through supabase-js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isHosted, readContentRows, startHarness } from './harness.ts'
import type { ContentRow, Harness } from './harness.ts'

const TIMES = {
  countyWeekdayDecision: '15:30',
  countyWeekendDecision: '07:00',
  leagueCancellationsBy: '16:00',
}

const FIELDS = {
  mainText: 'Where we play.',
  directionsLink: '',
  fields: [
    {
      id: 'north',
      name: 'North Park',
      address: '1 Park Rd',
      status: 'open',
      statusReason: '',
      statusUpdatedAt: null,
      parkingNotes: 'Lot B behind the gym',
    },
  ],
  sliderImages: [{ src: '/images/field.jpg', alt: 'The field' }],
  weatherPostingTimes: TIMES,
}

const program = (name: string, link: string) => ({
  name,
  heroImage: '/images/hero.jpg',
  overview: `All about ${name}.`,
  seasonFormat: 'Spring and fall',
  teamFormation: '',
  equipment: 'A glove',
  fees: '$120',
  coaching: '',
  staff: ['coach-1'],
  tryouts: { title: 'Tryouts', description: '', feeNote: '', teams: [] },
  registration: { link, opensText: 'In January' },
  eligibility: { minAge: 4, maxAge: 6, ageCutoff: '2027-05-01' },
})

const PROGRAMS = {
  'tee-ball': program('Tee Ball', ''),
  select: program('Select', 'https://register.example.org/select'),
}

const VIEW_KEYS = 'program/select,program/tee-ball,programSummaries,weatherPostingTimes'

type Row = ContentRow<Record<string, unknown>>

describe.skipIf(isHosted)('the rows the database derives for the pages that show a part', () => {
  let h: Harness
  let staff: Awaited<ReturnType<Harness['signedInUser']>>

  const restRead = (keys: string) => readContentRows<Row['value']>(h, keys)
  const byKey = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.key, row]))

  /** Stores `value` under `key` over whatever is stored: resolves to the version. */
  async function store(key: string, value: unknown): Promise<number> {
    const { data: stored } = await staff.client
      .from('website_content')
      .select('version')
      .eq('key', key)
      .maybeSingle()
    const base = (stored as { version: number } | null)?.version ?? 0
    const { data, error } = await staff.client
      .from('website_content')
      .upsert({ key, value, base_version: base }, { onConflict: 'key' })
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

  it('should give a visitor each derived row, with only what its pages show', async () => {
    // Times other tests never store, so that this save changes them.
    const times = { ...TIMES, leagueCancellationsBy: '17:45' }
    const fieldsVersion = await store('fieldsContent', { ...FIELDS, weatherPostingTimes: times })
    const programsVersion = await store('programsContent', PROGRAMS)
    const rows = byKey(await restRead(VIEW_KEYS))
    expect(Object.keys(rows).sort()).toEqual(VIEW_KEYS.split(','))
    expect(rows.weatherPostingTimes).toEqual({
      key: 'weatherPostingTimes',
      value: times,
      version: fieldsVersion,
    })
    expect(rows.programSummaries?.value).toEqual({
      'tee-ball': {
        name: 'Tee Ball',
        fees: '$120',
        registration: { link: '', opensText: 'In January' },
        eligibility: PROGRAMS['tee-ball'].eligibility,
      },
      select: {
        name: 'Select',
        fees: '$120',
        registration: { link: 'https://register.example.org/select', opensText: 'In January' },
        eligibility: PROGRAMS.select.eligibility,
      },
    })
    expect(rows.programSummaries?.version).toBeLessThanOrEqual(programsVersion)
    // A program's page: the program whole, and no other.
    expect(rows['program/select']?.value).toEqual(PROGRAMS.select)
    expect(rows['program/tee-ball']?.value).toEqual(PROGRAMS['tee-ball'])
  })

  it('should let nobody write or remove a derived row, staff included', async () => {
    await store('fieldsContent', FIELDS)
    await store('programsContent', PROGRAMS)
    const before = byKey(await restRead(VIEW_KEYS))
    for (const client of [h.anon, staff.client]) {
      for (const key of [
        'weatherPostingTimes',
        'programSummaries',
        'program/select',
        'program/x',
      ]) {
        const version = before[key]?.version ?? 0
        const { error } = await client
          .from('website_content')
          .upsert({ key, value: {}, base_version: version }, { onConflict: 'key' })
        expect(error, key).not.toBeNull()
      }
    }
    const removed = await staff.client.from('website_content').delete().eq('key', 'program/select')
    expect(removed.error?.message).toMatch(/kept by the database from programsContent/)
    expect(byKey(await restRead(VIEW_KEYS))).toEqual(before)
    expect(await restRead('program/x')).toEqual([])
  })

  it("should rewrite only the rows a save changes, at the save's version, keeping no revisions", async () => {
    await store('programsContent', PROGRAMS)
    const before = byKey(await restRead(VIEW_KEYS))
    // A new overview of Select: its page changes, what the other pages show of it does not.
    const saved = await store('programsContent', {
      ...PROGRAMS,
      select: { ...PROGRAMS.select, overview: 'New overview.' },
    })
    const after = byKey(await restRead(VIEW_KEYS))
    expect(after['program/select']?.version).toBe(saved)
    expect(after['program/select']?.value.overview).toBe('New overview.')
    for (const key of ['program/tee-ball', 'programSummaries', 'weatherPostingTimes'])
      expect(after[key], key).toEqual(before[key])
    // Its registration link: the summaries follow.
    const opened = await store('programsContent', {
      ...PROGRAMS,
      'tee-ball': { ...PROGRAMS['tee-ball'], registration: { link: 'https://r.example.org/t' } },
    })
    const summaries = byKey(await restRead('programSummaries')).programSummaries
    expect(summaries?.version).toBe(opened)
    expect(summaries?.value['tee-ball']).toMatchObject({
      registration: { link: 'https://r.example.org/t' },
    })

    const { data } = await staff.client
      .from('content_revisions')
      .select('key')
      .or('key.like.program/*,key.in.(programSummaries,weatherPostingTimes)')
    expect(data).toEqual([])
  })

  it('should take the derived rows away with their document', async () => {
    await store('fieldsContent', FIELDS)
    await store('programsContent', PROGRAMS)
    const { 'tee-ball': _gone, ...rest } = PROGRAMS
    await store('programsContent', rest)
    expect(Object.keys(byKey(await restRead(VIEW_KEYS))).sort()).toEqual([
      'program/select',
      'programSummaries',
      'weatherPostingTimes',
    ])
    for (const key of ['programsContent', 'fieldsContent']) {
      const { error } = await staff.client.from('website_content').delete().eq('key', key)
      expect(error).toBeNull()
    }
    expect(await restRead(VIEW_KEYS)).toEqual([])
  })

  it("should give every page's footer and header, and the pages that say where games are played, only what they show", async () => {
    const home = {
      hero: { title: 'Play ball', subtitle: 'Since 1952', imageUrl: '/images/hero.jpg' },
      support: { title: 'Support us', description: 'Give.', buttons: [] },
      footer: {
        socialLinks: { twitter: '', facebook: 'https://facebook.com/club', instagram: '' },
      },
      contact: { email: 'hello@club.example.org', phone: '', mailingAddress: ['PO Box 1'] },
    }
    const homeVersion = await store('content', home)
    const fields = {
      ...FIELDS,
      fields: [
        { ...FIELDS.fields[0], notifyFamilies: false },
        { id: 'south', name: 'South Park', address: '2 Park Rd', status: 'closed' },
      ],
    }
    const fieldsVersion = await store('fieldsContent', fields)
    const programsVersion = await store('programsContent', PROGRAMS)
    const rows = byKey(await restRead('fieldList,programRegistrations,siteFooter'))
    // The footer: the social links and the contact details, not the hero or the support block.
    expect(rows.siteFooter).toEqual({
      key: 'siteFooter',
      value: { footer: home.footer, contact: home.contact },
      version: homeVersion,
    })
    // The fields alone, in their order, without the staff's "don't notify families" choice.
    expect(rows.fieldList?.value).toEqual([FIELDS.fields[0], fields.fields[1]])
    expect(rows.fieldList?.version).toBe(fieldsVersion)
    // The header's Register button: each program's registration alone.
    expect(rows.programRegistrations?.value).toEqual({
      'tee-ball': { registration: PROGRAMS['tee-ball'].registration },
      select: { registration: PROGRAMS.select.registration },
    })
    expect(rows.programRegistrations?.version).toBeLessThanOrEqual(programsVersion)
    for (const client of [h.anon, staff.client])
      for (const key of ['siteFooter', 'fieldList', 'programRegistrations']) {
        const { error } = await client
          .from('website_content')
          .upsert({ key, value: {}, base_version: rows[key]?.version ?? 0 }, { onConflict: 'key' })
        expect(error, key).not.toBeNull()
      }
    // A stored document without fields lists none: never the sample fields.
    await store('fieldsContent', { ...FIELDS, fields: [] })
    expect(byKey(await restRead('fieldList')).fieldList?.value).toEqual([])
    // A change of the home page's hero leaves the footer's row as it was.
    await store('content', { ...home, hero: { ...home.hero, title: 'New title' } })
    expect(byKey(await restRead('siteFooter')).siteFooter?.version).toBe(homeVersion)
    const { data } = await staff.client
      .from('content_revisions')
      .select('key')
      .in('key', ['siteFooter', 'fieldList', 'programRegistrations'])
    expect(data).toEqual([])
    // Gone with their documents.
    for (const key of ['content', 'fieldsContent']) {
      const { error } = await staff.client.from('website_content').delete().eq('key', key)
      expect(error).toBeNull()
    }
    expect(await restRead('fieldList,siteFooter')).toEqual([])
  })

  it("should give an event's page its event and the events' slugs, and the cards every event without its description", async () => {
    const event = (id: string, slug: string, title: string) => ({
      id,
      slug,
      title,
      kind: 'camp',
      summary: `${title} in short.`,
      description: [`All about ${title}.`, 'Bring water.'],
      ageRange: '8-12',
      startDate: '2027-07-01',
      endDate: '2027-07-03',
      times: '9-12',
      location: { name: 'North Park', address: '' },
      price: '$90',
      registrationLink: '',
      imageUrl: '',
      imageAlt: '',
      capacityNote: 'Twenty places',
    })
    const clinics = [event('e1', 'summer-camp', 'Summer Camp'), event('e2', 'fall-clinic', 'Fall')]
    const version = await store('clinics', clinics)
    const rows = byKey(await restRead('eventCards,eventSlugs,event/fall-clinic,event/summer-camp'))
    expect(rows['event/summer-camp']?.value).toEqual(clinics[0])
    expect(rows['event/fall-clinic']?.value).toEqual(clinics[1])
    expect(rows.eventCards?.value).toEqual(
      clinics.map(({ capacityNote: _note, ...card }) => ({ ...card, description: [] })),
    )
    expect(rows.eventCards?.version).toBe(version)
    // Which events there are, each once, in code-point order.
    expect(rows.eventSlugs?.value).toEqual(['fall-clinic', 'summer-camp'])
    expect(rows.eventSlugs?.version).toBe(version)
    for (const client of [h.anon, staff.client]) {
      const { error } = await client
        .from('website_content')
        .upsert({ key: 'event/new', value: {}, base_version: 0 }, { onConflict: 'key' })
      expect(error).not.toBeNull()
    }
    // One event gone: its page's row goes with it, and its slug from the events there are.
    await store('clinics', [clinics[0]])
    expect(Object.keys(byKey(await restRead('event/fall-clinic,event/summer-camp')))).toEqual([
      'event/summer-camp',
    ])
    expect(byKey(await restRead('eventSlugs')).eventSlugs?.value).toEqual(['summer-camp'])
  })
})
