import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Alert } from '../entities/alert.ts'
import { dismissalKey, visibleAlerts } from './alert-visibility.ts'
import { explainAlertVisibility } from './alert-visibility-reasons.ts'

const START = '2026-06-01T12:00:00.000Z'
const END = '2026-06-30T12:00:00.000Z'
const inside = new Date('2026-06-15T12:00:00.000Z')

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'a',
    alert_category: 'general',
    status_type: null,
    type: 'registration',
    title: 'Title',
    message: 'Message',
    startDate: START,
    endDate: END,
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

const at = (iso: string, offsetMs = 0) => new Date(Date.parse(iso) + offsetMs)

describe('explainAlertVisibility', () => {
  it('should report an active alert inside its window as visible with no reasons', () => {
    expect(explainAlertVisibility(alert(), { now: inside })).toEqual({ visible: true, reasons: [] })
  })

  it('should say "inactive" for an alert switched off', () => {
    expect(explainAlertVisibility(alert({ isActive: false }), { now: inside })).toEqual({
      visible: false,
      reasons: ['inactive'],
    })
  })

  it('should show the alert at the exact start instant', () => {
    expect(explainAlertVisibility(alert(), { now: at(START) }).visible).toBe(true)
  })

  it('should show the alert at the exact end instant', () => {
    expect(explainAlertVisibility(alert(), { now: at(END) }).visible).toBe(true)
  })

  it('should say when it starts one millisecond before the start', () => {
    expect(explainAlertVisibility(alert(), { now: at(START, -1) }).reasons).toEqual([
      'not started yet — starts June 1, 2026, 8:00 AM',
    ])
  })

  it('should say when it ended one millisecond after the end', () => {
    expect(explainAlertVisibility(alert(), { now: at(END, 1) }).reasons).toEqual([
      'ended June 30, 2026, 8:00 AM',
    ])
  })

  it('should format dates with the given formatter', () => {
    const result = explainAlertVisibility(alert(), { now: at(END, 1), formatDate: () => 'then' })
    expect(result.reasons).toEqual(['ended then'])
  })

  it('should name a start date it cannot read', () => {
    expect(explainAlertVisibility(alert({ startDate: '' }), { now: inside }).reasons).toEqual([
      'no valid start date',
    ])
  })

  it('should give both window reasons when the end comes before the start', () => {
    const reversed = alert({ startDate: END, endDate: START })
    expect(explainAlertVisibility(reversed, { now: inside }).reasons).toEqual([
      'not started yet — starts June 30, 2026, 8:00 AM',
      'ended June 1, 2026, 8:00 AM',
    ])
  })

  it('should say "dismissed this session" for a dismissed alert', () => {
    const result = explainAlertVisibility(alert(), {
      now: inside,
      dismissed: new Set([dismissalKey(alert())]),
    })
    expect(result).toEqual({ visible: false, reasons: ['dismissed this session'] })
  })

  it('should name the target page when viewing another page', () => {
    const result = explainAlertVisibility(alert({ targetPage: 'fields' }), {
      now: inside,
      pathname: '/about',
    })
    expect(result).toEqual({ visible: false, reasons: ['targeted at /fields'] })
  })

  it('should show a targeted alert on its page in edit mode', () => {
    const result = explainAlertVisibility(alert({ targetPage: '/fields' }), {
      now: inside,
      pathname: '/admin/edit/fields',
    })
    expect(result.visible).toBe(true)
  })

  it('should leave the target page unchecked when no page is given', () => {
    const result = explainAlertVisibility(alert({ targetPage: '/fields' }), { now: inside })
    expect(result.visible).toBe(true)
  })

  it('should list every failing rule in the spec order', () => {
    const result = explainAlertVisibility(alert({ isActive: false, targetPage: '/fields' }), {
      now: at(END, 60_000),
      pathname: '/',
      dismissed: new Set([dismissalKey(alert())]),
    })
    expect(result.reasons).toEqual([
      'inactive',
      'ended June 30, 2026, 8:00 AM',
      'dismissed this session',
      'targeted at /fields',
    ])
  })

  it('should decide exactly as visibleAlerts does', () => {
    const base = Date.parse('2026-06-01T00:00:00.000Z')
    const instant = fc.integer({ min: base - 5_000, max: base + 5_000 })
    fc.assert(
      fc.property(
        fc.record({
          isActive: fc.boolean(),
          start: instant,
          end: instant,
          now: instant,
          dismissed: fc.boolean(),
          targetPage: fc.constantFrom(undefined, '', '/fields', 'about', '/'),
          pathname: fc.constantFrom('/', '/fields', '/about', '/admin/edit/fields'),
        }),
        (c) => {
          const subject = alert({
            isActive: c.isActive,
            startDate: new Date(c.start).toISOString(),
            endDate: new Date(c.end).toISOString(),
            ...(c.targetPage === undefined ? {} : { targetPage: c.targetPage }),
          })
          const context = {
            now: new Date(c.now),
            pathname: c.pathname,
            dismissed: new Set(c.dismissed ? [dismissalKey(subject)] : []),
          }
          const explained = explainAlertVisibility(subject, context)
          expect(explained.visible).toBe(visibleAlerts([subject], context).length === 1)
          expect(explained.reasons.length === 0).toBe(explained.visible)
        },
      ),
    )
  })
})
