// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { EventsPage, eventsMeta } from './events-page.tsx'
import { splitClinics } from './upcoming-clinics.ts'

const clinics = DEFAULT_CONTENT.clinics
const BEFORE_ALL = new Date('2026-12-01T12:00:00Z')
const AFTER_WINTER = new Date('2027-03-01T12:00:00Z')

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

describe('EventsPage', () => {
  it('should load the first card’s photo at once (the likely largest paint) and the rest lazily', () => {
    const withPhotos = clinics.map((clinic, index) => ({
      ...clinic,
      imageUrl: `https://db.example.org/storage/v1/object/public/photo-library/library/ab/${String(index).padStart(64, 'a')}.jpg#widths=800,1600`,
    }))
    const loading = (now: Date) => {
      const { container, unmount } = renderPage(<EventsPage clinics={withPhotos} now={now} />)
      const images = [...container.querySelectorAll('img')]
      const found = images.map((img) => [
        img.getAttribute('loading'),
        img.getAttribute('fetchpriority'),
      ])
      unmount()
      return {
        found,
        srcset: images[0]?.getAttribute('srcset'),
        sizes: images[0]?.getAttribute('sizes'),
      }
    }
    const before = loading(BEFORE_ALL)
    expect(before.found[0]).toEqual(['eager', 'high'])
    expect(
      before.found.slice(1).every(([lazy, priority]) => lazy === 'lazy' && priority === null),
    ).toBe(true)
    expect(before.found.length).toBe(withPhotos.length)
    expect(before.srcset).toMatch(/-800w\.jpg 800w, \S+\.jpg 1600w$/)
    expect(before.sizes).toBe('(min-width: 72rem) 22rem, (min-width: 40rem) 50vw, 100vw')
    // With every event past, the first past card is the one.
    const after = loading(new Date('2030-01-01T12:00:00Z'))
    expect(after.found[0]).toEqual(['eager', 'high'])
    expect(after.found.filter(([lazy]) => lazy === 'eager')).toHaveLength(1)
  })

  it('should list every upcoming camp, clinic and event, soonest first', () => {
    renderPage(<EventsPage clinics={clinics} now={BEFORE_ALL} />)
    const titles = within(section('Upcoming camps & events'))
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual([
      'Winter Hitting Clinic',
      'Pitching & Catching Clinic',
      'Opening Day',
      'Summer Baseball Camp',
    ])
    expect(screen.queryByRole('region', { name: 'Past events' })).toBeNull()
  })

  it('should show kind, dates, times, ages, location and the sample prices', () => {
    renderPage(<EventsPage clinics={clinics} now={BEFORE_ALL} />)
    const camp = screen
      .getByRole('heading', { name: 'Summer Baseball Camp' })
      .closest('li') as HTMLElement
    const text = camp.textContent ?? ''
    for (const fact of [
      'Camp',
      'June 21–25, 2027',
      '9:00 AM – 3:00 PM daily',
      'Ages 7–12',
      'Hollow Oak Park',
      '$350',
    ]) {
      expect(text).toContain(fact)
    }
    const all = section('Upcoming camps & events').textContent ?? ''
    expect(all).toContain('$200')
    expect(all).toContain('$150')
    expect(all).toContain('Free')
  })

  it('should link each entry to its page and to registration', () => {
    renderPage(<EventsPage clinics={clinics} now={BEFORE_ALL} />)
    expect(screen.getByRole('link', { name: 'Summer Baseball Camp' }).getAttribute('href')).toBe(
      '/camps-events/summer-baseball-camp',
    )
    expect(
      screen.getByRole('link', { name: 'Details of Summer Baseball Camp' }).getAttribute('href'),
    ).toBe('/camps-events/summer-baseball-camp')
    // The sample's clinic links are placeholders: no Register button, but how to ask.
    expect(screen.queryByRole('link', { name: /^Register for Pitching/ })).toBeNull()
    const clinicItem = screen
      .getByRole('heading', { name: 'Pitching & Catching Clinic' })
      .closest('li') as HTMLElement
    expect(within(clinicItem).getByText('Registration link coming soon')).toBeTruthy()
    expect(
      within(clinicItem)
        .getByRole('link', { name: /^Contact the club/ })
        .getAttribute('href'),
    ).toBe('/contact')
    // Opening Day needs no registration; the camp's registration is not open yet.
    expect(screen.queryByRole('link', { name: /^Register for Opening Day/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Register for Summer Baseball Camp/ })).toBeNull()
    const camp = screen.getByRole('heading', { name: 'Summer Baseball Camp' }).closest('li')
    expect(camp?.textContent).toContain('Registration opens February 1, 2027')
  })

  it('should send Register to a stored link that is not a placeholder', () => {
    const link = 'https://signup.club-baseball.test/pitching'
    const stored = clinics.map((entry) =>
      entry.slug === 'pitching-and-catching-clinic' ? { ...entry, registrationLink: link } : entry,
    )
    renderPage(<EventsPage clinics={stored} now={BEFORE_ALL} />)
    expect(
      screen
        .getByRole('link', { name: 'Register for Pitching & Catching Clinic (opens another site)' })
        .getAttribute('href'),
    ).toBe(link)
  })

  it('should list entries whose last day is over under Past events, without registration', () => {
    renderPage(<EventsPage clinics={clinics} now={AFTER_WINTER} />)
    const past = section('Past events')
    const titles = within(past)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(titles).toEqual(['Pitching & Catching Clinic', 'Winter Hitting Clinic'])
    expect(within(past).getAllByText('Ended')).toHaveLength(2)
    expect(within(past).queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(
      within(section('Upcoming camps & events')).getAllByRole('heading', { level: 3 }),
    ).toHaveLength(2)
  })

  it('should show an empty state when nothing is upcoming', () => {
    renderPage(<EventsPage clinics={[]} now={BEFORE_ALL} />)
    expect(screen.getByText(/Nothing is scheduled right now/)).toBeTruthy()
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<EventsPage clinics={clinics} now={AFTER_WINTER} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const hostile = defaultFor('clinics').map((clinic) => ({
      ...clinic,
      title: HOSTILE_HTML,
      times: HOSTILE_HTML,
    }))
    const { container } = renderPage(<EventsPage clinics={hostile} now={BEFORE_ALL} />)
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML).length).toBeGreaterThan(0)
  })
})

describe('splitClinics', () => {
  it('should treat the last day as current until midnight in New York', () => {
    // 30 January 2027, 22:00 in New York: the hitting clinic's last day is not over yet.
    const lateOnLastDay = new Date('2027-01-31T03:00:00Z')
    expect(splitClinics(clinics, lateOnLastDay).past.map(({ clinic }) => clinic.slug)).toEqual([])
    const nextMorning = new Date('2027-01-31T06:00:00Z')
    expect(splitClinics(clinics, nextMorning).past.map(({ clinic }) => clinic.slug)).toEqual([
      'winter-hitting-clinic',
    ])
  })
})

describe('eventsMeta', () => {
  it('should give a description of 120 to 160 characters', () => {
    const meta = eventsMeta()
    expect(meta.title).toBe(`Camps & Events | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
