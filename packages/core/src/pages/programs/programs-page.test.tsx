// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'
import { defaultProgramCards } from '../../defaults/program-cards.ts'
import type { ProgramCard } from '../../entities/program-card.ts'
import { ProgramsPage, programsMeta } from './programs-page.tsx'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

const base = defaultProgramCards[0] as ProgramCard

function renderPrograms(programCards: readonly ProgramCard[] = defaultProgramCards) {
  return render(
    <MemoryRouter>
      <ProgramsPage programCards={programCards} />
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
      .map((h) => h.textContent || h.querySelector('img')?.alt)
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

  it('should show the logo with the name as its alt text for logo cards', () => {
    const card: ProgramCard = { ...base, displayType: 'logo', logoUrl: '/images/logos/x.svg' }
    renderPrograms([card])
    const heading = screen.getByRole('heading', { level: 2, name: card.name })
    const logo = within(heading).getByRole('img')
    expect(logo.getAttribute('alt')).toBe(card.name)
    expect(logo.getAttribute('src')).toBe('/images/logos/x.svg')
    expect(heading.textContent).toBe('')
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
    renderPrograms([
      {
        ...base,
        regButtonColor: '#c8102e',
        viewPageButtonColor: '#ffffff',
        registrationLink: '/register',
      },
    ])
    const register = screen.getByRole('link', { name: `Register for ${base.name}` })
    expect(register.getAttribute('href')).toBe('/register')
    expect(register.style.backgroundColor).toBe('rgb(200, 16, 46)')
    expect(register.style.color).toBe('rgb(255, 255, 255)')
    const view = screen.getByRole('link', { name: `View program: ${base.name}` })
    expect(view.getAttribute('href')).toBe(base.link)
    expect(view.style.backgroundColor).toBe('rgb(255, 255, 255)')
    expect(view.style.color).toBe('rgb(0, 0, 0)')
  })

  it('should leave out the registration button when the card has no registration link', () => {
    renderPrograms([{ ...base, registrationLink: '' }])
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(screen.getByRole('link', { name: `View program: ${base.name}` })).toBeTruthy()
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
