// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/program-slug.ts'
import { SchedulePage, scheduleMeta } from './schedule-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderSchedule(programsContent: ProgramsContent = defaultProgramsContent) {
  return render(
    <MemoryRouter>
      <SchedulePage programsContent={programsContent} teams={defaultTeams} />
    </MemoryRouter>,
  )
}

function programCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement
}

afterEach(cleanup)

describe('SchedulePage', () => {
  it('should say where game schedules are published, with links', () => {
    renderSchedule()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByText(/Game schedules are posted on each team page and in/)).toBeTruthy()
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).toContain('/live-updates')
    expect(hrefs).toContain('/fields#field-status')
    expect(hrefs).toContain('/weather-policy')
  })

  it('should show every program’s season from its season format', () => {
    renderSchedule()
    for (const slug of PROGRAM_SLUGS) {
      const page = defaultProgramsContent[slug]
      expect(within(programCard(page.name)).getByText(page.seasonFormat)).toBeTruthy()
    }
  })

  it('should list tryout dates for programs with tryouts and link to the tryout details', () => {
    renderSchedule()
    const page = defaultProgramsContent['big-train']
    const card = within(programCard(page.name))
    for (const team of page.tryouts?.teams ?? []) {
      for (const date of team.dates) expect(card.getByText(date)).toBeTruthy()
    }
    expect(
      card.getByRole('link', { name: 'Big Train tryout details and fee' }).getAttribute('href'),
    ).toBe('/programs/big-train#tryouts')
  })

  it('should say recreational programs hold no tryouts', () => {
    renderSchedule()
    expect(within(programCard('Tee Ball')).getByText('No tryouts for this program.')).toBeTruthy()
  })

  it('should link each program’s team pages', () => {
    renderSchedule()
    const flash = within(programCard('Flash Fastpitch Softball'))
    expect(flash.getByRole('link', { name: 'Flash 18U' }).getAttribute('href')).toBe(
      '/programs/flash-softball/18u',
    )
    const dmv = within(programCard('DMV Prospects'))
    expect(
      dmv.getByRole('link', { name: 'DMV Prospects Class of 2028' }).getAttribute('href'),
    ).toBe('/dmv/2028')
  })

  it('should not invent game times', () => {
    const { container } = renderSchedule()
    const times = container.textContent?.match(/\d{1,2}:\d{2}\s?(?:AM|PM)/g) ?? []
    const known = PROGRAM_SLUGS.flatMap((slug) =>
      (defaultProgramsContent[slug].tryouts?.teams ?? []).flatMap((team) => team.dates),
    ).join(' ')
    for (const time of times) expect(known).toContain(time)
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const page = defaultProgramsContent.select
    const { container } = renderSchedule({
      ...defaultProgramsContent,
      select: {
        ...page,
        name: HOSTILE,
        seasonFormat: HOSTILE,
        tryouts: page.tryouts && {
          ...page.tryouts,
          teams: [{ id: 'select-13u', name: HOSTILE, dates: [HOSTILE] }],
        },
      },
    })
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('heading', { level: 3, name: HOSTILE })).toBeTruthy()
  })
})

describe('scheduleMeta', () => {
  it('should give a title and a 120–160 character description', () => {
    const meta = scheduleMeta()
    expect(meta.title).toBe(`Schedules & Season Dates | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
