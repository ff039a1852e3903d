// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { Sponsor } from '../../entities/home-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { SPONSORS_PAGE_TEXT, SponsorsPage, sponsorsMeta } from './sponsors-page.tsx'

describe('SponsorsPage', () => {
  it('should explain why to sponsor: community, fields and scholarships', () => {
    renderPage(<SponsorsPage />)
    const why = screen.getByRole('region', { name: 'Why sponsor the league' })
    const reasons = within(why)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(reasons).toEqual([
      'Invest in your community',
      'Keep our fields in play',
      'Fund scholarships',
    ])
  })

  it('should list the sponsorship levels with amounts and benefits', () => {
    renderPage(<SponsorsPage />)
    const levels = screen.getByRole('region', { name: 'Sponsorship levels' })
    const names = within(levels)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(names).toEqual(['Grand Slam', 'Home Run', 'Triple', 'Double', 'Single'])
    const grandSlam = within(levels).getByText('Grand Slam').closest('li') as HTMLElement
    expect(grandSlam.textContent).toContain('$5,000 a year')
    expect(within(grandSlam).getAllByRole('listitem')).toHaveLength(4)
  })

  it('should offer the contact page to become a sponsor, and no sample email', () => {
    const { container } = renderPage(<SponsorsPage />)
    expect(container.querySelector('a[href="mailto:sponsors@example.org"]')).toBeNull()
    expect(screen.getByRole('link', { name: 'Contact the club' }).getAttribute('href')).toBe(
      '/contact',
    )
    expect(screen.getByRole('link', { name: 'Make a donation' }).getAttribute('href')).toBe(
      '/donate',
    )
  })

  it('should show the sample sponsors’ placeholder sites as names, never as links', () => {
    const sponsors = DEFAULT_CONTENT.content.support.sponsors ?? []
    expect(sponsors.every((sponsor) => /^https:\/\/example\.org\//.test(sponsor.link))).toBe(true)
    const { container } = renderPage(<SponsorsPage sponsors={sponsors} />)
    const current = screen.getByRole('region', { name: 'Our sponsors' })
    expect(within(current).queryAllByRole('link')).toHaveLength(0)
    expect(container.querySelector('a[href*="example.org"]')).toBeNull()
    for (const sponsor of sponsors) expect(within(current).getByText(sponsor.name)).toBeTruthy()
  })

  it('should show the current sponsors, highest tier first, each with its tier, before the levels', () => {
    // Sites as a club would store them (not on a domain reserved for examples).
    const sponsors = (DEFAULT_CONTENT.content.support.sponsors ?? []).map((sponsor) => ({
      ...sponsor,
      link: `https://${sponsor.id}.club-sponsor.test/`,
    }))
    expect(sponsors.length).toBeGreaterThan(3)
    // Stored lowest tier first: the page still puts the highest first.
    renderPage(<SponsorsPage sponsors={[...sponsors].reverse()} />)
    const current = screen.getByRole('region', { name: 'Our sponsors' })
    const cards = within(current).getAllByRole('listitem')
    expect(cards.map((card) => card.querySelector('.sponsor-card__tier')?.textContent)).toEqual([
      'Grand Slam',
      'Home Run',
      'Triple',
      'Triple',
      'Double',
      'Single',
    ])
    for (const sponsor of sponsors) {
      const link = within(current).getByRole('link', {
        name: `${sponsor.name} (opens another site)`,
      })
      expect(link.getAttribute('href')).toBe(sponsor.link)
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    }
    const logos = current.querySelectorAll('img')
    expect(logos.length).toBe(sponsors.filter((sponsor) => sponsor.logoUrl).length)
    // The first card's logo is the likely largest paint on a phone: loaded at once; the rest lazily.
    const [firstLogo, ...otherLogos] = [...logos]
    const firstCard = current.querySelector('.sponsor-card')
    expect(firstLogo && firstCard?.contains(firstLogo)).toBe(true)
    expect([firstLogo?.getAttribute('loading'), firstLogo?.getAttribute('fetchpriority')]).toEqual([
      'eager',
      'high',
    ])
    for (const logo of otherLogos) expect(logo.getAttribute('loading')).toBe('lazy')
    const order = [...document.querySelectorAll('h2')].map((h) => h.textContent)
    expect(order.indexOf('Our sponsors')).toBeLessThan(order.indexOf('Sponsorship levels'))
  })

  it('should show a sponsor without a link or logo as its name and initials', () => {
    const plain: Sponsor = { id: 'p', name: 'Plain Bakery', logoUrl: '', link: '', tier: 'single' }
    const { container } = renderPage(<SponsorsPage sponsors={[plain]} />)
    expect(screen.getByText('Plain Bakery').closest('a')).toBeNull()
    expect(container.querySelector('.sponsor-card__initials')?.textContent).toBe('PB')
  })

  it('should invite the first sponsor when there are none', () => {
    const { container } = renderPage(<SponsorsPage />)
    expect(screen.getByText(/Be the first sponsor of the season/)).toBeTruthy()
    expect(container.querySelector('img')).toBeNull()
  })

  it('should take its words from props', () => {
    renderPage(
      <SponsorsPage
        text={{ ...SPONSORS_PAGE_TEXT, intro: 'Custom intro', levels: [], reasons: [] }}
      />,
    )
    expect(screen.getByText('Custom intro')).toBeTruthy()
    expect(screen.queryByText('Grand Slam')).toBeNull()
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(
      <SponsorsPage sponsors={DEFAULT_CONTENT.content.support.sponsors} />,
    )
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const hostile: Sponsor = {
      id: 'h',
      name: HOSTILE_HTML,
      logoUrl: '',
      link: 'javascript:alert(1)',
      tier: 'single',
    }
    const { container } = renderPage(
      <SponsorsPage sponsors={[hostile]} text={{ ...SPONSORS_PAGE_TEXT, intro: HOSTILE_HTML }} />,
    )
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML)).toHaveLength(2)
    expect(container.querySelector('a[href^="javascript"]')).toBeNull()
  })
})

describe('sponsorsMeta', () => {
  it('should give a description of 120 to 160 characters', () => {
    const meta = sponsorsMeta()
    expect(meta.title).toBe(`Sponsors | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
