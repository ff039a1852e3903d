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
  it('should render one h1, the main text and the directions link', () => {
    renderFields()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByText(defaultFieldsContent.mainText)).toBeTruthy()
    const directions = screen.getByRole('link', { name: 'Get directions to our fields' })
    expect(directions.getAttribute('href')).toBe(defaultFieldsContent.directionsLink)
    expect(directions.getAttribute('rel')).toBe('noopener noreferrer')
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

  it('should hold the statuses, in their place, while they may be older than the stored ones', () => {
    render(
      <MemoryRouter>
        <FieldsPage fieldsContent={defaultFieldsContent} statusHeld />
      </MemoryRouter>,
    )
    const section = within(statusSection())
    expect(section.getByText('Checking the latest field status…')).toBeTruthy()
    // Laid out but unseen (visibility: hidden from held-until-fresh.css, which hides it
    // from assistive technology too; the browser suites check that), and marked busy.
    const held = statusSection().querySelector('.held-until-fresh')
    expect(held?.hasAttribute('data-held')).toBe(true)
    expect(held?.getAttribute('aria-busy')).toBe('true')
    expect(held?.querySelectorAll('li.field-status')).toHaveLength(
      defaultFieldsContent.fields.length,
    )
  })

  it('should show the statuses once they are known to be current', () => {
    renderFields()
    expect(within(statusSection()).queryByText('Checking the latest field status…')).toBeNull()
    expect(statusSection().querySelector('[data-held]')).toBeNull()
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
