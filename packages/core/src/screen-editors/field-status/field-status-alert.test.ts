import { describe, expect, it } from 'vitest'

import { alertSchema } from '../../entities/alert.ts'
import type { Field } from '../../entities/fields-content.ts'
import { alertRunning, fieldStatusAlert } from './field-status-alert.ts'

const NOW = new Date('2026-12-05T12:30:00.000Z')

function field(name: string, overrides: Partial<Field> = {}): Field {
  return {
    id: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    address: '1 Main Street',
    status: 'open',
    statusReason: '',
    statusUpdatedAt: null,
    ...overrides,
  }
}

describe('fieldStatusAlert', () => {
  it('should name one closed field in the title', () => {
    const alert = fieldStatusAlert([field('Larkspur Field', { status: 'closed' })], NOW)
    expect(alert.title).toBe('Larkspur Field is closed')
  })

  it('should name several fields with the same status together', () => {
    const fields = [field('Hollow Oak Park'), field('Larkspur Field')]
    expect(fieldStatusAlert(fields, NOW).title).toBe('Hollow Oak Park and Larkspur Field are open')
  })

  it('should ask families to check back on fields awaiting a decision', () => {
    const alert = fieldStatusAlert([field('Larkspur Field', { status: 'check-back' })], NOW)
    expect(alert.title).toBe('Check back on Larkspur Field')
  })

  it('should call a mixed change a field status update', () => {
    const fields = [field('A Park'), field('B Park', { status: 'closed' }), field('C Park')]
    expect(fieldStatusAlert(fields, NOW).title).toBe(
      'Field status update: A Park, B Park and C Park',
    )
  })

  it('should count the fields when more than three changed', () => {
    const fields = ['A', 'B', 'C', 'D'].map((name) => field(`${name} Park`, { status: 'closed' }))
    expect(fieldStatusAlert(fields, NOW).title).toBe('4 fields are closed')
  })

  it('should give each field and its reason in the message', () => {
    const fields = [
      field('Larkspur Field', { status: 'closed', statusReason: 'Standing water' }),
      field('Hollow Oak Park'),
    ]
    expect(fieldStatusAlert(fields, NOW).message).toBe(
      'Larkspur Field: closed. Standing water. Hollow Oak Park: open.',
    )
  })

  it('should take the status type from the worst new status', () => {
    const types = [
      [field('A')],
      [field('A'), field('B', { status: 'check-back' })],
      [field('A', { status: 'closed' }), field('B', { status: 'check-back' })],
    ].map((fields) => fieldStatusAlert(fields, NOW).status_type)
    expect(types).toEqual(['game-on', 'delayed', 'game-off'])
  })

  it('should be a pinned status alert linking to the field status list for its day', () => {
    const alert = fieldStatusAlert([field('A')], NOW)
    expect(alert).toMatchObject({
      alert_category: 'status',
      isActive: true,
      isPinned: true,
      link: '/fields#field-status',
      startDate: '2026-12-05T12:30:00.000Z',
      // Midnight at the club (EST, UTC-5): a status is a decision for one day.
      endDate: '2026-12-06T04:59:59.999Z',
    })
    expect(alert.explicitEnd).toBeUndefined()
  })

  it('should run to tonight, tomorrow night or a chosen time at the club', () => {
    const alert = fieldStatusAlert([field('A')], NOW)
    expect(alertRunning(alert, 'tonight')).toMatchObject({ endDate: '2026-12-06T04:59:59.999Z' })
    expect(alertRunning(alert, 'tonight').explicitEnd).toBeUndefined()
    // 11:59 PM on Sunday, December 6 at the club: shown to families as its end.
    expect(alertRunning(alert, 'tomorrow')).toMatchObject({
      endDate: '2026-12-07T04:59:59.999Z',
      explicitEnd: true,
    })
    expect(alertRunning(alert, 'chosen', '2026-12-06T15:00:00.000Z')).toMatchObject({
      endDate: '2026-12-06T15:00:00.000Z',
      explicitEnd: true,
    })
    // Across the change to summer time (a 23-hour club day), tomorrow still ends at midnight.
    const march = fieldStatusAlert([field('A')], new Date('2027-03-13T17:00:00Z'))
    expect(alertRunning(march, 'tomorrow').endDate).toBe('2027-03-15T03:59:59.999Z')
  })

  it('should stay within the stored schema for two hundred long-named fields', () => {
    const fields = Array.from({ length: 200 }, (_, i) =>
      field(`${'Long '.repeat(55)}${i}`, { status: 'closed', statusReason: 'x'.repeat(300) }),
    )
    expect(alertSchema.safeParse(fieldStatusAlert(fields, NOW)).success).toBe(true)
  })
})
