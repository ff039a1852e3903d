// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import type { Alert } from '../../entities/alert.ts'
import { CLUB_SHORT_NAME } from '../../site/site-nav.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../shared-b/page-test-utils.tsx'
import {
  liveAlerts,
  LiveUpdatesPage,
  liveUpdatesMeta,
  statusLabel,
  windowText,
} from './live-updates-page.tsx'

const NOW = new Date('2026-11-07T14:00:00Z')

function alert(overrides: Partial<Alert>): Alert {
  return {
    id: 'a',
    alert_category: 'general',
    status_type: null,
    type: 'registration',
    title: 'Title',
    message: 'Message',
    startDate: '2026-11-07T12:00:00.000Z',
    endDate: '2026-11-07T22:00:00.000Z',
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

describe('LiveUpdatesPage', () => {
  it('should show game-day status first, with its badge in words', () => {
    renderPage(<LiveUpdatesPage alerts={DEFAULT_CONTENT.alerts} now={NOW} />)
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
    expect(regions.slice(0, 2)).toEqual(['live-status', 'live-general'])
    const status = screen.getByRole('region', { name: 'Game-day status' })
    expect(
      within(status).getByRole('heading', { level: 3, name: 'Games are on as scheduled' }),
    ).toBeTruthy()
    expect(within(status).getByText('GAME ON')).toBeTruthy()
    expect(within(status).getByText('Pinned')).toBeTruthy()
    expect(
      within(status).getByRole('link', { name: 'View the schedule' }).getAttribute('href'),
    ).toBe('/schedule')
  })

  it('should list general alerts, including ones targeted at another page', () => {
    renderPage(<LiveUpdatesPage alerts={DEFAULT_CONTENT.alerts} now={NOW} />)
    const general = screen.getByRole('region', { name: 'Announcements' })
    expect(
      within(general)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Registration is open', 'Check field status before you leave'])
    expect(
      within(general).getByRole('link', { name: 'Read the weather policy' }).getAttribute('href'),
    ).toBe('/rules-faq#weather-policy')
  })

  it('should say "until further notice" for the sample alerts’ open-ended window', () => {
    renderPage(<LiveUpdatesPage alerts={DEFAULT_CONTENT.alerts} now={NOW} />)
    expect(screen.getAllByText('Until further notice')).toHaveLength(3)
  })

  it('should show the date window, message and link of a dated alert', () => {
    const alerts = [
      alert({
        id: 'd',
        alert_category: 'status',
        status_type: 'delayed',
        title: 'Start delayed',
        message: 'First pitch moves to 11:00.',
        link: 'https://weather.example.org',
        linkText: '',
      }),
    ]
    renderPage(<LiveUpdatesPage alerts={alerts} now={NOW} />)
    expect(screen.getByText('DELAYED')).toBeTruthy()
    expect(screen.getByText('First pitch moves to 11:00.')).toBeTruthy()
    expect(
      screen.getByText(/November 7, 2026, 7:00 AM until November 7, 2026, 5:00 PM/),
    ).toBeTruthy()
    const link = screen.getByRole('link', { name: 'More about: Start delayed' })
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should leave out inactive alerts and alerts outside their window', () => {
    const alerts = [
      alert({ id: 'off', title: 'Switched off', isActive: false }),
      alert({ id: 'old', title: 'Over', endDate: '2026-11-07T13:00:00.000Z' }),
      alert({ id: 'later', title: 'Not yet', startDate: '2026-11-07T15:00:00.000Z' }),
      alert({ id: 'live', title: 'Live now' }),
    ]
    renderPage(<LiveUpdatesPage alerts={alerts} now={NOW} />)
    expect(screen.getByText('Live now')).toBeTruthy()
    for (const title of ['Switched off', 'Over', 'Not yet'])
      expect(screen.queryByText(title)).toBeNull()
    expect(screen.queryByRole('region', { name: 'Game-day status' })).toBeNull()
  })

  it('should show an empty state when nothing is live, with field status and weather links', () => {
    const alerts = defaultFor('alerts').map((entry) => ({ ...entry, isActive: false }))
    renderPage(<LiveUpdatesPage alerts={alerts} now={NOW} />)
    expect(screen.getByText(/No game-day updates right now/).textContent).toContain('8:00 AM')
    expect(screen.getByRole('link', { name: 'Field status summary' }).getAttribute('href')).toBe(
      '/fields#field-status',
    )
    expect(screen.getByRole('link', { name: 'Weather policy' }).getAttribute('href')).toBe(
      '/weather-policy',
    )
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<LiveUpdatesPage alerts={DEFAULT_CONTENT.alerts} now={NOW} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const alerts = [
      alert({ title: HOSTILE_HTML, message: HOSTILE_HTML, link: '/x', linkText: HOSTILE_HTML }),
    ]
    const { container } = renderPage(<LiveUpdatesPage alerts={alerts} now={NOW} />)
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML)).toHaveLength(3)
  })
})

describe('liveAlerts', () => {
  it('should put status alerts first, pinned first, and keep stored indexes', () => {
    const alerts = [
      alert({ id: 'g1' }),
      alert({ id: 's1', alert_category: 'status', status_type: 'game-off' }),
      alert({ id: 'g2', isPinned: true }),
      alert({ id: 's2', alert_category: 'status', status_type: 'game-on', isPinned: true }),
    ]
    expect(liveAlerts(alerts, NOW).map(({ alert: a, index }) => `${a.id}@${index}`)).toEqual([
      's2@3',
      's1@1',
      'g2@2',
      'g1@0',
    ])
  })

  it('should keep the original alert, target page included', () => {
    const alerts = [alert({ id: 't', targetPage: '/fields' })]
    expect(liveAlerts(alerts, NOW)[0]?.alert.targetPage).toBe('/fields')
  })
})

describe('statusLabel and windowText', () => {
  it('should spell status types in capitals', () => {
    expect(statusLabel('game-off')).toBe('GAME OFF')
    expect(statusLabel(null)).toBe('STATUS')
  })

  it('should drop a start far in the past but keep a near end', () => {
    expect(
      windowText(
        { startDate: '2000-01-01T00:00:00.000Z', endDate: '2026-11-08T02:00:00.000Z' },
        NOW,
      ),
    ).toBe('Until November 7, 2026, 9:00 PM')
  })
})

describe('liveUpdatesMeta', () => {
  it('should give a description of 120 to 160 characters', () => {
    const meta = liveUpdatesMeta()
    expect(meta.title).toBe(`Live Updates | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
