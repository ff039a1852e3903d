// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import type { Clinic } from '../../entities/clinic.ts'
import { CLUB_NAME, CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { EventPage, eventJsonLd, eventMeta, offerPrice } from './event-page.tsx'

const clinics = DEFAULT_CONTENT.clinics
const NOW = new Date('2026-12-01T12:00:00Z')

function clinic(slug: string): Clinic {
  const found = clinics.find((entry) => entry.slug === slug)
  if (!found) throw new Error(`no sample clinic ${slug}`)
  return found
}

describe('EventPage', () => {
  it('should show everything about the camp', () => {
    const { container } = renderPage(
      <EventPage clinics={clinics} slug="summer-baseball-camp" now={NOW} />,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Summer Baseball Camp' })).toBeTruthy()
    const text = container.textContent ?? ''
    for (const fact of [
      'Camp',
      'A week of baseball: skills stations in the morning, games in the afternoon.',
      'June 21–25, 2027',
      '9:00 AM – 3:00 PM daily',
      'Ages 7–12',
      'Hollow Oak Park',
      '1200 Hollow Oak Drive, Rockville, MD 20850',
      '$350',
      'Limited to 60 campers.',
      'Bring a glove, a water bottle, sunscreen and a packed lunch.',
    ]) {
      expect(text).toContain(fact)
    }
    const image = container.querySelector('.event__image img')
    expect(image?.getAttribute('alt')).toBe('Illustration of campers on a sunny baseball field')
    expect(image?.getAttribute('loading')).toBe('eager')
    expect(screen.getByRole('link', { name: '← All camps & events' }).getAttribute('href')).toBe(
      '/camps-events',
    )
  })

  it('should say when registration opens while the entry has no registration link', () => {
    const { container } = renderPage(
      <EventPage clinics={clinics} slug="summer-baseball-camp" now={NOW} />,
    )
    expect(container.querySelector('.event__opens')?.textContent).toContain(
      'Registration opens February 1, 2027',
    )
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
  })

  it('should send Register to the entry’s own link, marked as another site', () => {
    const link = 'https://signup.club-baseball.test/pitching'
    const stored = clinics.map((entry) =>
      entry.slug === 'pitching-and-catching-clinic' ? { ...entry, registrationLink: link } : entry,
    )
    renderPage(<EventPage clinics={stored} slug="pitching-and-catching-clinic" now={NOW} />)
    const register = screen.getByRole('link', {
      name: 'Register for Pitching & Catching Clinic (opens another site)',
    })
    expect(register.getAttribute('href')).toBe(link)
    expect(register.getAttribute('rel')).toBe('noopener noreferrer')
    expect(register.querySelector('svg[aria-hidden="true"]')).toBeTruthy()
  })

  it('should show the sample’s placeholder link as coming soon, with how to ask', () => {
    const sample = clinic('pitching-and-catching-clinic').registrationLink
    expect(sample).toMatch(/^https:\/\/example\.org\//)
    const { container } = renderPage(
      <EventPage clinics={clinics} slug="pitching-and-catching-clinic" now={NOW} />,
    )
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(container.querySelector(`a[href="${sample}"]`)).toBeNull()
    expect(screen.getByText('Registration link coming soon')).toBeTruthy()
    expect(screen.getByRole('link', { name: /^Contact the club/ }).getAttribute('href')).toBe(
      '/contact',
    )
  })

  it('should say no registration is needed when there is no link', () => {
    renderPage(<EventPage clinics={clinics} slug="opening-day" now={NOW} />)
    expect(screen.getByText(/No registration needed/)).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
  })

  it('should mark an entry that has ended and drop its registration button', () => {
    renderPage(
      <EventPage
        clinics={clinics}
        slug="winter-hitting-clinic"
        now={new Date('2027-03-01T12:00:00Z')}
      />,
    )
    expect(screen.getByText('This clinic has ended')).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'upcoming camps and events' })).toBeTruthy()
  })

  it('should render the not-found page for an unknown slug', () => {
    renderPage(<EventPage clinics={clinics} slug="no-such-camp" now={NOW} />)
    expect(
      screen.getByRole('heading', { level: 1, name: 'That page is out of the park' }),
    ).toBeTruthy()
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(
      <EventPage clinics={clinics} slug="summer-baseball-camp" now={NOW} />,
    )
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const hostile = defaultFor('clinics').map((entry) => ({
      ...entry,
      summary: HOSTILE_HTML,
      description: [HOSTILE_HTML],
      location: { name: HOSTILE_HTML, address: HOSTILE_HTML },
    }))
    const { container } = renderPage(
      <EventPage clinics={hostile} slug="summer-baseball-camp" now={NOW} />,
    )
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML).length).toBeGreaterThanOrEqual(4)
  })
})

describe('eventMeta', () => {
  it('should describe the entry with its facts in 120 to 160 characters', () => {
    const meta = eventMeta(clinics, 'pitching-and-catching-clinic')
    expect(meta.title).toBe(`Pitching & Catching Clinic | ${CLUB_SHORT_NAME}`)
    expect(meta.description).toContain('$200')
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
    expect(eventMeta(clinics, 'nope').title).toBe(`Page not found | ${CLUB_SHORT_NAME}`)
  })
})

describe('offerPrice', () => {
  it('should read dollar amounts and Free, and refuse anything else', () => {
    expect(offerPrice('$350')).toBe('350')
    expect(offerPrice('$1,200.50')).toBe('1200.50')
    expect(offerPrice('Free')).toBe('0')
    expect(offerPrice('$150 per session, siblings $100')).toBeUndefined()
    expect(offerPrice('')).toBeUndefined()
  })
})

describe('eventJsonLd', () => {
  it('should describe the camp as a schema.org Event', () => {
    const ld = eventJsonLd(clinic('summer-baseball-camp'), 'https://club.example.org')
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Summer Baseball Camp',
      startDate: '2027-06-21',
      endDate: '2027-06-25',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      description: 'A week of baseball: skills stations in the morning, games in the afternoon.',
      image: ['https://club.example.org/images/camps/summer-camp.svg'],
      location: {
        '@type': 'Place',
        name: 'Hollow Oak Park',
        address: '1200 Hollow Oak Drive, Rockville, MD 20850',
      },
      offers: {
        '@type': 'Offer',
        price: '350',
        priceCurrency: 'USD',
        // No registration link yet: the offer points at the event's own page.
        url: 'https://club.example.org/camps-events/summer-baseball-camp',
      },
      organizer: { '@type': 'Organization', name: CLUB_NAME },
    })
  })

  it('should offer a free event at 0 and leave out an offer with no readable price', () => {
    expect(eventJsonLd(clinic('opening-day'), 'https://club.example.org').offers).toMatchObject({
      price: '0',
      url: 'https://club.example.org/camps-events/opening-day',
    })
    const odd = { ...clinic('opening-day'), price: 'Donation welcome' }
    expect(eventJsonLd(odd, 'https://club.example.org').offers).toBeUndefined()
  })
})
