// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import { defaultStaff } from '../../defaults/staff.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import type { Teams } from '../../entities/team.ts'
import { PROGRAM_SLUGS } from '../../entities/program-slug.ts'
import { programMeta } from './program-meta.ts'
import { ProgramPage } from './program-page.tsx'

/** A registration link as a club would store it (not on a domain reserved for examples). */
const CLUB_LINK = 'https://signup.club-baseball.test/register'

/** The sample programs with `slug`'s registration at `link`. */
function withLink(slug: keyof ProgramsContent, link: string): ProgramsContent {
  const page = defaultProgramsContent[slug]
  return {
    ...defaultProgramsContent,
    [slug]: { ...page, registration: { link, opensText: '' } },
  }
}

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderProgram(
  slug: string,
  programsContent: ProgramsContent = defaultProgramsContent,
  teams: Teams = defaultTeams,
  now?: Date,
) {
  return render(
    <MemoryRouter>
      <ProgramPage
        slug={slug}
        programsContent={programsContent}
        staff={defaultStaff}
        teams={teams}
        now={now}
      />
    </MemoryRouter>,
  )
}

function sectionOf(name: string | RegExp): HTMLElement {
  return screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement
}

afterEach(cleanup)

describe('ProgramPage with a graduated class', () => {
  it('should neither list the class nor offer its tryouts once it has graduated', () => {
    renderProgram(
      'dmv-prospects',
      defaultProgramsContent,
      defaultTeams,
      new Date('2026-12-06T17:00:00Z'),
    )
    const teams = sectionOf('Teams and Rosters')
    expect(within(teams).queryByText('DMV Prospects Class of 2026')).toBeNull()
    expect(within(teams).getByText('DMV Prospects Class of 2027')).toBeTruthy()
    const tryouts = document.getElementById('tryouts') as HTMLElement
    expect(tryouts.textContent).not.toContain('Class of 2026')
    expect(tryouts.textContent).toContain('Class of 2027')
  })

  it('should keep both while the class is current', () => {
    renderProgram(
      'dmv-prospects',
      defaultProgramsContent,
      defaultTeams,
      new Date('2026-07-31T16:00:00Z'),
    )
    const tryouts = document.getElementById('tryouts') as HTMLElement
    expect(tryouts.textContent).toContain('Class of 2026')
    expect(
      within(sectionOf('Teams and Rosters')).getByText('DMV Prospects Class of 2026'),
    ).toBeTruthy()
  })
})

describe('ProgramPage', () => {
  it.each(PROGRAM_SLUGS)('should render every content field of %s', (slug) => {
    renderProgram(slug)
    const page = defaultProgramsContent[slug]
    const h1s = screen.getAllByRole('heading', { level: 1 })
    expect(h1s.map((h) => h.textContent)).toEqual([page.name])
    expect(screen.getByText(page.overview)).toBeTruthy()
    for (const text of [
      page.seasonFormat,
      page.teamFormation,
      page.equipment,
      page.fees,
      page.coaching,
    ]) {
      expect(screen.getAllByText(text).length).toBeGreaterThan(0)
    }
    const about = page.philosophy ?? page.description
    expect(about).toBeTruthy()
    expect(screen.getByText(about ?? '')).toBeTruthy()
    const hero = document.querySelector(`img[src="${page.heroImage}"]`)
    expect(hero?.getAttribute('loading')).toBe('eager')
  })

  it('should title the philosophy of recreational programs and the description of the others', () => {
    renderProgram('recreation')
    expect(screen.getByRole('heading', { level: 2, name: 'Our Philosophy' })).toBeTruthy()
    cleanup()
    renderProgram('big-train')
    expect(screen.getByRole('heading', { level: 2, name: 'About Big Train' })).toBeTruthy()
  })

  it('should show staff cards for known staff ids and skip unknown ones', () => {
    const content: ProgramsContent = {
      ...defaultProgramsContent,
      'big-train': {
        ...defaultProgramsContent['big-train'],
        staff: ['coach-doyle', 'nobody-by-this-id', 'program-director'],
      },
    }
    renderProgram('big-train', content)
    const staff = within(sectionOf('Program Staff'))
    const names = staff.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)
    expect(names).toEqual(['Coach C. Doyle', 'J. Whitfield'])
    expect(staff.getByText('Program Director')).toBeTruthy()
  })

  it('should show tryouts with their title, description, teams, dates, button and $20 fee note', () => {
    renderProgram('flash-softball')
    const tryouts = defaultProgramsContent['flash-softball'].tryouts
    expect(tryouts).toBeDefined()
    const section = within(sectionOf(tryouts?.title ?? ''))
    expect(section.getByText(tryouts?.description ?? '')).toBeTruthy()
    for (const team of tryouts?.teams ?? []) {
      expect(section.getByRole('heading', { level: 3, name: team.name })).toBeTruthy()
      for (const date of team.dates) expect(section.getByText(date)).toBeTruthy()
    }
    const fee = section.getByText(/\$20 nonrefundable/)
    expect(fee.textContent).toBe(tryouts?.feeNote)
    // Flash's registration is not open yet: the panel says when, and offers to tell families.
    expect(section.getByText('Registration opens May 3, 2027')).toBeTruthy()
    expect(section.getByRole('link', { name: /^Tell me when it opens/ }).getAttribute('href')).toBe(
      '/contact?program=flash-softball#registration-interest',
    )
  })

  it('should offer the tryouts panel’s own extra button when content sets one', () => {
    const page = defaultProgramsContent['flash-softball']
    const content: ProgramsContent = {
      ...defaultProgramsContent,
      'flash-softball': {
        ...page,
        tryouts: page.tryouts && {
          ...page.tryouts,
          buttonText: 'Tryout checklist',
          buttonLink: '/news-and-updates',
        },
      },
    }
    renderProgram('flash-softball', content)
    const section = within(sectionOf(page.tryouts?.title ?? ''))
    expect(section.getByRole('link', { name: 'Tryout checklist' }).getAttribute('href')).toBe(
      '/news-and-updates',
    )
  })

  it('should put a Register button to the program’s registration link at the top', () => {
    renderProgram('tee-ball', withLink('tee-ball', CLUB_LINK))
    const hero = within(screen.getByRole('heading', { level: 1 }).closest('section') as HTMLElement)
    const register = hero.getByRole('link', {
      name: 'Register for Tee Ball (opens another site)',
    })
    expect(register.getAttribute('href')).toBe(CLUB_LINK)
    expect(register.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should send every Register action of a program with tryouts to its registration link', () => {
    renderProgram('big-train', withLink('big-train', CLUB_LINK))
    const registers = screen.getAllByRole('link', { name: /^Register for tryouts/ })
    expect(registers).toHaveLength(2)
    for (const register of registers) expect(register.getAttribute('href')).toBe(CLUB_LINK)
    expect(screen.queryByRole('link', { name: /Tell me when/ })).toBeNull()
  })

  it('should show no working button for the sample’s placeholder link, but how to ask', () => {
    const link = defaultProgramsContent['big-train'].registration?.link ?? ''
    expect(link).toMatch(/^https:\/\/example\.org\//)
    renderProgram('big-train')
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(document.querySelector(`a[href="${link}"]`)).toBeNull()
    expect(screen.getAllByText('Registration link coming soon')).toHaveLength(2)
    for (const ask of screen.getAllByRole('link', { name: /^Contact the club/ }))
      expect(ask.getAttribute('href')).toBe('/contact?program=big-train#registration-interest')
  })

  it('should state the ages and the registration deadline as stored', () => {
    const content = withLink('select', CLUB_LINK)
    content.select = {
      ...content.select,
      registration: { link: CLUB_LINK, opensText: '', deadline: '2027-03-01' },
      eligibility: { minAge: 9, maxAge: 14, ageCutoff: '2027-04-30' },
    }
    renderProgram('select', content)
    expect(screen.getByText('Ages 9–14 on April 30, 2027')).toBeTruthy()
    expect(screen.getByText('Registration deadline: March 1, 2027')).toBeTruthy()
    const { eligibility: _none, ...page } = content.select
    cleanup()
    renderProgram('select', {
      ...content,
      select: { ...page, registration: { link: CLUB_LINK, opensText: '' } },
    })
    expect(screen.queryByText(/^Ages \d/)).toBeNull()
    expect(screen.queryByText(/Registration deadline/)).toBeNull()
  })

  it('should say when registration opens, with the interest form, while there is no link', () => {
    const content: ProgramsContent = {
      ...defaultProgramsContent,
      recreation: {
        ...defaultProgramsContent.recreation,
        registration: { link: '', opensText: 'January 4, 2027' },
      },
    }
    renderProgram('recreation', content)
    expect(screen.getByText('Registration opens January 4, 2027')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(screen.getByRole('link', { name: /^Tell me when it opens/ }).getAttribute('href')).toBe(
      '/contact?program=recreation#registration-interest',
    )
  })

  it('should treat a program stored without registration as not open yet', () => {
    const { registration: _none, ...older } = defaultProgramsContent.recreation
    renderProgram('recreation', { ...defaultProgramsContent, recreation: older })
    expect(screen.getByText('Registration dates will be announced')).toBeTruthy()
  })

  it('should show no tryouts for recreational programs', () => {
    renderProgram('tee-ball')
    expect(screen.queryByText(/tryout fee/)).toBeNull()
    expect(document.getElementById('tryouts')).toBeNull()
  })

  it.each([
    [
      'flash-softball',
      { 'Flash 12U': '/programs/flash-softball/12u', 'Flash 18U': '/programs/flash-softball/18u' },
    ],
    [
      'big-train',
      {
        'Big Train 10U': '/programs/big-train/10u',
        'Big Train 12U': '/programs/big-train/12u',
        'Big Train 14U': '/programs/big-train/14u',
      },
    ],
    [
      'dmv-prospects',
      {
        'DMV Prospects Class of 2026': '/dmv/2026',
        'DMV Prospects Class of 2027': '/dmv/2027',
        'DMV Prospects Class of 2028': '/dmv/2028',
      },
    ],
    ['select', { 'Select 13U': '/team/select-13u', 'Select 14U': '/team/select-14u' }],
  ])('should link the %s team pages', (slug, expected) => {
    renderProgram(slug)
    const teams = within(sectionOf('Teams and Rosters'))
    const links = Object.fromEntries(
      teams.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    )
    expect(links).toEqual(expected)
  })

  it('should show no team list for programs without teams', () => {
    const withoutRecreation = Object.fromEntries(
      Object.entries(defaultTeams).filter(([, team]) => team.programSlug !== 'recreation'),
    )
    renderProgram('recreation', defaultProgramsContent, withoutRecreation)
    expect(screen.queryByRole('heading', { name: 'Teams and Rosters' })).toBeNull()
  })

  it('should list the recreation teams on the recreation page', () => {
    renderProgram('recreation')
    const heading = screen.getByRole('heading', { name: 'Teams and Rosters' })
    const section = heading.closest('section') as HTMLElement
    expect(
      within(section)
        .getByRole('link', { name: /Recreation Baseball 10U/ })
        .getAttribute('href'),
    ).toBe('/team/recreation-10u')
  })

  it('should link tryout teams to their team pages', () => {
    renderProgram('dmv-prospects')
    const link = screen.getByRole('link', { name: 'Class of 2027' })
    expect(link.getAttribute('href')).toBe('/dmv/2027')
  })

  it('should render the not-found page for an unknown slug', () => {
    renderProgram('water-polo')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/out of the park/)
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const page = defaultProgramsContent.select
    const content: ProgramsContent = {
      ...defaultProgramsContent,
      select: {
        ...page,
        name: HOSTILE,
        overview: HOSTILE,
        description: HOSTILE,
        fees: HOSTILE,
        tryouts: page.tryouts && {
          ...page.tryouts,
          description: HOSTILE,
          feeNote: HOSTILE,
          teams: [{ id: 'select-13u', name: HOSTILE, dates: [HOSTILE] }],
        },
      },
    }
    const { container } = renderProgram('select', content)
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(HOSTILE)
  })
})

describe('programMeta', () => {
  it.each(PROGRAM_SLUGS)('should give %s a title and a 120–160 character description', (slug) => {
    const meta = programMeta(slug, defaultProgramsContent)
    expect(meta.title.endsWith(` | ${CLUB_SHORT_NAME}`)).toBe(true)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
    expect(meta.image).toBe(defaultProgramsContent[slug].heroImage)
  })

  it('should title Big Train as travel baseball', () => {
    expect(programMeta('big-train', defaultProgramsContent).title).toBe(
      `Big Train Travel Baseball | ${CLUB_SHORT_NAME}`,
    )
  })
})
