// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import type { Field } from '../../entities/fields-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/program-slug.ts'
import type { Teams } from '../../entities/team.ts'
import { SchedulePage, scheduleMeta, SCHEDULE_DATES_PAGE } from './schedule-page.tsx'
import { ALL_TEAMS, type ScheduleFilter } from './season-schedule.ts'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
const NOW = new Date('2026-11-23T15:00:00Z')

function renderSchedule({
  programsContent = defaultProgramsContent,
  teams = defaultTeams,
  filter = ALL_TEAMS,
  onFilterChange,
  siteUrl,
  fields = defaultFieldsContent.fields,
}: {
  fields?: Field[]
  siteUrl?: string
  programsContent?: ProgramsContent
  teams?: Teams
  filter?: ScheduleFilter
  onFilterChange?: (filter: ScheduleFilter) => void
} = {}) {
  return render(
    <MemoryRouter>
      <SchedulePage
        programsContent={programsContent}
        teams={teams}
        fields={fields}
        now={NOW}
        filter={filter}
        onFilterChange={onFilterChange}
        siteUrl={siteUrl}
      />
    </MemoryRouter>,
  )
}

function programCard(name: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement
}

function seasonSection(): HTMLElement {
  return screen
    .getByRole('heading', { level: 2, name: 'Season Schedule' })
    .closest('section') as HTMLElement
}

/** The upcoming list: the first list of days, outside the "Earlier this season" details. */
function upcomingList(): HTMLElement {
  return seasonSection().querySelector(':scope .container > .schedule-days') as HTMLElement
}

afterEach(cleanup)

describe('SchedulePage', () => {
  it('should show every team’s upcoming entries, soonest first, from the render date', () => {
    renderSchedule()
    const dates = [...upcomingList().querySelectorAll('h3 time')].map((time) =>
      time.getAttribute('datetime'),
    )
    expect(dates.length).toBeGreaterThan(3)
    expect(dates[0]).toBe('2026-11-28')
    expect([...dates].sort()).toEqual(dates)
    expect(dates.every((date) => (date ?? '') >= '2026-11-23')).toBe(true)
    const teamLinks = within(upcomingList())
      .getAllByRole('link', { name: /^Big Train 12U$/ })
      .map((link) => link.getAttribute('href'))
    expect(new Set(teamLinks)).toEqual(new Set(['/programs/big-train/12u']))
  })

  it('should show the first dates and reveal the rest with Show more', () => {
    renderSchedule()
    const days = () => upcomingList().querySelectorAll(':scope > li').length
    expect(days()).toBe(SCHEDULE_DATES_PAGE)
    const more = screen.getByRole('button', { name: /^Show \d+ more \(of \d+ dates\)$/ })
    fireEvent.click(more)
    expect(days()).toBeGreaterThan(SCHEDULE_DATES_PAGE)
  })

  it('should keep past entries, latest first, under Earlier this season', () => {
    const { container } = renderSchedule()
    const details = container.querySelector('details.schedule-past') as HTMLElement
    expect(details.querySelector('summary')?.textContent).toMatch(/^Earlier this season \(\d+/)
    const dates = [...details.querySelectorAll('h3 time')].map((t) => t.getAttribute('datetime'))
    expect(dates.every((date) => (date ?? '') < '2026-11-23')).toBe(true)
    expect([...dates].sort().reverse()).toEqual(dates)
  })

  it('should page a long past season too: the latest dates first, the rest on Show more', () => {
    // A team whose whole season is over: 30 past dates.
    const [id, team] = Object.entries(defaultTeams)[0] as [string, Teams[string]]
    const template = team.schedule?.[0] as NonNullable<Teams[string]['schedule']>[number]
    const schedule = Array.from({ length: 30 }, (_, index) => ({
      ...template,
      id: `past-${index}`,
      date: new Date(Date.UTC(2026, 3, 1) + index * 86_400_000).toISOString().slice(0, 10),
    }))
    const { container } = renderSchedule({ teams: { [id]: { ...team, schedule } } })
    const details = container.querySelector('details.schedule-past') as HTMLElement
    const days = () => details.querySelectorAll('.schedule-days > li').length
    expect(days()).toBe(SCHEDULE_DATES_PAGE)
    expect(details.querySelector('h3 time')?.getAttribute('datetime')).toBe('2026-04-30')
    fireEvent.click(
      within(details).getByRole('button', { name: /^Show \d+ more \(of 30 dates\)$/ }),
    )
    expect(days()).toBe(2 * SCHEDULE_DATES_PAGE)
  })

  it('should show time, opponent, home or away, status and notes of an entry', () => {
    renderSchedule({ filter: { program: 'flash-softball', team: 'flash-12u' } })
    const list = within(upcomingList())
    const postponed = list.getByText('Postponed').closest('li') as HTMLElement
    expect(postponed.textContent).toContain('11:00 AM')
    expect(postponed.textContent).toContain('Postponed at the opponent’s request')
    expect(list.getAllByText('Home').length).toBeGreaterThan(0)
    expect(list.getAllByText('Away').length).toBeGreaterThan(0)
    expect(list.getByText('Turkey Bowl Fastpitch')).toBeTruthy()
  })

  it('should filter by team, naming neither the team on each entry nor other teams', () => {
    renderSchedule({ filter: { program: 'big-train', team: 'big-train-12u' } })
    expect(within(upcomingList()).queryByRole('link', { name: /^Big Train 1[04]U$/ })).toBeNull()
    expect(document.querySelector('.schedule-count')?.textContent).toMatch(
      /upcoming entries for Big Train 12U\.$/,
    )
    expect(
      screen.getByRole('link', {
        name: 'Add Big Train 12U to your calendar: Big Train 12U schedule (.ics file)',
      }),
    ).toBeTruthy()
  })

  it('should filter by program', () => {
    renderSchedule({ filter: { program: 'flash-softball', team: '' } })
    const names = new Set(
      within(upcomingList())
        .getAllByRole('link', { name: /^(Flash|Big Train|Select|DMV)/ })
        .map((link) => link.textContent),
    )
    expect(names).toEqual(new Set(['Flash 12U', 'Flash 18U']))
  })

  it('should apply a choice of program or team only with Show schedule', () => {
    const onFilterChange = vi.fn()
    renderSchedule({ filter: { program: 'big-train', team: '' }, onFilterChange })
    const team = screen.getByLabelText('Team') as HTMLSelectElement
    const show = screen.getByRole('button', { name: 'Show schedule' })
    fireEvent.change(team, { target: { value: 'big-train-14u' } })
    expect(onFilterChange).not.toHaveBeenCalled()
    fireEvent.click(show)
    expect(onFilterChange).toHaveBeenLastCalledWith({ program: 'big-train', team: 'big-train-14u' })
    fireEvent.change(screen.getByLabelText('Program'), { target: { value: 'select' } })
    expect(team.value).toBe('')
    fireEvent.click(show)
    expect(onFilterChange).toHaveBeenLastCalledWith({ program: 'select', team: '' })
    fireEvent.change(screen.getByLabelText('Program'), { target: { value: 'curling' } })
    fireEvent.click(show)
    expect(onFilterChange).toHaveBeenLastCalledWith({ program: '', team: '' })
  })

  it('should offer every team, grouped by program, whichever program is chosen', () => {
    const onFilterChange = vi.fn()
    renderSchedule({ filter: { program: 'big-train', team: '' }, onFilterChange })
    const team = screen.getByLabelText('Team') as HTMLSelectElement
    const every = ['', ...Object.keys(defaultTeams)].sort()
    expect([...team.options].map((option) => option.value).sort()).toEqual(every)
    expect([...team.querySelectorAll('optgroup')].map((group) => group.label)).toContain(
      defaultProgramsContent['flash-softball'].name,
    )
    // A team of another program: the program follows it once applied, and no option went away.
    fireEvent.change(team, { target: { value: 'flash-12u' } })
    expect((screen.getByLabelText('Program') as HTMLSelectElement).value).toBe('big-train')
    expect(team.options).toHaveLength(every.length)
    fireEvent.click(screen.getByRole('button', { name: 'Show schedule' }))
    expect(onFilterChange).toHaveBeenLastCalledWith({
      program: 'flash-softball',
      team: 'flash-12u',
    })
  })

  it('should link each field to its own card, show that day’s status, and link directions', () => {
    // Seneca Ridge Park was checked on the morning of the Thanksgiving Classic (November 28).
    const fields = defaultFieldsContent.fields.map((f) =>
      f.id === 'seneca-ridge'
        ? { ...f, status: 'closed' as const, statusUpdatedAt: '2026-11-28T12:00:00.000Z' }
        : f,
    )
    renderSchedule({ filter: { program: 'big-train', team: 'big-train-10u' }, fields })
    const list = within(upcomingList())
    const seneca = list.getAllByRole('link', { name: 'Seneca Ridge Park' })[0]
    expect(seneca?.getAttribute('href')).toBe('/fields#field-seneca-ridge')
    const states = list.getAllByText(/^Field (open|closed|: check back)$/)
    // That day's entry alone carries a status: the other fields' statuses are of other days.
    expect(states.map((state) => state.textContent)).toEqual(['Field closed'])
    expect(seneca?.closest('.schedule-entry')?.contains(states[0] ?? null)).toBe(true)
    const directions = list.getAllByRole('link', {
      name: /^Directions to .* \(opens another site\)$/,
    })
    expect(directions.length).toBeGreaterThan(states.length)
  })

  it('should not stamp today’s field status on a game of another day', () => {
    // Every field checked and open today (November 23): none of the games ahead is tagged.
    const fields = defaultFieldsContent.fields.map((f) => ({
      ...f,
      status: 'open' as const,
      statusUpdatedAt: NOW.toISOString(),
    }))
    renderSchedule({ filter: { program: 'big-train', team: 'big-train-10u' }, fields })
    expect(within(upcomingList()).queryAllByText(/^Field (open|closed|: check back)$/)).toEqual([])
  })

  it('should show the place of an entry away from the club’s fields as text', () => {
    renderSchedule({ filter: { program: 'big-train', team: 'big-train-10u' } })
    const indoor = within(upcomingList()).getByText(/Seneca Ridge Fieldhouse/)
    expect(indoor.closest('a')).toBeNull()
  })

  it('should offer a calendar file for every team with a schedule', () => {
    renderSchedule()
    const calendars = within(
      screen
        .getByRole('heading', { level: 2, name: 'Team Calendars' })
        .closest('section') as HTMLElement,
    )
    // A subscription (webcal://, or the feed's address without a site origin) and a download per team.
    const subscribe = calendars.getAllByRole('link', { name: /: subscribe to its calendar/ })
    expect(subscribe.map((link) => link.getAttribute('href'))).toEqual(
      Object.keys(defaultTeams).map((key) => `/calendars/${key}.ics`),
    )
    const download = calendars.getAllByRole('link', { name: /^Download: / })
    expect(download.map((link) => link.getAttribute('download'))).toEqual(
      Object.keys(defaultTeams).map((key) => `${key}.ics`),
    )
    // And one per program, every team of it in one calendar.
    const programs = calendars.getAllByRole('link', { name: /: subscribe to every team’s/ })
    expect(programs.map((link) => link.getAttribute('href'))).toEqual(
      PROGRAM_SLUGS.map((slug) => `/calendars/${slug}.ics`),
    )
  })

  it('should subscribe with webcal:// where the site’s origin is known', () => {
    renderSchedule({ siteUrl: 'https://club.example.org' })
    const link = screen.getAllByRole('link', { name: /^Select 13U: subscribe/ })[0]
    expect(link?.getAttribute('href')).toBe('webcal://club.example.org/calendars/select-13u.ics')
  })

  it('should say so when nothing more is scheduled', () => {
    const teams = Object.fromEntries(
      Object.entries(defaultTeams).map(([key, team]) => [
        key,
        { ...team, schedule: (team.schedule ?? []).filter((entry) => entry.date < '2026-11-01') },
      ]),
    )
    renderSchedule({ teams })
    expect(screen.getByText(/Nothing more is scheduled for all teams this season/)).toBeTruthy()
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

  it('should keep the game-day links', () => {
    renderSchedule()
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'))
    expect(hrefs).toContain('/live-updates')
    expect(hrefs).toContain('/fields#field-status')
    expect(hrefs).toContain('/weather-policy')
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const page = defaultProgramsContent.select
    const team = defaultTeams['select-13u']
    if (!team) throw new Error('no select-13u')
    const { container } = renderSchedule({
      programsContent: {
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
      },
      teams: {
        ...defaultTeams,
        'select-13u': {
          ...team,
          schedule: (team.schedule ?? []).map((entry) => ({
            ...entry,
            opponent: HOSTILE,
            note: HOSTILE,
            location: HOSTILE,
          })),
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

describe('SchedulePage and a graduated class', () => {
  it('should offer no tryouts or team page of a class past its graduation year', () => {
    // NOW is November 2026: the Class of 2026 graduated (club/graduation.ts).
    renderSchedule()
    const dmv = programCard('DMV Prospects')
    expect(dmv.textContent).not.toContain('Class of 2026')
    expect(within(dmv).getByText('Class of 2027:')).toBeTruthy()
  })
})
