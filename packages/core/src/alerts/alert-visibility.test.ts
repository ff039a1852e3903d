import { describe, expect, it } from 'vitest'

import type { Alert } from '../entities/alert.ts'
import { dismiss, readDismissed } from './dismissed-alerts.ts'
import { pageOf, statusFirst, visibleAlerts } from './alert-visibility.ts'

const now = new Date('2026-06-15T12:00:00Z')

function alert(overrides: Partial<Alert>): Alert {
  return {
    id: 'a',
    alert_category: 'general',
    status_type: null,
    type: 'registration',
    title: 'Title',
    message: 'Message',
    startDate: '2026-06-01T00:00:00Z',
    endDate: '2026-06-30T00:00:00Z',
    isActive: true,
    isPinned: false,
    link: '',
    linkText: '',
    ...overrides,
  }
}

const visible = (alerts: Alert[], pathname = '/', dismissed: string[] = []) =>
  visibleAlerts(alerts, { now, pathname, dismissed: new Set(dismissed) }).map((a) => a.id)

describe('alert visibility', () => {
  it('should show an active alert inside its window on any page when it has no target', () => {
    expect(visible([alert({ id: 'x' })], '/teams')).toEqual(['x'])
  })

  it('should hide an inactive alert', () => {
    expect(visible([alert({ isActive: false })])).toEqual([])
  })

  it('should hide an alert before its start and after its end, and show it at the edges', () => {
    expect(visible([alert({ startDate: '2026-06-16T00:00:00Z' })])).toEqual([])
    expect(visible([alert({ endDate: '2026-06-15T11:59:59Z' })])).toEqual([])
    expect(visible([alert({ startDate: now.toISOString(), endDate: now.toISOString() })])).toEqual([
      'a',
    ])
  })

  it('should hide an alert whose dates cannot be read', () => {
    expect(visible([alert({ startDate: 'soon' })])).toEqual([])
  })

  it('should hide a dismissed alert', () => {
    expect(visible([alert({ id: 'x' }), alert({ id: 'y' })], '/', ['x'])).toEqual(['y'])
  })

  it('should show a targeted alert only on its page and in that page’s editing view', () => {
    const fields = alert({ id: 'f', targetPage: '/fields' })
    expect(visible([fields], '/fields')).toEqual(['f'])
    expect(visible([fields], '/fields/')).toEqual(['f'])
    expect(visible([fields], '/admin/edit/fields')).toEqual(['f'])
    expect(visible([fields], '/')).toEqual([])
    expect(visible([fields], '/fields-and-more')).toEqual([])
    expect(visible([alert({ id: 'k', targetPage: 'fields' })], '/fields')).toEqual(['k'])
  })

  it('should treat home, / and the editing view of home as one page', () => {
    expect(pageOf('/')).toBe('')
    expect(pageOf('/admin/edit')).toBe('')
    expect(pageOf('home')).toBe('')
    expect(visible([alert({ id: 'h', targetPage: '/' })], '/admin/edit')).toEqual(['h'])
  })

  it('should sort pinned alerts first and keep the stored order otherwise', () => {
    const alerts = [
      alert({ id: '1' }),
      alert({ id: '2', isPinned: true }),
      alert({ id: '3' }),
      alert({ id: '4', isPinned: true }),
    ]
    expect(visible(alerts)).toEqual(['2', '4', '1', '3'])
  })

  it('should put status alerts first for the live-updates page', () => {
    const alerts = [
      alert({ id: 'g' }),
      alert({ id: 's', alert_category: 'status', status_type: 'game-on' }),
    ]
    expect(statusFirst(alerts).map((a) => a.id)).toEqual(['s', 'g'])
  })
})

describe('dismissed alerts', () => {
  function memoryStore() {
    const map = new Map<string, string>()
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    }
  }

  it('should remember dismissals for the session and add to them', () => {
    const store = memoryStore()
    dismiss(['a'], store)
    expect([...dismiss(['b', 'c'], store)].sort()).toEqual(['a', 'b', 'c'])
    expect(readDismissed(store).has('b')).toBe(true)
  })

  it('should read a corrupt entry as no dismissals', () => {
    const store = memoryStore()
    store.setItem('club-site:dismissed-alerts:v1', '{not json')
    expect(readDismissed(store).size).toBe(0)
    store.setItem('club-site:dismissed-alerts:v1', JSON.stringify([1, 'ok', null]))
    expect([...readDismissed(store)]).toEqual(['ok'])
  })
})
