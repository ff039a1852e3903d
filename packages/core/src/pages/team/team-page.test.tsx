// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import { defaultStaff } from '../../defaults/staff.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import type { Team, Teams } from '../../entities/team.ts'
import { TEAM_PAGE_UPCOMING, TeamPage, teamMeta } from './team-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
// The site's launch date: some of the sample fall games are over, the rest still to come.
const NOW = new Date('2026-11-23T15:00:00Z')

function renderTeam(teamKey: string, teams: Teams = defaultTeams, now = NOW) {
  return render(
    <MemoryRouter>
      <TeamPage
        teamKey={teamKey}
        teams={teams}
        staff={defaultStaff}
        fields={defaultFieldsContent.fields}
        now={now}
      />
    </MemoryRouter>,
  )
}

function scheduleSection(): HTMLElement {
  return screen
    .getByRole('heading', { level: 2, name: 'Upcoming Schedule' })
    .closest('section') as HTMLElement
}

function teamOf(key: string): Team {
  const team = defaultTeams[key]
  if (!team) throw new Error(`no default team ${key}`)
  return team
}

afterEach(cleanup)

describe('TeamPage', () => {
  it('should show a graduated class as a past team, with no schedule or tryouts', () => {
    const { container } = renderTeam('dmv-prospects-2026')
    expect(screen.getByText(/The Class of 2026 graduated in 2026\./)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'See our alumni' }).getAttribute('href')).toBe(
      '/alumni',
    )
    expect(screen.queryByRole('heading', { name: 'Upcoming Schedule' })).toBeNull()
    expect(container.textContent).not.toMatch(/practice|tryout/i)
    expect(screen.getAllByRole('link', { name: 'Alumni' })).toHaveLength(1)
    expect(teamMeta('dmv-prospects-2026', defaultTeams, NOW).description).toMatch(/a past team/)
  })

  it('should show the same class as current through July 31 of its year', () => {
    renderTeam('dmv-prospects-2026', defaultTeams, new Date('2026-08-01T03:59:00Z'))
    expect(screen.queryByText(/graduated/)).toBeNull()
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming Schedule' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Tryouts and registration' })).toBeTruthy()
  })

  it('should use the team hero content when it has one', () => {
    const team = teamOf('flash-18u')
    expect(team.heroContent).toBeDefined()
    const { container } = renderTeam('flash-18u')
    const h1s = screen.getAllByRole('heading', { level: 1 })
    expect(h1s.map((h) => h.textContent)).toEqual([team.heroContent?.title])
    expect(screen.getByText(team.heroContent?.subtitle ?? '')).toBeTruthy()
    const image = container.querySelector(`img[src="${team.heroContent?.imageUrl}"]`)
    expect(image?.getAttribute('loading')).toBe('eager')
  })

  it('should build a default hero from the team name when it has none', () => {
    const team = teamOf('big-train-10u')
    expect(team.heroContent).toBeUndefined()
    renderTeam('big-train-10u')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Big Train 10U')
    expect(screen.getByText(/Roster, coaches and team news for the Big Train 10U/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Big Train' }).getAttribute('href')).toBe(
      '/programs/big-train',
    )
  })

  it('should show the team page content', () => {
    const team = teamOf('select-13u')
    renderTeam('select-13u', {
      ...defaultTeams,
      'select-13u': {
        ...team,
        teamPageContent: { ...team.teamPageContent, details: ['Practices are on Tuesdays.'] },
      },
    })
    expect(screen.getByText(team.teamPageContent.intro)).toBeTruthy()
    for (const highlight of team.teamPageContent.highlights ?? []) {
      expect(screen.getByText(highlight)).toBeTruthy()
    }
    expect(screen.getByText('Practices are on Tuesdays.')).toBeTruthy()
  })

  it('should resolve coach ids against staff and skip unknown ones', () => {
    const team = teamOf('flash-12u')
    renderTeam('flash-12u', {
      ...defaultTeams,
      'flash-12u': { ...team, coaches: ['ghost-coach', ...team.coaches] },
    })
    const section = screen.getByRole('heading', { level: 2, name: 'Coaches' }).closest('section')
    const names = within(section as HTMLElement)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(names).toEqual(['Coach E. Halvorsen', 'M. Adeyemi'])
  })

  it('should show the roster with every player field', () => {
    const team = teamOf('dmv-prospects-2027')
    renderTeam('dmv-prospects-2027')
    const table = screen.getByRole('table', { name: 'DMV Prospects Class of 2027 roster' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers).toEqual([
      'Number',
      'Photo',
      'Player',
      'Position',
      'Bats/Throws',
      'Grad year',
      'High school',
      'Height',
      'Weight',
    ])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(team.roster.length)
    const player = team.roster[0]
    if (!player) throw new Error('empty sample roster')
    const cells = within(rows[0] as HTMLElement)
      .getAllByRole('cell')
      .map((td) => td.textContent)
    expect(cells).toEqual([
      String(player.number),
      '',
      player.position,
      player.batsThrows,
      String(player.gradYear),
      player.highSchool,
      player.height,
      `${player.weight} lb`,
    ])
    const name = within(rows[0] as HTMLElement).getByRole('rowheader')
    expect(name.textContent).toBe(player.name)
    const avatar = within(rows[0] as HTMLElement).getByRole('img')
    expect(avatar.getAttribute('alt')).toBe(player.name)
    expect(avatar.getAttribute('src')).toBe(player.imageUrl)
  })

  it('should hide heights and weights and shorten names on a 12U roster by default', () => {
    const team = teamOf('flash-12u')
    const first = team.roster[0]
    if (!first) throw new Error('empty sample roster')
    renderTeam('flash-12u')
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent)
    expect(headers).not.toContain('Height')
    expect(headers).not.toContain('Weight')
    const row = screen.getAllByRole('row')[1] as HTMLElement
    const [given, ...rest] = first.name.split(' ')
    expect(within(row).getByRole('rowheader').textContent).toBe(
      `${given} ${rest.at(-1)?.charAt(0)}.`,
    )
    expect(row.textContent).not.toContain(' lb')
  })

  it('should say a value is not listed when a player field is unknown', () => {
    const team = teamOf('big-train-12u')
    const first = team.roster[0]
    if (!first) throw new Error('empty sample roster')
    renderTeam('big-train-12u', {
      ...defaultTeams,
      'big-train-12u': {
        ...team,
        rosterPrivacy: { showHeightWeight: true },
        roster: [
          { ...first, gradYear: null, weight: null, highSchool: '', height: '', imageUrl: '' },
        ],
      },
    })
    const row = screen.getAllByRole('row')[1] as HTMLElement
    // Grad year, high school, height and weight (a 12U team shows no heights and weights by
    // default, so this team's setting turns them on).
    expect(within(row).getAllByText('Not listed')).toHaveLength(4)
    expect(within(row).queryByRole('img')).toBeNull()
  })

  it('should list the team’s next entries from the render date on, soonest first', () => {
    renderTeam('big-train-12u')
    const section = within(scheduleSection())
    const dates = section
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.querySelector('time')?.getAttribute('datetime'))
    const expected = (teamOf('big-train-12u').schedule ?? [])
      .map((entry) => entry.date)
      .filter((date) => date >= '2026-11-23')
      .sort()
      .slice(0, TEAM_PAGE_UPCOMING)
    expect(dates).toEqual([...new Set(expected)])
    expect(dates[0]).toBe('2026-11-28')
    expect(section.getByText('Thanksgiving Classic')).toBeTruthy()
  })

  it('should link each entry’s field to the Facilities page and its directions', () => {
    renderTeam('big-train-12u')
    const section = within(scheduleSection())
    expect(section.getByRole('link', { name: 'Seneca Ridge Park' }).getAttribute('href')).toBe(
      '/fields#field-seneca-ridge',
    )
    // A game shows its field's status only on the day it was set (field-status.test.ts): the
    // sample's statuses are not from these games' days.
    expect(section.queryAllByText(/^Field (open|closed|: check back)$/)).toHaveLength(0)
    const directions = section.getByRole('link', {
      name: 'Directions to Seneca Ridge Park (opens another site)',
    })
    expect(directions.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\//)
  })

  it('should link the full season schedule and offer a calendar file', () => {
    renderTeam('big-train-12u')
    const section = within(scheduleSection())
    expect(section.getByRole('link', { name: 'Full season schedule' }).getAttribute('href')).toBe(
      '/schedule?team=big-train-12u',
    )
    const calendar = section.getByRole('link', {
      name: 'Add to calendar: Big Train 12U schedule (.ics file)',
    })
    // Before the page's code runs, the link downloads the calendar the build published.
    expect(calendar.getAttribute('href')).toBe('/calendars/big-train-12u.ics')
    expect(calendar.getAttribute('download')).toBe('big-train-12u.ics')
  })

  it('should say so when nothing more is scheduled, and when no schedule is posted', () => {
    renderTeam('big-train-12u', defaultTeams, new Date('2027-12-01T12:00:00Z'))
    expect(within(scheduleSection()).getByText(/Nothing more is scheduled/)).toBeTruthy()
    cleanup()
    const { schedule: _none, ...older } = teamOf('select-13u')
    renderTeam('select-13u', { ...defaultTeams, 'select-13u': older })
    const section = within(scheduleSection())
    expect(section.getByText(/schedule will be posted here/)).toBeTruthy()
    expect(section.queryByRole('link', { name: /^Add to calendar/ })).toBeNull()
  })

  it('should render the not-found page for an unknown team key', () => {
    renderTeam('big-train-99u')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/out of the park/)
  })

  it('should not treat object built-ins as team keys', () => {
    renderTeam('constructor')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/out of the park/)
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const team = teamOf('flash-18u')
    const player = team.roster[0]
    if (!player) throw new Error('empty sample roster')
    const { container } = renderTeam('flash-18u', {
      'flash-18u': {
        ...team,
        name: HOSTILE,
        heroContent: { title: HOSTILE, subtitle: HOSTILE, imageUrl: '/images/x.svg' },
        teamPageContent: { intro: HOSTILE, highlights: [HOSTILE], details: [HOSTILE] },
        roster: [{ ...player, name: HOSTILE, highSchool: HOSTILE, height: HOSTILE }],
      },
    })
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HOSTILE)
  })
})

describe('teamMeta', () => {
  it('should give every default team a title and a 120–160 character description', () => {
    for (const key of Object.keys(defaultTeams)) {
      const meta = teamMeta(key, defaultTeams)
      expect(meta.title).toBe(`${teamOf(key).name} Roster | ${CLUB_SHORT_NAME}`)
      expect(meta.description.length).toBeGreaterThanOrEqual(120)
      expect(meta.description.length).toBeLessThanOrEqual(160)
    }
  })
})
