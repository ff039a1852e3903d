// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultStaff } from '../../defaults/staff.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import type { Teams } from '../../entities/team.ts'
import { TEAMS_PAGE_SIZE, TeamsPage, teamsMeta } from './teams-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

// Before the Class of 2026 graduates (club time), so every sample team is current.
const SPRING_2026 = new Date('2026-05-01T16:00:00Z')

function renderTeams(teams: Teams = defaultTeams, now: Date = SPRING_2026) {
  return render(
    <MemoryRouter>
      <TeamsPage teams={teams} staff={defaultStaff} now={now} />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('TeamsPage', () => {
  it('should list a graduated class among the past teams only', () => {
    renderTeams(defaultTeams, new Date('2026-12-06T17:00:00Z'))
    const jump = screen.getByRole('navigation', { name: 'Jump to a Team' })
    expect(within(jump).queryByRole('link', { name: 'DMV Prospects Class of 2026' })).toBeNull()
    expect(within(jump).getByRole('link', { name: 'DMV Prospects Class of 2027' })).toBeTruthy()
    expect(
      screen.queryByRole('heading', { level: 3, name: 'DMV Prospects Class of 2026' }),
    ).toBeNull()
    const past = screen.getByRole('region', { name: 'Past Teams' })
    expect(within(past).getByRole('link', { name: 'DMV Prospects Class of 2026' })).toBeTruthy()
    expect(within(past).getByRole('link', { name: 'alumni' }).getAttribute('href')).toBe('/alumni')
  })

  it('should list no past teams while every class is current', () => {
    renderTeams()
    expect(screen.queryByRole('region', { name: 'Past Teams' })).toBeNull()
  })

  it('should render one h1 and a heading and roster table for every team', () => {
    renderTeams()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const teams = Object.values(defaultTeams)
    expect(teams).toHaveLength(17)
    for (const team of teams) {
      expect(screen.getByRole('heading', { level: 3, name: team.name })).toBeTruthy()
      const table = screen.getByRole('table', { name: `${team.name} roster` })
      expect(within(table).getAllByRole('row')).toHaveLength(team.roster.length + 1)
    }
  })

  it('should group teams under their program headings', () => {
    renderTeams()
    const programs = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((text) => text !== 'Jump to a Team')
    expect(programs).toEqual([
      'Tee Ball',
      'Recreation Baseball',
      'Recreation Softball',
      'Select',
      'Flash Fastpitch Softball',
      'Big Train',
      'DMV Prospects',
    ])
  })

  it('should offer a jump list linking to each team on the page', () => {
    const { container } = renderTeams()
    const nav = screen.getByRole('navigation', { name: 'Jump to a Team' })
    const links = within(nav).getAllByRole('link')
    expect(links).toHaveLength(Object.keys(defaultTeams).length)
    for (const link of links) {
      const id = link.getAttribute('href')?.slice(1) ?? ''
      const target = container.querySelector(`[id="${id}"]`)
      expect(target?.querySelector('h3')?.textContent).toBe(link.textContent)
    }
  })

  it('should name each team’s coaches from the staff document', () => {
    renderTeams()
    const heading = screen.getByRole('heading', { level: 3, name: 'Flash 18U' })
    const section = heading.closest('section') as HTMLElement
    expect(
      within(section).getByText(/Coach D\. Mensah \(Head Coach, Flash 18U\); M\. Adeyemi/),
    ).toBeTruthy()
  })

  it('should link each team to its team page', () => {
    renderTeams()
    expect(screen.getByRole('link', { name: 'Big Train 14U team page' }).getAttribute('href')).toBe(
      '/programs/big-train/14u',
    )
    expect(screen.getByRole('link', { name: 'Select 13U team page' }).getAttribute('href')).toBe(
      '/team/select-13u',
    )
  })

  it('should say rosters are coming when there are no teams', () => {
    renderTeams({})
    expect(screen.getByText(/will be posted after tryouts/)).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const team = defaultTeams['big-train-10u']
    if (!team) throw new Error('missing sample team')
    const player = team.roster[0]
    if (!player) throw new Error('empty sample roster')
    const { container } = renderTeams({
      'big-train-10u': { ...team, name: HOSTILE, roster: [{ ...player, name: HOSTILE }] },
    })
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(HOSTILE)
  })
})

/** `count` teams of one program, each with the sample roster of a real team. */
function manyTeams(count: number): Teams {
  const sample = defaultTeams['select-13u']
  if (!sample) throw new Error('missing sample team')
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      const id = `select-team-${i}`
      return [id, { ...sample, id, name: `Select Team ${i}` }]
    }),
  )
}

describe('TeamsPage with many teams', () => {
  it('should render only the first page of 10,000 teams, in a few thousand DOM nodes', () => {
    const { container } = renderTeams(manyTeams(10_000))
    expect(container.querySelectorAll('.teams-team')).toHaveLength(TEAMS_PAGE_SIZE)
    expect(screen.getAllByRole('table')).toHaveLength(TEAMS_PAGE_SIZE)
    // About 230 nodes a team with its 15-player roster; all 10,000 would be 2.4 million.
    expect(container.querySelectorAll('*').length).toBeLessThan(4_000)
    const nav = screen.getByRole('navigation', { name: 'Jump to a Team' })
    expect(within(nav).getAllByRole('link')).toHaveLength(TEAMS_PAGE_SIZE + 1)
    expect(within(nav).getByRole('link', { name: '9,990 more Select teams' })).toBeTruthy()
    expect(
      screen.getByRole('button', { name: 'Show 10 more (of 10,000 Select teams)' }),
    ).toBeTruthy()
  })

  it('should show the next page of teams and of the jump list together, focusing the first new team', () => {
    const { container } = renderTeams(manyTeams(25))
    fireEvent.click(screen.getByRole('button', { name: /^Show 10 more/ }))
    const sections = container.querySelectorAll<HTMLElement>('.teams-team')
    expect(sections).toHaveLength(20)
    expect(document.activeElement).toBe(sections[10])
    expect(sections[10]?.querySelector('h3')?.textContent).toBe('Select Team 10')
    const nav = screen.getByRole('navigation', { name: 'Jump to a Team' })
    expect(within(nav).getByRole('link', { name: 'Select Team 19' })).toBeTruthy()
    expect(within(nav).getByRole('link', { name: '5 more Select teams' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more (of 25 Select teams)' }))
    expect(container.querySelectorAll('.teams-team')).toHaveLength(25)
    expect(within(nav).queryByRole('link', { name: /more Select/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Show/ })).toBeNull()
  })
})

describe('teamsMeta', () => {
  it('should give a title and a 120–160 character description', () => {
    const meta = teamsMeta()
    expect(meta.title).toBe(`Teams & Rosters | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
