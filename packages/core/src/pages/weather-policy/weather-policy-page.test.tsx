// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { WEATHER_POLICY } from '../../club/club-facts.ts'
import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { WeatherPolicyPage, weatherPolicyMeta } from './weather-policy-page.tsx'

const content = DEFAULT_CONTENT.rulesAndFaqContent

describe('WeatherPolicyPage', () => {
  it('should show the intro and every section with its sanitized content', () => {
    renderPage(<WeatherPolicyPage content={content} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Weather Policy' })).toBeTruthy()
    expect(screen.getByText(content.weatherPolicy.intro)).toBeTruthy()
    for (const section of content.weatherPolicy.sections) {
      expect(screen.getByRole('heading', { level: 2, name: section.title })).toBeTruthy()
    }
    // Stored <strong> survives sanitizing.
    expect(screen.getByText('final').tagName).toBe('STRONG')
  })

  it('should show the fixed rules at a glance', () => {
    const { container } = renderPage(<WeatherPolicyPage content={content} />)
    const facts = [...container.querySelectorAll('.weather-policy__fact')].map((fact) => [
      fact.querySelector('dt')?.textContent,
      fact.querySelector('dd')?.textContent,
    ])
    expect(facts).toEqual([
      [
        'County field decisions',
        'Montgomery County decides by 3:00 PM on weekdays and by 9:00 AM on weekends.',
      ],
      ['League cancellations', 'Posted by 8:00 AM, and final once posted.'],
      ['Lightning and thunder', 'Play resumes 15 minutes after the last lightning or thunder.'],
      ['Refunds', 'No refunds for weather cancellations.'],
    ])
  })

  it('should take the fixed rules from props when given', () => {
    renderPage(
      <WeatherPolicyPage
        content={content}
        facts={{ ...WEATHER_POLICY, lightningWaitMinutes: 30, leagueCancellationsAreFinal: false }}
      />,
    )
    expect(
      screen.getByText('Play resumes 30 minutes after the last lightning or thunder.'),
    ).toBeTruthy()
    expect(screen.getByText('Posted by 8:00 AM.')).toBeTruthy()
  })

  it('should show a section link with its text, internal links through the router', () => {
    renderPage(<WeatherPolicyPage content={content} />)
    expect(screen.getByRole('link', { name: 'Check field status' }).getAttribute('href')).toBe(
      '/fields',
    )
  })

  it('should write a link text when a section has a link but no link text', () => {
    const changed = defaultFor('rulesAndFaqContent')
    const section = changed.weatherPolicy.sections[1]
    if (!section) throw new Error('sample content changed')
    section.link = 'https://weather.example.org/'
    renderPage(<WeatherPolicyPage content={changed} />)
    const link = screen.getByRole('link', { name: 'More about league cancellations' })
    expect(link.getAttribute('href')).toBe('https://weather.example.org/')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should point families to live updates and field status', () => {
    renderPage(<WeatherPolicyPage content={content} />)
    expect(
      screen.getByRole('link', { name: 'See live game-day updates' }).getAttribute('href'),
    ).toBe('/live-updates')
    expect(screen.getByRole('link', { name: 'Field status summary' }).getAttribute('href')).toBe(
      '/fields#field-status',
    )
    expect(screen.getByRole('link', { name: 'Read the rules and FAQ' }).getAttribute('href')).toBe(
      '/rules#faq',
    )
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<WeatherPolicyPage content={content} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile HTML in every section inert', () => {
    const hostile = defaultFor('rulesAndFaqContent')
    for (const section of hostile.weatherPolicy.sections) section.content = HOSTILE_HTML
    const { container } = renderPage(<WeatherPolicyPage content={hostile} />)
    expectInert(container)
    expect(container.querySelectorAll('.weather-policy__section img')).toHaveLength(0)
  })
})

describe('weatherPolicyMeta', () => {
  it('should name the key times in a description of 120 to 160 characters', () => {
    const meta = weatherPolicyMeta()
    expect(meta.title).toBe(`Weather Policy | ${CLUB_SHORT_NAME}`)
    expect(meta.description).toContain('3:00 PM')
    expect(meta.description).toContain('15-minute')
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
