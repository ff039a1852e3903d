// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import type { Field, FieldsContent } from '../../entities/fields-content.ts'
import { FieldsPage, fieldsMeta } from './fields-page.tsx'
import { formatStatusTime, mapLinkFor } from './field-status.ts'

const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'

function renderFields(fieldsContent: FieldsContent = defaultFieldsContent) {
  return render(
    <MemoryRouter>
      <FieldsPage fieldsContent={fieldsContent} />
    </MemoryRouter>,
  )
}

function statusSection(): HTMLElement {
  const section = document.getElementById('field-status')
  if (!section) throw new Error('no #field-status section')
  return section
}

function field(overrides: Partial<Field>): Field {
  return {
    id: 'f',
    name: 'Test Field',
    address: '1 Main St, Rockville, MD 20850',
    status: 'open',
    statusReason: '',
    statusUpdatedAt: null,
    ...overrides,
  }
}

afterEach(cleanup)

describe('FieldsPage', () => {
  it('should render one h1, the main text and a link to the fields and their directions', () => {
    renderFields()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByText(defaultFieldsContent.mainText)).toBeTruthy()
    // No map search for "fields near here": the button leads to the club's own field list.
    const directions = screen.getByRole('link', { name: 'Find a field and its directions' })
    expect(directions.getAttribute('href')).toBe('#fields-list-title')
    expect(document.getElementById('fields-list-title')?.textContent).toBe('Our Fields')
  })

  it('should show a field’s parking notes and entrance, and nothing for a field without', () => {
    renderFields()
    const hollow = document.getElementById('field-hollow-oak') as HTMLElement
    expect(within(hollow).getByText('Parking')).toBeTruthy()
    expect(within(hollow).getByText(/tennis courts/)).toBeTruthy()
    expect(within(hollow).getByText('Entrance')).toBeTruthy()
    const maple = document.getElementById('field-maple-hollow') as HTMLElement
    expect(within(maple).queryByText('Parking')).toBeNull()
  })

  it('should list all ten fields with their addresses and map links', () => {
    renderFields()
    const list = within(
      screen
        .getByRole('heading', { level: 2, name: 'Our Fields' })
        .closest('section') as HTMLElement,
    )
    expect(defaultFieldsContent.fields).toHaveLength(10)
    for (const f of defaultFieldsContent.fields) {
      expect(list.getByRole('heading', { level: 3, name: f.name })).toBeTruthy()
      expect(list.getByText(f.address)).toBeTruthy()
      expect(list.getByRole('link', { name: `Map of ${f.name}` }).getAttribute('href')).toBe(
        f.mapLink,
      )
    }
  })

  it('should build a Google Maps search link for a field without a map link', () => {
    renderFields({ ...defaultFieldsContent, fields: [field({ name: 'No Map Park' })] })
    const link = screen.getByRole('link', { name: 'Map of No Map Park' })
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Rockville%2C%20MD%2020850',
    )
  })

  it('should show each field’s status, reason and update time in #field-status', () => {
    renderFields()
    const section = within(statusSection())
    expect(section.getByRole('heading', { level: 2, name: 'Field Status' })).toBeTruthy()
    for (const f of defaultFieldsContent.fields) {
      const item = section
        .getByRole('heading', { level: 3, name: f.name })
        .closest('li') as HTMLElement
      const label = { open: 'Open', closed: 'Closed', 'check-back': 'Check back' }[f.status]
      expect(within(item).getByText(label)).toBeTruthy()
      if (f.statusReason) expect(within(item).getByText(f.statusReason)).toBeTruthy()
      expect(item.querySelector('time')?.getAttribute('datetime')).toBe(f.statusUpdatedAt)
    }
    expect(section.getByText('8 open, 1 closed, 1 check back.')).toBeTruthy()
  })

  it('should show the statuses it was built with at once, dated, before the read answers', () => {
    // Built at 4:12 PM on December 6, 2026 in New York, looked at eight minutes later.
    const builtAt = new Date('2026-12-06T21:12:00Z')
    render(
      <MemoryRouter>
        <FieldsPage
          fieldsContent={defaultFieldsContent}
          statusHeld
          builtAt={builtAt}
          now={new Date('2026-12-06T21:20:00Z')}
        />
      </MemoryRouter>,
    )
    const note = statusSection().querySelector('.fields-status__as-of')
    expect(note?.textContent).toBe('Field status as of 4:12 PM · checking for updates…')
    // Nothing is held from sight: every status is there, with nothing marked hidden or busy.
    expect(statusSection().querySelector('[data-held], [aria-busy="true"]')).toBeNull()
    expect(statusSection().querySelectorAll('li.field-status')).toHaveLength(
      defaultFieldsContent.fields.length,
    )
  })

  it('should date a page built on an earlier day with its date', () => {
    render(
      <MemoryRouter>
        <FieldsPage
          fieldsContent={defaultFieldsContent}
          statusHeld
          builtAt={new Date('2026-12-05T21:12:00Z')}
          now={new Date('2026-12-06T14:00:00Z')}
        />
      </MemoryRouter>,
    )
    expect(statusSection().querySelector('.fields-status__as-of')?.textContent).toMatch(
      /^Field status as of December 5, 2026, 4:12 PM/,
    )
  })

  it('should mark the built statuses as possibly out of date when the read fails', () => {
    render(
      <MemoryRouter>
        <FieldsPage
          fieldsContent={defaultFieldsContent}
          statusStale
          builtAt={new Date('2026-12-06T21:12:00Z')}
          now={new Date('2026-12-06T21:20:00Z')}
        />
      </MemoryRouter>,
    )
    expect(within(statusSection()).getByRole('status').textContent).toBe(
      'Field status as of 4:12 PM. Could not check for updates: it may be out of date.',
    )
  })

  it('should say when the live connection is lost, and nothing once the status is current', () => {
    const { rerender } = render(
      <MemoryRouter>
        <FieldsPage fieldsContent={defaultFieldsContent} liveLost />
      </MemoryRouter>,
    )
    expect(within(statusSection()).getByRole('status').textContent).toBe(
      'Live connection lost: status may be out of date.',
    )
    rerender(
      <MemoryRouter>
        <FieldsPage fieldsContent={defaultFieldsContent} />
      </MemoryRouter>,
    )
    expect(within(statusSection()).getByRole('status').textContent).toBe('')
  })

  it('should format update times in Eastern time whatever the machine zone', () => {
    renderFields({
      ...defaultFieldsContent,
      fields: [field({ statusUpdatedAt: '2026-07-04T18:30:00.000Z' })],
    })
    expect(statusSection().querySelector('time')?.textContent).toBe('Jul 4, 2026, 2:30 PM EDT')
  })

  it('should say when a status has never been updated', () => {
    renderFields({ ...defaultFieldsContent, fields: [field({ status: 'check-back' })] })
    expect(within(statusSection()).getByText('Not updated yet')).toBeTruthy()
    expect(within(statusSection()).getByText('Check back')).toBeTruthy()
  })

  it('should show the weather posting times beside the status, with a link to the policy', () => {
    renderFields()
    const section = within(statusSection())
    expect(section.getByText(/on weekdays/).textContent).toContain('3:00 PM on weekdays')
    expect(section.getByText(/on weekdays/).textContent).toContain('9:00 AM on weekends')
    expect(section.getByText(/cancellations by/).textContent).toMatch(
      /8:00 AM; a posted cancellation\s+is final/,
    )
    expect(
      section.getByRole('link', { name: 'Read the full weather policy' }).getAttribute('href'),
    ).toBe('/weather-policy')
  })

  it('should show the field photos in the accessible slider', () => {
    renderFields()
    const carousel = screen.getByRole('region', { name: 'Field photos' })
    for (const image of defaultFieldsContent.sliderImages) {
      expect(within(carousel).getByAltText(image.alt)).toBeTruthy()
    }
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }))
    expect(carousel.textContent).toContain(`Slide 2 of ${defaultFieldsContent.sliderImages.length}`)
  })

  it('should render hostile markup in its text fields as inert text', () => {
    const { container } = renderFields({
      ...defaultFieldsContent,
      mainText: HOSTILE,
      fields: [field({ name: HOSTILE, address: HOSTILE, statusReason: HOSTILE })],
      sliderImages: [{ src: '/images/x.svg', alt: HOSTILE }],
    })
    expect(container.querySelector('[onerror]')).toBeNull()
    expect(container.querySelector('script')).toBeNull()
    expect(screen.getAllByRole('heading', { level: 3, name: HOSTILE })).toHaveLength(2)
  })
})

describe('formatStatusTime', () => {
  it('should format in Eastern standard and daylight time', () => {
    expect(formatStatusTime('2026-11-20T12:00:00.000Z')).toBe('Nov 20, 2026, 7:00 AM EST')
    expect(formatStatusTime('2026-06-01T03:05:00Z')).toBe('May 31, 2026, 11:05 PM EDT')
  })

  it('should return undefined for an unreadable time', () => {
    expect(formatStatusTime('soon')).toBeUndefined()
  })
})

describe('mapLinkFor', () => {
  it('should prefer the field’s own map link', () => {
    expect(mapLinkFor({ address: 'x', mapLink: 'https://maps.example/1' })).toBe(
      'https://maps.example/1',
    )
  })
})

describe('fieldsMeta', () => {
  it('should give a title and a 120–160 character description', () => {
    const meta = fieldsMeta(defaultFieldsContent)
    expect(meta.title).toBe(`Fields & Status | ${CLUB_SHORT_NAME}`)
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
