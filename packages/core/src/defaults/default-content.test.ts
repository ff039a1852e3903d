import { describe, expect, it } from 'vitest'
import { visibleAlerts } from '../alerts/alert-visibility.ts'
import { CONTENT_KEYS, CONTENT_SCHEMAS } from '../entities/content-keys.ts'
import { NEWS_BLOCK_TYPES } from '../entities/news-post.ts'
import { parseDocument, type ContentIssue } from '../entities/parse-document.ts'
import { PLAYER_POSITIONS } from '../entities/player.ts'
import { DEFAULT_TEAM_IDS } from '../entities/team.ts'
import {
  CAMP_PRICES,
  LEGACY_FACTS,
  RULES_COMMITTEE_SIZE,
  TRYOUT_FEE,
  WEATHER_POLICY,
} from '../club/club-facts.ts'
import { DEFAULT_CONTENT, defaultFor } from './default-content.ts'
import { placeholderRoster } from './roster.ts'

describe('DEFAULT_CONTENT', () => {
  it.each(CONTENT_KEYS)('should hold a %s document that validates strictly', (key) => {
    const schema = CONTENT_SCHEMAS[key]
    const parsed = schema.safeParse(DEFAULT_CONTENT[key])
    expect(parsed.error?.issues ?? []).toEqual([])
    // Stripping must remove nothing: the defaults carry no field the schema does not know.
    expect(parsed.data).toEqual(DEFAULT_CONTENT[key])
    const issues: ContentIssue[] = []
    parseDocument(key, DEFAULT_CONTENT[key], DEFAULT_CONTENT[key], (issue) => issues.push(issue))
    expect(issues).toEqual([])
  })

  it('should be frozen, while defaultFor returns a changeable copy', () => {
    expect(Object.isFrozen(DEFAULT_CONTENT.newsPosts[0])).toBe(true)
    const copy = defaultFor('newsPosts')
    copy[0]!.title = 'Changed'
    expect(DEFAULT_CONTENT.newsPosts[0]!.title).not.toBe('Changed')
  })
})

describe('sample facts', () => {
  it('should have the default teams, each with 15 placeholder players (Tee Ball 10)', () => {
    const teams = DEFAULT_CONTENT.teams
    expect(Object.keys(teams).sort()).toEqual([...DEFAULT_TEAM_IDS].sort())
    for (const [id, team] of Object.entries(teams)) {
      const size = team.programSlug === 'tee-ball' ? 10 : 15
      expect(team.id).toBe(id)
      expect(team.roster).toHaveLength(size)
      const numbers = team.roster.map((player) => player.number)
      expect(new Set(numbers).size).toBe(size)
      for (const player of team.roster) {
        expect(player.number).toBeGreaterThanOrEqual(1)
        expect(player.number).toBeLessThanOrEqual(99)
        expect(PLAYER_POSITIONS).toContain(player.position)
      }
    }
  })

  it('should have teams for every program, within the ages each program advertises', () => {
    const teams = Object.values(DEFAULT_CONTENT.teams)
    for (const card of DEFAULT_CONTENT.programCards) {
      const slug = card.id as keyof typeof DEFAULT_CONTENT.programsContent
      const ofProgram = teams.filter((team) => team.programSlug === slug)
      expect(ofProgram.length, slug).toBeGreaterThan(0)
      const range = /^(\d+)U–(\d+)U$/.exec(card.ageRange)
      if (!range) continue
      const ages = ofProgram.map((team) => Number(/(\d+)U$/.exec(team.name)?.[1]))
      // The youngest and oldest advertised age groups have teams, and no team is outside them.
      expect([Math.min(...ages), Math.max(...ages)], slug).toEqual([
        Number(range[1]),
        Number(range[2]),
      ])
      const eligibility = DEFAULT_CONTENT.programsContent[slug].eligibility
      expect([eligibility?.minAge, eligibility?.maxAge], slug).toEqual([
        Number(range[1]),
        Number(range[2]),
      ])
    }
  })

  it('should make rosters deterministically', () => {
    expect(placeholderRoster('big-train-10u', 2034)).toEqual(
      placeholderRoster('big-train-10u', 2034),
    )
    expect(placeholderRoster('flash-12u', 2032)).not.toEqual(
      placeholderRoster('big-train-12u', 2032),
    )
  })

  it('should refer only to staff that exist', () => {
    const staffIds = new Set(DEFAULT_CONTENT.staff.map((member) => member.id))
    const referenced = [
      ...Object.values(DEFAULT_CONTENT.teams).flatMap((team) => team.coaches),
      ...Object.values(DEFAULT_CONTENT.programsContent).flatMap((page) => page.staff),
    ]
    expect(referenced.filter((id) => !staffIds.has(id))).toEqual([])
  })

  it('should list ten fields with addresses', () => {
    const { fields } = DEFAULT_CONTENT.fieldsContent
    expect(fields).toHaveLength(10)
    for (const field of fields) expect(field.address).toMatch(/, (MD|DC) \d{5}$/)
  })

  it('should state the $20 nonrefundable tryout fee for every competitive program', () => {
    for (const slug of TRYOUT_FEE.programs) {
      const note = DEFAULT_CONTENT.programsContent[slug].tryouts?.feeNote
      expect(note).toContain('$20')
      expect(note).toMatch(/nonrefundable/i)
    }
  })

  it('should name tryout teams that exist', () => {
    for (const page of Object.values(DEFAULT_CONTENT.programsContent)) {
      for (const team of page.tryouts?.teams ?? []) {
        expect(DEFAULT_CONTENT.teams[team.id]?.name).toBeTruthy()
      }
    }
  })

  it('should have a six-member rules committee', () => {
    expect(RULES_COMMITTEE_SIZE).toBe(6)
    expect(DEFAULT_CONTENT.rulesAndFaqContent.committee.members).toHaveLength(6)
  })

  it('should offer the sample camp prices $350, $200 and $150', () => {
    const prices = DEFAULT_CONTENT.clinics.map((clinic) => clinic.price)
    expect(CAMP_PRICES).toEqual(['$350', '$200', '$150'])
    for (const price of CAMP_PRICES) expect(prices).toContain(price)
    expect(new Set(DEFAULT_CONTENT.clinics.map((clinic) => clinic.kind))).toEqual(
      new Set(['camp', 'clinic', 'event']),
    )
  })

  it('should use every news block type and put at least three posts in the carousel', () => {
    const used = new Set(
      DEFAULT_CONTENT.newsPosts.flatMap((post) => post.content.map((b) => b.type)),
    )
    expect([...used].sort()).toEqual([...NEWS_BLOCK_TYPES].sort())
    expect(
      DEFAULT_CONTENT.newsPosts.filter((post) => post.showInCarousel).length,
    ).toBeGreaterThanOrEqual(3)
    const listItems = DEFAULT_CONTENT.newsPosts.flatMap((post) =>
      post.content.flatMap((block) => (block.type === 'list' ? block.items : [])),
    )
    expect(listItems.some((item) => /<[a-z]+[\s>]/.test(item))).toBe(true)
  })

  it('should have alerts of both categories, active from the day they were posted on', () => {
    const alerts = DEFAULT_CONTENT.alerts
    const status = alerts.filter((alert) => alert.alert_category === 'status')
    expect(status.length).toBeGreaterThan(0)
    for (const alert of status) expect(alert.status_type).toBeTruthy()
    const general = alerts.filter((alert) => alert.alert_category === 'general')
    expect(general.length).toBeGreaterThan(0)
    const moments = [Date.UTC(2026, 10, 21), Date.now(), Date.UTC(2099, 11, 31)]
    for (const alert of general) {
      expect(alert.isActive).toBe(true)
      for (const now of moments) {
        expect(Date.parse(alert.startDate)).toBeLessThanOrEqual(now)
        expect(Date.parse(alert.endDate)).toBeGreaterThanOrEqual(now)
      }
    }
  })

  it('should date the sample status to its day, never to the day it is read', () => {
    // A status is a decision for one day: the sample's is Friday, November 20, 2026's, so a
    // fresh install read on any other day says that no status is posted for today.
    const [status] = DEFAULT_CONTENT.alerts.filter((alert) => alert.alert_category === 'status')
    expect(status?.explicitEnd).toBeUndefined()
    expect(status?.startDate).toBe('2026-11-20T12:15:00.000Z')
    const day = (at: string) =>
      visibleAlerts(DEFAULT_CONTENT.alerts, {
        now: new Date(at),
        pathname: '/',
        dismissed: new Set(),
      })
    expect(day('2026-11-20T23:00:00Z').map((alert) => alert.id)).toContain(status?.id)
    // Midnight in New York is 05:00 UTC in November.
    expect(day('2026-11-21T05:00:00Z').map((alert) => alert.id)).not.toContain(status?.id)
    expect(day(new Date().toISOString()).map((alert) => alert.alert_category)).not.toContain(
      'status',
    )
  })

  it('should show the legacy statistics in both the home content and legacyStats', () => {
    // Years since the founding in 1952 (the spec's "30+" contradicted "Since 1952").
    const expected = ['70+', '$3M', '15+', '5', '150+', '3,000+']
    expect(LEGACY_FACTS.map((fact) => fact.value)).toEqual(expected)
    expect(DEFAULT_CONTENT.legacyStats.map((stat) => stat.value)).toEqual(expected)
    expect(DEFAULT_CONTENT.content.legacyImpact.stats.map((stat) => stat.number)).toEqual(expected)
    expect(DEFAULT_CONTENT.alumni.mlbDraftPicks).toHaveLength(5)
    const commitIds = new Set(DEFAULT_CONTENT.alumni.collegeCommits.map((commit) => commit.id))
    for (const pick of DEFAULT_CONTENT.alumni.mlbDraftPicks)
      expect(commitIds.has(pick.id)).toBe(true)
  })

  it('should write the weather policy constants into the policy sections and fields page', () => {
    expect(WEATHER_POLICY).toMatchObject({
      countyWeekdayDecision: '3:00 PM',
      countyWeekendDecision: '9:00 AM',
      leagueCancellationsBy: '8:00 AM',
      leagueCancellationsAreFinal: true,
      lightningWaitMinutes: 15,
      refundsForWeatherCancellations: false,
    })
    const html = DEFAULT_CONTENT.rulesAndFaqContent.weatherPolicy.sections
      .map((section) => section.content)
      .join('\n')
    for (const fact of ['3:00 PM', '9:00 AM', '8:00 AM', '15 minutes', 'final', 'no refunds']) {
      expect(html).toContain(fact)
    }
    expect(DEFAULT_CONTENT.fieldsContent.weatherPostingTimes).toEqual({
      countyWeekdayDecision: '3:00 PM',
      countyWeekendDecision: '9:00 AM',
      leagueCancellationsBy: '8:00 AM',
    })
  })

  it('should keep the spec facts on program fees and founding', () => {
    const pages = DEFAULT_CONTENT.programsContent
    expect(pages['tee-ball'].fees).toContain('$150')
    expect(pages.recreation.fees).toContain('$200–$300')
    expect(pages['recreation-softball'].fees).toContain('$175–$250')
    expect(pages['tee-ball'].philosophy).toBeTruthy()
    expect(pages.recreation.philosophy).toBeTruthy()
    for (const slug of TRYOUT_FEE.programs) expect(pages[slug].description).toBeTruthy()
    expect(JSON.stringify(DEFAULT_CONTENT.aboutContent)).toContain('1952')
    expect(DEFAULT_CONTENT.aboutContent.sections).toHaveLength(5)
  })

  it('should enable both admin e-mail notifications, sent right away to the profile address', () => {
    expect(DEFAULT_CONTENT.adminSettings.notifications).toEqual({
      emailOnNewRegistration: true,
      emailOnFormSubmission: true,
      delivery: 'immediate',
      digestHour: 7,
      email: '',
    })
  })
})
