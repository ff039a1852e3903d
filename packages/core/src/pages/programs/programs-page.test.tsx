// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultProgramCards } from '../../defaults/program-cards.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import type { ProgramCard } from '../../entities/program-card.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/program-slug.ts'
import { ProgramsPage, programsMeta } from './programs-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

const base = defaultProgramCards[0] as ProgramCard

/**
 * The sample programs with every placeholder registration link replaced by one a club would
 * store (not on a domain reserved for examples).
 */
const withClubLinks: ProgramsContent = Object.fromEntries(
  Object.entries(defaultProgramsContent).map(([slug, page]) => [
    slug,
    page.registration?.link
      ? {
          ...page,
          registration: { ...page.registration, link: `https://signup.club.test/${slug}` },
        }
      : page,
  ]),
) as ProgramsContent

function renderPrograms(
  programCards: readonly ProgramCard[] = defaultProgramCards,
  programsContent = defaultProgramsContent,
) {
  return render(
    <MemoryRouter>
      <ProgramsPage programCards={programCards} programsContent={programsContent} />
    </MemoryRouter>,
  )
}

function cardOf(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name })
  return heading.closest('li') as HTMLElement
}

afterEach(cleanup)

describe('ProgramsPage', () => {
  it('should render one h1 and a card heading for every program', () => {
    renderPrograms()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const names = screen
      .getAllByRole('heading', { level: 2 })
      .filter((h) => h.closest('.program-card'))
      .map((h) => h.textContent)
    expect(names).toEqual(defaultProgramCards.map((card) => card.name))
  })

  it('should show the name and tagline as text in their colours for text cards', () => {
    const card: ProgramCard = {
      ...base,
      displayType: 'text',
      nameColor: '#ffeeaa',
      taglineColor: '#aabbcc',
    }
    renderPrograms([card])
    const heading = screen.getByRole('heading', { level: 2, name: card.name })
    expect(heading.querySelector('img')).toBeNull()
    expect((heading.firstElementChild as HTMLElement).style.color).toBe('rgb(255, 238, 170)')
    expect(screen.getByText(card.tagline).style.color).toBe('rgb(170, 187, 204)')
  })

  it('should show the logo and still the name as text for logo cards', () => {
    const card: ProgramCard = { ...base, displayType: 'logo', logoUrl: '/images/logos/x.svg' }
    const { container } = renderPrograms([card])
    const heading = screen.getByRole('heading', { level: 2, name: card.name })
    const logo = heading.querySelector('img')
    expect(logo?.getAttribute('src')).toBe('/images/logos/x.svg')
    // Decorative: the visible name right after it says the same.
    expect(logo?.getAttribute('alt')).toBe('')
    expect(heading.textContent).toBe(card.name)
    expect(container.querySelector('.program-card__logo-name')?.textContent).toBe(card.name)
  })

  it('should name every logo-only default card (Flash, Big Train, DMV) in text', () => {
    renderPrograms()
    const logoCards = defaultProgramCards.filter((card) => card.displayType === 'logo')
    expect(logoCards.map((card) => card.id)).toEqual([
      'flash-softball',
      'big-train',
      'dmv-prospects',
    ])
    for (const card of logoCards) {
      expect(screen.getByRole('heading', { level: 2, name: card.name }).textContent).toBe(card.name)
    }
  })

  it('should fall back to the name as text when a logo card has no logo', () => {
    renderPrograms([{ ...base, displayType: 'logo', logoUrl: '' }])
    const heading = screen.getByRole('heading', { level: 2, name: base.name })
    expect(heading.textContent).toBe(base.name)
  })

  it('should use the background as a sized, decorative image', () => {
    renderPrograms([base])
    const background = cardOf(base.name).querySelector('img.program-card__background')
    expect(background?.getAttribute('src')).toBe(base.backgroundUrl)
    expect(background?.getAttribute('alt')).toBe('')
    expect(background?.getAttribute('width')).toBe('1200')
    expect(background?.getAttribute('height')).toBe('675')
  })

  it('should draw the overlay in its colour and opacity, and none when it is off', () => {
    renderPrograms([
      {
        ...base,
        id: 'on',
        name: 'On',
        overlayEnabled: true,
        overlayColor: '#102030',
        overlayOpacity: 0.4,
      },
      { ...base, id: 'off', name: 'Off', overlayEnabled: false },
    ])
    const overlay = cardOf('On').querySelector<HTMLElement>('.program-card__overlay')
    expect(overlay?.style.backgroundColor).toBe('rgb(16, 32, 48)')
    expect(overlay?.style.opacity).toBe('0.4')
    expect(cardOf('Off').querySelector('.program-card__overlay')).toBeNull()
  })

  it('should colour the buttons from the card and keep their text readable', () => {
    renderPrograms(
      [
        {
          ...base,
          id: 'camp-card',
          link: '/camps-events',
          regButtonColor: '#c8102e',
          viewPageButtonColor: '#ffffff',
          registrationLink: '/register',
        },
      ],
      defaultProgramsContent,
    )
    const register = screen.getByRole('link', { name: `Register for ${base.name}` })
    expect(register.getAttribute('href')).toBe('/register')
    expect(register.style.backgroundColor).toBe('rgb(200, 16, 46)')
    expect(register.style.color).toBe('rgb(255, 255, 255)')
    const view = screen.getByRole('link', { name: `View program: ${base.name}` })
    expect(view.getAttribute('href')).toBe('/camps-events')
    expect(view.style.backgroundColor).toBe('rgb(255, 255, 255)')
    expect(view.style.color).toBe('rgb(0, 0, 0)')
  })

  it('should leave out the registration button when a card names no program and has no link', () => {
    const { container } = renderPrograms([
      { ...base, id: 'other', link: '/camps-events', registrationLink: '' },
    ])
    const cards = within(container.querySelector('.program-cards') as HTMLElement)
    expect(cards.queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(cards.queryByText(/Registration opens/)).toBeNull()
    expect(screen.getByRole('link', { name: `View program: ${base.name}` })).toBeTruthy()
  })

  it('should send each card’s Register button to its program’s registration link', () => {
    renderPrograms(defaultProgramCards, withClubLinks)
    const list = screen.getAllByRole('list')[0] as HTMLElement
    for (const card of defaultProgramCards) {
      const item = within(list)
        .getAllByRole('listitem')
        .find((li) => within(li).queryByRole('link', { name: `View program: ${card.name}` }))
      const registration = withClubLinks[card.id as (typeof PROGRAM_SLUGS)[number]].registration
      if (registration?.link) {
        const register = within(item as HTMLElement).getByRole('link', {
          name: `Register for ${card.name} (opens another site)`,
        })
        expect(register.getAttribute('href')).toBe(registration.link)
      } else {
        expect(item?.textContent).toContain(`Registration opens ${registration?.opensText}`)
        expect(
          within(item as HTMLElement)
            .getByRole('link', { name: /^Tell me when it opens/ })
            .getAttribute('href'),
        ).toBe(`/contact?program=${card.id}#registration-interest`)
      }
    }
  })

  it('should prefer the program’s link over a link stored on the card', () => {
    const { container } = renderPrograms([{ ...base, registrationLink: '/contact' }], withClubLinks)
    const cards = within(container.querySelector('.program-cards') as HTMLElement)
    expect(cards.getByRole('link', { name: /^Register for Tee Ball/ }).getAttribute('href')).toBe(
      withClubLinks['tee-ball'].registration?.link,
    )
  })

  it('should show the sample’s placeholder links as coming soon, never as a Register button', () => {
    const { container } = renderPrograms()
    expect(screen.queryByRole('link', { name: /^Register for/ })).toBeNull()
    expect(container.querySelector('a[href*="example.org"]')).toBeNull()
    const soon = PROGRAM_SLUGS.filter((slug) => defaultProgramsContent[slug].registration?.link)
    expect(soon.length).toBeGreaterThan(0)
    const section = within(container.querySelector('#registration') as HTMLElement)
    expect(section.getAllByText('Registration link coming soon')).toHaveLength(soon.length)
  })

  it('should list every program’s registration under #registration', () => {
    const { container } = renderPrograms(defaultProgramCards, withClubLinks)
    const section = container.querySelector('#registration') as HTMLElement
    expect(section).toBeTruthy()
    const names = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent)
    expect(names).toEqual(PROGRAM_SLUGS.map((slug) => defaultProgramsContent[slug].name))
    expect(within(section).getAllByRole('link', { name: /^Register for/ }).length).toBe(
      PROGRAM_SLUGS.filter((slug) => defaultProgramsContent[slug].registration?.link).length,
    )
  })

  it('should visibly emphasize emphasized cards with a Featured badge', () => {
    renderPrograms()
    for (const card of defaultProgramCards) {
      const item = screen
        .getAllByRole('listitem')
        .find((li) => within(li).queryByRole('link', { name: `View program: ${card.name}` }))
      expect(item).toBeTruthy()
      const isEmphasized = card.type === 'emphasized'
      expect(item?.classList.contains('program-card--emphasized')).toBe(isEmphasized)
      expect(Boolean(item && within(item).queryByText('Featured'))).toBe(isEmphasized)
    }
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const { container } = renderPrograms([
      { ...base, name: HOSTILE, tagline: HOSTILE, ageRange: HOSTILE, displayType: 'text' },
      { ...base, id: 'logo', name: HOSTILE, displayType: 'logo', logoUrl: '/images/x.svg' },
    ])
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getAllByRole('heading', { level: 2, name: HOSTILE })).toHaveLength(2)
  })
})

describe('programsMeta', () => {
  it('should give a title and a 120–160 character description', () => {
    const meta = programsMeta(defaultProgramCards)
    expect(meta.title).toBe(`Programs | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
