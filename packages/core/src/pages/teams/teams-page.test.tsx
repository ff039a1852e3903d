// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'
import { defaultStaff } from '../../defaults/staff.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import type { Teams } from '../../entities/team.ts'
import { TeamsPage, teamsMeta } from './teams-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderTeams(teams: Teams = defaultTeams) {
  return render(
    <MemoryRouter>
      <TeamsPage teams={teams} staff={defaultStaff} />
    </MemoryRouter>,
  )
}

afterEach(cleanup)

describe('TeamsPage', () => {
  it('should render one h1 and a heading and roster table for every team', () => {
    renderTeams()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const teams = Object.values(defaultTeams)
    expect(teams).toHaveLength(10)
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
    expect(programs).toEqual(['Select', 'Flash Fastpitch Softball', 'Big Train', 'DMV Prospects'])
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

describe('teamsMeta', () => {
  it('should give a title and a 120–160 character description', () => {
    const meta = teamsMeta()
    expect(meta.title).toBe(`Teams & Rosters | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
