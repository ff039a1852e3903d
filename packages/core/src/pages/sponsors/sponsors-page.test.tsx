// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../shared-b/page-test-utils.tsx'
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

  it('should offer a mailto link and the contact page to become a sponsor', () => {
    renderPage(<SponsorsPage />)
    expect(
      screen.getByRole('link', { name: 'Email sponsors@example.org' }).getAttribute('href'),
    ).toBe('mailto:sponsors@example.org')
    expect(screen.getByRole('link', { name: 'Contact the club' }).getAttribute('href')).toBe(
      '/contact',
    )
    expect(screen.getByRole('link', { name: 'Make a donation' }).getAttribute('href')).toBe(
      '/donate',
    )
  })

  it('should show no logos or images', () => {
    const { container } = renderPage(<SponsorsPage />)
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
    const { container } = renderPage(<SponsorsPage />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const { container } = renderPage(
      <SponsorsPage text={{ ...SPONSORS_PAGE_TEXT, intro: HOSTILE_HTML }} />,
    )
    expectInert(container)
    expect(screen.getByText(HOSTILE_HTML)).toBeTruthy()
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
