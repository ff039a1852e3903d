// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import type { Alert } from '../../entities/alert.ts'
import type { Field } from '../../entities/fields-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import {
  endText,
  fieldUpdates,
  liveAlerts,
  LiveUpdatesPage,
  liveUpdates,
  liveUpdatesMeta,
  postedAt,
  statusLabel,
} from './live-updates-page.tsx'

const NOW = new Date('2026-11-23T14:00:00Z')
/** 9:00 AM on Friday, November 20, 2026 in New York: the day of the sample game-day status. */
const SAMPLE_DAY = new Date('2026-11-20T14:00:00Z')
const FIELDS = DEFAULT_CONTENT.fieldsContent.fields

function alert(overrides: Partial<Alert>): Alert {
  return {
    id: 'a',
    alert_category: 'general',
    status_type: null,
    type: 'registration',
    title: 'Title',
    message: 'Message',
    startDate: '2026-11-23T12:00:00.000Z',
    endDate: '2026-11-23T22:00:00.000Z',
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

function field(overrides: Partial<Field>): Field {
  return {
    id: 'f',
    name: 'Field',
    address: '1 Main St, Rockville, MD 20850',
    status: 'open',
    statusReason: '',
    statusUpdatedAt: '2026-11-23T11:00:00.000Z',
    ...overrides,
  }
}

const showDefaults = (now = NOW) =>
  renderPage(<LiveUpdatesPage alerts={DEFAULT_CONTENT.alerts} fields={FIELDS} now={now} />)

/** The h3 texts of a list, in the order shown. */
const titles = (region: HTMLElement) =>
  within(region)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent)

describe('LiveUpdatesPage', () => {
  it('should show game-day status first, with its badge in words and when it was posted', () => {
    showDefaults(SAMPLE_DAY)
    const status = screen.getByRole('region', { name: 'Game-day status' })
    expect(titles(status)).toEqual(['Games are on as scheduled'])
    expect(within(status).getByText('GAME ON')).toBeTruthy()
    const posted = within(status).getByText('November 20, 2026, 7:15 AM')
    expect(posted.tagName).toBe('TIME')
    expect(posted.getAttribute('datetime')).toBe('2026-11-20T12:15:00.000Z')
    expect(posted.parentElement?.textContent).toBe('Posted November 20, 2026, 7:15 AM')
    expect(
      within(status).getByRole('link', { name: 'Check field status' }).getAttribute('href'),
    ).toBe('/fields#field-status')
  })

  it('should hold the updates, unseen but in their place, while they may be out of date', () => {
    renderPage(
      <LiveUpdatesPage alerts={DEFAULT_CONTENT.alerts} fields={FIELDS} now={SAMPLE_DAY} held />,
    )
    expect(screen.getByText('Checking for the latest updates…')).toBeTruthy()
    // Unseen (visibility: hidden, from the stylesheet) but in its place, and marked busy.
    expect(
      document.querySelector('[data-held][aria-busy="true"] .live-updates__status'),
    ).not.toBeNull()
  })

  it('should list announcements and fields that are not open, newest first, each with its time', () => {
    showDefaults()
    const latest = screen.getByRole('region', { name: 'Latest updates' })
    expect(titles(latest)).toEqual([
      'Larkspur Field: check back',
      'Cedar Bend Park: closed',
      'Spring registration opens soon',
      'Check field status before you leave',
    ])
    const posted = [...latest.querySelectorAll('.live-update__posted')]
    expect(posted.every((line) => line.textContent?.startsWith('Posted '))).toBe(true)
    const times = posted.map((line) => line.querySelector('time')?.getAttribute('datetime'))
    expect(times).toEqual([
      '2026-11-20T11:45:00.000Z',
      '2026-11-16T14:00:00.000Z',
      '2026-11-02T13:00:00.000Z',
      '2026-09-05T12:00:00.000Z',
    ])
    const sorted = [...times].sort().reverse()
    expect(times).toEqual(sorted)
    expect(within(latest).getByText(/Infield renovation/)).toBeTruthy()
  })

  it('should not show an earlier day’s status as today’s', () => {
    // The sample status was November 20's; on the 23rd no status is posted.
    showDefaults()
    expect(screen.queryByRole('region', { name: 'Game-day status' })).toBeNull()
    expect(screen.queryByText('Games are on as scheduled')).toBeNull()
  })

  it('should agree with the sample field status in its game-day message', () => {
    const [status] = liveUpdates(DEFAULT_CONTENT.alerts, FIELDS, SAMPLE_DAY).status
    const notOpen = FIELDS.filter((entry) => entry.status !== 'open').map((entry) => entry.name)
    expect(notOpen).toEqual(['Cedar Bend Park', 'Larkspur Field'])
    for (const name of notOpen) expect(status?.alert.message).toContain(name)
    expect(status?.alert.message).not.toMatch(/fields are open today/i)
  })

  it('should show the end of an alert that ends soon, and the message and link of a dated alert', () => {
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
    expect(screen.getByText(/Until November 23, 2026, 5:00 PM/)).toBeTruthy()
    const link = screen.getByRole('link', { name: 'More about: Start delayed' })
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('should leave out inactive alerts, alerts outside their window and open fields', () => {
    const alerts = [
      alert({ id: 'off', title: 'Switched off', isActive: false }),
      alert({ id: 'old', title: 'Over', endDate: '2026-11-23T13:00:00.000Z' }),
      alert({ id: 'later', title: 'Not yet', startDate: '2026-11-23T15:00:00.000Z' }),
      alert({ id: 'live', title: 'Live now' }),
    ]
    const fields = [field({ id: 'o', name: 'Open Park' })]
    renderPage(<LiveUpdatesPage alerts={alerts} fields={fields} now={NOW} />)
    expect(screen.getByText('Live now')).toBeTruthy()
    for (const title of ['Switched off', 'Over', 'Not yet', /Open Park/])
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
    const { container } = showDefaults()
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const alerts = [
      alert({ title: HOSTILE_HTML, message: HOSTILE_HTML, link: '/x', linkText: HOSTILE_HTML }),
    ]
    const fields = [field({ status: 'closed', name: HOSTILE_HTML, statusReason: HOSTILE_HTML })]
    const { container } = renderPage(<LiveUpdatesPage alerts={alerts} fields={fields} now={NOW} />)
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML)).toHaveLength(5)
  })
})

describe('liveAlerts and fieldUpdates', () => {
  it('should put the newest first, whatever the category or pin, and keep stored indexes', () => {
    const alerts = [
      alert({ id: 'g1', startDate: '2026-11-23T09:00:00.000Z' }),
      alert({ id: 's1', alert_category: 'status', startDate: '2026-11-23T13:00:00.000Z' }),
      alert({ id: 'g2', isPinned: true, startDate: '2026-11-23T11:00:00.000Z' }),
      alert({ id: 'far', startDate: '2000-01-01T00:00:00.000Z' }),
    ]
    expect(liveAlerts(alerts, NOW).map(({ alert: a, index }) => `${a.id}@${index}`)).toEqual([
      's1@1',
      'g2@2',
      'g1@0',
      'far@3',
    ])
  })

  it('should keep the original alert, target page included', () => {
    const alerts = [alert({ id: 't', targetPage: '/fields' })]
    expect(liveAlerts(alerts, NOW)[0]?.alert.targetPage).toBe('/fields')
  })

  it('should list closed and check-back fields newest first, untimed ones last', () => {
    const fields = [
      field({ id: 'a', status: 'closed', statusUpdatedAt: '2026-11-20T10:00:00.000Z' }),
      field({ id: 'b', status: 'open' }),
      field({ id: 'c', status: 'check-back', statusUpdatedAt: null }),
      field({ id: 'd', status: 'check-back', statusUpdatedAt: '2026-11-22T10:00:00.000Z' }),
    ]
    expect(fieldUpdates(fields).map(({ field: f, index }) => `${f.id}@${index}`)).toEqual([
      'd@3',
      'a@0',
      'c@2',
    ])
  })
})

describe('postedAt, endText and statusLabel', () => {
  it('should take the start as the posting time, unless it is a placeholder far in the past', () => {
    expect(postedAt({ startDate: '2026-11-20T12:15:00.000Z' }, NOW)).toBe(
      '2026-11-20T12:15:00.000Z',
    )
    expect(postedAt({ startDate: '2000-01-01T00:00:00.000Z' }, NOW)).toBeNull()
    expect(postedAt({ startDate: 'not a date' }, NOW)).toBeNull()
  })

  it('should print a near end and leave out a far one', () => {
    expect(endText({ endDate: '2026-11-24T02:00:00.000Z' }, NOW)).toBe(
      'Until November 23, 2026, 9:00 PM',
    )
    expect(endText({ endDate: '9999-12-31T23:59:59.999Z' }, NOW)).toBeNull()
  })

  it('should end a status without an explicit end with its day, and keep an explicit one', () => {
    const status = {
      alert_category: 'status' as const,
      startDate: '2026-11-23T12:00:00.000Z',
      endDate: '2026-11-24T12:00:00.000Z',
    }
    expect(endText(status, NOW)).toBe('Until November 23, 2026, 11:59 PM')
    expect(endText({ ...status, explicitEnd: true }, NOW)).toBe('Until November 24, 2026, 7:00 AM')
  })

  it('should spell status types in capitals', () => {
    expect(statusLabel('game-off')).toBe('GAME OFF')
    expect(statusLabel(null)).toBe('STATUS')
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
