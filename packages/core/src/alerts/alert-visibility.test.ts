import { describe, expect, it } from 'vitest'

import type { Alert } from '../entities/alert.ts'
import { DISMISSED_ALERTS_KEY, dismiss, readDismissed } from './dismissed-alerts.ts'
import { explainAlertVisibility } from './alert-visibility-reasons.ts'
import {
  dismissalKey,
  effectiveEnd,
  hasStatusToday,
  pageOf,
  statusFirst,
  visibleAlerts,
} from './alert-visibility.ts'

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
    const x = alert({ id: 'x' })
    expect(visible([x, alert({ id: 'y' })], '/', [dismissalKey(x)])).toEqual(['y'])
  })

  it('should show a dismissed alert again once what it says changes, though its id stays', () => {
    const gamesOn = alert({
      id: 'status',
      alert_category: 'status',
      status_type: 'game-on',
      title: 'Games are on',
      // Posted this morning: a status is for its day.
      startDate: '2026-06-15T11:00:00Z',
    })
    const dismissed = [dismissalKey(gamesOn)]
    expect(visible([gamesOn], '/', dismissed)).toEqual([])
    for (const change of [
      { status_type: 'game-off', title: 'All games cancelled tonight' },
      { title: 'Games are on' + '!' },
      { message: 'Field 3 is closed.' },
      { link: '/fields#field-status' },
      { linkText: 'See the fields' },
      { type: 'urgent' },
    ] as Partial<Alert>[]) {
      expect(visible([{ ...gamesOn, ...change }], '/', dismissed)).toEqual(['status'])
    }
    // When or where it shows is not what it says: the dismissal still covers it.
    expect(
      visible([{ ...gamesOn, isPinned: true, endDate: '2026-12-31T00:00:00Z' }], '/', dismissed),
    ).toEqual([])
  })

  it('should key a dismissal by the id and a hash that the same alert always gives', () => {
    const a = alert({ id: 'game-day', title: 'Games are on' })
    expect(dismissalKey(a)).toMatch(/^game-day~[0-9a-z]+$/)
    expect(dismissalKey({ ...a })).toBe(dismissalKey(a))
    expect(dismissalKey({ ...a, title: 'Games are off' })).not.toBe(dismissalKey(a))
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

  it('should show an alert on each of its pages, a team at any of its addresses', () => {
    const teams = alert({
      id: 't',
      targetPage: '/programs/big-train/12u',
      morePages: ['/teams', '/camps-events/winter-clinic'],
    })
    expect(visible([teams], '/programs/big-train/12u')).toEqual(['t'])
    expect(visible([teams], '/team/big-train-12u')).toEqual(['t'])
    expect(visible([teams], '/admin/edit/team/big-train-12u')).toEqual(['t'])
    expect(visible([teams], '/teams')).toEqual(['t'])
    expect(visible([teams], '/camps-events/winter-clinic')).toEqual(['t'])
    expect(visible([teams], '/programs/big-train/10u')).toEqual([])
    expect(visible([teams], '/')).toEqual([])
    // Further pages without a first one mean nothing: it shows everywhere, as old readers see it.
    expect(visible([alert({ id: 'm', morePages: ['/teams'] })], '/about')).toEqual(['m'])
    expect(pageOf('/dmv/2027')).toBe(pageOf('/team/dmv-prospects-2027'))
  })

  it('should put the newest status first, whatever is pinned, then the general alerts', () => {
    const status = (id: string, startDate: string, more: Partial<Alert> = {}) =>
      alert({ id, alert_category: 'status', status_type: 'game-on', startDate, ...more })
    const alerts = [
      alert({ id: 'g', isPinned: true }),
      status('old-pinned', '2026-06-15T10:00:00Z', { isPinned: true }),
      status('new', '2026-06-15T11:00:00Z', { status_type: 'game-off' }),
    ]
    expect(visible(alerts)).toEqual(['new', 'old-pinned', 'g'])
  })

  it('should let a status for this page replace the older statuses here, and only here', () => {
    const status = (id: string, startDate: string, more: Partial<Alert> = {}) =>
      alert({ id, alert_category: 'status', status_type: 'game-on', startDate, ...more })
    const twelve = '/programs/big-train/12u'
    const alerts = [
      status('site-on', '2026-06-15T09:00:00Z', { isPinned: true }),
      status('team-on', '2026-06-15T10:00:00Z', { isPinned: true, targetPage: twelve }),
      status('team-off', '2026-06-15T11:00:00Z', { status_type: 'game-off', targetPage: twelve }),
      alert({ id: 'g' }),
    ]
    expect(visible(alerts, twelve)).toEqual(['team-off', 'g'])
    expect(visible(alerts, '/programs/big-train/10u')).toEqual(['site-on', 'g'])
    // Dismissing the page's decision does not bring back what it replaced.
    const teamOff = alerts[2] as Alert
    expect(visible(alerts, twelve, [dismissalKey(teamOff)])).toEqual(['g'])
    // A newer site-wide status shows before the team's older one; both stay (it may be about a field).
    const later = status('site-off', '2026-06-15T11:30:00Z', { status_type: 'game-off' })
    expect(visible([...alerts, later], twelve)).toEqual(['site-off', 'team-off', 'g'])
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
    store.setItem(DISMISSED_ALERTS_KEY, '{not json')
    expect(readDismissed(store).size).toBe(0)
    store.setItem(DISMISSED_ALERTS_KEY, JSON.stringify([1, 'ok', null]))
    expect([...readDismissed(store)]).toEqual(['ok'])
  })
})

describe('a status alert is about its day', () => {
  const status = (overrides: Partial<Alert>) =>
    alert({ id: 's', alert_category: 'status', status_type: 'game-on', ...overrides })
  // Posted at 7:00 AM on Monday, June 15, 2026 in New York (EDT, UTC-4), with a day's length.
  const monday = status({ startDate: '2026-06-15T11:00:00Z', endDate: '2026-06-16T11:00:00Z' })
  const at = (iso: string) =>
    visibleAlerts([monday], { now: new Date(iso), pathname: '/', dismissed: new Set() }).length

  it('should show it all of its day at the club, and not after midnight there', () => {
    expect(at('2026-06-15T11:00:00Z')).toBe(1)
    // 11:59 PM in New York is already Tuesday in UTC: still Monday's status.
    expect(at('2026-06-16T03:59:59Z')).toBe(1)
    // Midnight in New York: Tuesday, though its stored end is hours away.
    expect(at('2026-06-16T04:00:00Z')).toBe(0)
    expect(at('2026-06-16T10:00:00Z')).toBe(0)
  })

  it('should keep an explicit end that staff chose, beyond the day', () => {
    const several = { ...monday, explicitEnd: true }
    const shown = (iso: string) =>
      visibleAlerts([several], { now: new Date(iso), pathname: '/', dismissed: new Set() }).length
    expect(shown('2026-06-16T10:00:00Z')).toBe(1)
    expect(shown('2026-06-16T11:00:01Z')).toBe(0)
  })

  it('should end an earlier end first, and leave general alerts to their end', () => {
    expect(effectiveEnd({ ...monday, endDate: '2026-06-15T20:00:00Z' })).toBe(
      '2026-06-15T20:00:00Z',
    )
    expect(effectiveEnd(monday)).toBe('2026-06-16T03:59:59.999Z')
    const general = { ...monday, alert_category: 'general' as const }
    expect(effectiveEnd(general)).toBe(general.endDate)
  })

  it('should say whether a status is posted for today, dismissed or targeted elsewhere', () => {
    const now = new Date('2026-06-15T20:00:00Z')
    expect(hasStatusToday([monday], now)).toBe(true)
    expect(hasStatusToday([{ ...monday, targetPage: '/fields' }], now)).toBe(true)
    expect(hasStatusToday([monday], new Date('2026-06-16T05:00:00Z'))).toBe(false)
    expect(hasStatusToday([{ ...monday, isActive: false }], now)).toBe(false)
    expect(hasStatusToday([{ ...monday, alert_category: 'general' }], now)).toBe(false)
  })

  it('should say why an earlier day’s status is not visible', () => {
    const { reasons } = explainAlertVisibility(monday, { now: new Date('2026-06-16T10:00:00Z') })
    expect(reasons).toEqual(['a status is for its day only — this one was for June 15, 2026'])
    const ended = explainAlertVisibility(
      { ...monday, explicitEnd: true },
      { now: new Date('2026-06-17T10:00:00Z') },
    )
    expect(ended.reasons).toEqual(['ended June 16, 2026, 7:00 AM'])
  })
})
