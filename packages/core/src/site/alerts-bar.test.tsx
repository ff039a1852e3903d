// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Alert } from '../entities/alert.ts'
import type { FamilyAlertsService } from '../forms/family-alerts-types.ts'
import { dismissalKey } from '../alerts/alert-visibility.ts'
import { AlertsBar } from './alerts-bar.tsx'
import type { AlertsBarProps } from './alerts-bar.tsx'

/** How long a lazily loaded part may take to appear in a test (its module's first import). */
const LAZY_CHUNK_MS = 10_000

const NOW = new Date('2026-05-01T12:00:00Z')

const alert = (id: string, title: string): Alert => ({
  id,
  alert_category: 'general',
  status_type: null,
  type: 'urgent',
  title,
  message: `${title}.`,
  startDate: '2026-04-30T12:00:00Z',
  endDate: '2026-05-30T12:00:00Z',
  isActive: true,
  isPinned: false,
  link: '',
  linkText: '',
})

const ALERTS = [
  alert('one', 'First'),
  alert('two', 'Second'),
  alert('three', 'Third'),
  // Today's status is posted, for the fields page only: the bar's first place here is an alert.
  {
    ...alert('status-today', 'Games are on at the fields'),
    alert_category: 'status',
    status_type: 'game-on',
    startDate: '2026-05-01T11:00:00Z',
    targetPage: '/fields',
  } satisfies Alert,
]

/** The bar as the site layout holds it: dismissals kept in state, a main to fall back to. */
function Bar() {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set())
  return (
    <MemoryRouter>
      <AlertsBar
        alerts={ALERTS}
        pathname="/"
        now={NOW}
        dismissed={dismissed}
        onDismiss={(keys) => setDismissed((current) => new Set([...current, ...keys]))}
      />
      <main id="main" tabIndex={-1} />
    </MemoryRouter>
  )
}

const item = (id: string) => document.querySelector(`[data-alert-id="${id}"]`)
const dismissButton = (title: string) =>
  screen.getByRole('button', { name: `Dismiss alert: ${title}` })

afterEach(cleanup)

describe('AlertsBar focus after a dismissal', () => {
  it('should move focus to the next alert, which is now the one shown first', () => {
    render(<Bar />)
    fireEvent.click(dismissButton('First'))
    expect(item('one')).toBeNull()
    expect(document.activeElement).toBe(item('two'))
    expect(item('two')?.closest('ul')?.id).toBe('alerts-bar-first')
  })

  it('should move focus to the alert before the last one dismissed', () => {
    render(<Bar />)
    fireEvent.click(dismissButton('Third'))
    expect(item('three')).toBeNull()
    expect(document.activeElement).toBe(item('two'))
  })

  it('should move focus to the page once no alert is left', () => {
    render(<Bar />)
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss all alerts' }))
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull()
    expect(document.activeElement).toBe(document.getElementById('main'))
  })
})

const status = (overrides: Partial<Alert>): Alert => ({
  ...alert('status', 'Games are on as scheduled'),
  alert_category: 'status',
  status_type: 'game-on',
  type: 'weather',
  ...overrides,
})

type BarProps = Partial<Pick<AlertsBarProps, 'liveLost' | 'decisionTimes' | 'familyAlerts'>>

/** The bar on home, with nothing dismissed: rendered by renderBar, or given to `rerender`. */
function barOnHome(alerts: Alert[], now: Date, props: BarProps = {}) {
  return (
    <MemoryRouter>
      <AlertsBar
        alerts={alerts}
        pathname="/"
        now={now}
        dismissed={new Set()}
        onDismiss={() => {}}
        {...props}
      />
    </MemoryRouter>
  )
}

function renderBar(alerts: Alert[], now: Date, props: BarProps = {}) {
  return render(barOnHome(alerts, now, props))
}

const statusLine = () => document.querySelector('.alerts-bar__status-line')

describe('AlertsBar status line', () => {
  // Friday, May 1, 2026, 8:00 AM in New York; the next day is a Saturday.
  const FRIDAY = new Date('2026-05-01T12:00:00Z')
  const SATURDAY = new Date('2026-05-02T12:00:00Z')

  it('should show today’s status, and no line saying none is posted', () => {
    renderBar([status({ startDate: '2026-05-01T11:00:00Z' })], FRIDAY)
    expect(item('status')).not.toBeNull()
    expect(statusLine()).toBeNull()
  })

  it('should not show yesterday’s status as today’s, and say none is posted for today', () => {
    // Posted Thursday at 7:00 PM, with a day's length: its stored end is Friday evening.
    const thursday = status({ startDate: '2026-04-30T23:00:00Z', endDate: '2026-05-01T23:00:00Z' })
    renderBar([thursday], FRIDAY)
    expect(item('status')).toBeNull()
    expect(statusLine()?.textContent).toBe(
      'No status posted for today yet · decisions by 3:00 PM Check field status',
    )
    expect(screen.getByRole('link', { name: 'Check field status' }).getAttribute('href')).toBe(
      '/fields#field-status',
    )
  })

  it('should give the weekend’s decision time on a Saturday', () => {
    renderBar([], SATURDAY)
    expect(statusLine()?.textContent).toMatch(
      /^No status posted for today yet · decisions by 9:00 AM/,
    )
  })

  it('should name the club’s own decision times when its content holds them', () => {
    const times = { countyWeekdayDecision: '2:30 PM', countyWeekendDecision: '8:00 AM' }
    renderBar([], FRIDAY, { decisionTimes: times })
    expect(statusLine()?.textContent).toMatch(/decisions by 2:30 PM/)
    cleanup()
    renderBar([], SATURDAY, { decisionTimes: times })
    expect(statusLine()?.textContent).toMatch(/decisions by 8:00 AM/)
  })

  it('should show a status posted for several days on purpose, with its end', () => {
    const severalDays = status({
      startDate: '2026-04-30T23:00:00Z',
      endDate: '2026-05-04T00:00:00Z',
      explicitEnd: true,
    })
    renderBar([severalDays], FRIDAY)
    expect(item('status')?.querySelector('.alert__until')?.textContent).toBe(
      'until May 3, 2026, 8:00 PM',
    )
    expect(statusLine()).toBeNull()
  })

  it('should not say none is posted when today’s status was dismissed', () => {
    const today = status({ startDate: '2026-05-01T11:00:00Z' })
    render(
      <MemoryRouter>
        <AlertsBar
          alerts={[today, alert('one', 'First')]}
          pathname="/"
          now={FRIDAY}
          dismissed={new Set([dismissalKey(today)])}
          onDismiss={() => {}}
        />
      </MemoryRouter>,
    )
    expect(item('status')).toBeNull()
    expect(statusLine()).toBeNull()
  })

  it('should keep the status line, which cannot be dismissed, once every alert is', () => {
    renderBar([alert('one', 'First')], FRIDAY)
    // The line holds the first place; the alert comes after it (behind the count on a phone).
    expect(document.querySelector('#alerts-bar-first .alerts-bar__status-line')).not.toBeNull()
    expect(item('one')?.closest('ul')?.id).toBe('alerts-bar-list')
    expect(document.querySelector('.alerts-bar__toggle')?.textContent).toBe('+1 more alert')
    expect(statusLine()?.querySelector('button')).toBeNull()
  })

  it('should offer the club-wide alerts on the status line, naming what they cover, and on no other alert', async () => {
    const subscribe = vi.fn<FamilyAlertsService['subscribe']>(() =>
      Promise.resolve({ ok: true as const, value: undefined }),
    )
    const familyAlerts = { subscribe } as unknown as FamilyAlertsService
    // No status for today: on the line that says so, after its link.
    renderBar([alert('one', 'First')], FRIDAY, { familyAlerts })
    // The offer loads with its own chunk (React.lazy): on a busy machine its first import in
    // the run takes more than findBy's default second.
    const line = await screen.findByRole(
      'button',
      { name: 'Get alerts: All fields and teams' },
      { timeout: LAZY_CHUNK_MS },
    )
    expect(statusLine()?.contains(line)).toBe(true)
    expect(statusLine()?.textContent).toBe(
      'No status posted for today yet · decisions by 3:00 PM Check field status Get alerts',
    )
    expect(item('one')?.querySelector('.get-alerts__link')).toBeNull()
    // Its dialog names what it covers.
    await waitFor(() => expect(line.getAttribute('aria-haspopup')).toBe('dialog'), {
      timeout: LAZY_CHUNK_MS,
    })
    fireEvent.click(line)
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Get alerts' },
      { timeout: LAZY_CHUNK_MS },
    )
    expect(dialog.textContent).toContain(
      'All fields and teams: cancellations, field closures and schedule changes',
    )
    cleanup()
    // Today's status: in its line, as words beside its link.
    renderBar([status({ startDate: '2026-05-01T11:00:00Z' }), alert('one', 'First')], FRIDAY, {
      familyAlerts,
    })
    const onStatus = await screen.findByRole(
      'button',
      { name: 'Get alerts: All fields and teams' },
      { timeout: LAZY_CHUNK_MS },
    )
    expect(item('status')?.querySelector('.alert__text')?.contains(onStatus)).toBe(true)
    expect(document.querySelectorAll('.get-alerts__link')).toHaveLength(1)
    cleanup()
    // Without the calls (the editing view), nothing is offered.
    renderBar([alert('one', 'First')], FRIDAY)
    expect(document.querySelector('.get-alerts__link')).toBeNull()
  })

  it('should keep the status line’s alerts dialog open, with what was typed, when a status is posted or taken down meanwhile', async () => {
    const familyAlerts = {
      subscribe: () => Promise.resolve({ ok: true as const, value: undefined }),
    } as unknown as FamilyAlertsService
    const noStatus = [alert('one', 'First')]
    const posted = [status({ startDate: '2026-05-01T11:00:00Z' }), alert('one', 'First')]
    const { rerender } = renderBar(noStatus, FRIDAY, { familyAlerts })
    const line = await screen.findByRole(
      'button',
      { name: 'Get alerts: All fields and teams' },
      { timeout: LAZY_CHUNK_MS },
    )
    fireEvent.click(line)
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Get alerts' },
      { timeout: LAZY_CHUNK_MS },
    )
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'parent@example.com' } })
    // Today's status arrives live (Realtime) while the family types: the line becomes the status.
    rerender(barOnHome(posted, FRIDAY, { familyAlerts }))
    expect(item('status')).not.toBeNull()
    expect(screen.getByRole('dialog', { name: 'Get alerts' })).toBe(dialog)
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('parent@example.com')
    // And staff take it down again: the line says none is posted; the dialog stays.
    rerender(barOnHome(noStatus, FRIDAY, { familyAlerts }))
    expect(statusLine()).not.toBeNull()
    expect(screen.getByRole('dialog', { name: 'Get alerts' })).toBe(dialog)
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('parent@example.com')
  })

  it('should say when the live connection is lost, on the status line', () => {
    renderBar([status({ startDate: '2026-05-01T11:00:00Z' })], FRIDAY, { liveLost: true })
    expect(screen.getByRole('status').textContent).toBe(
      'Live connection lost: status may be out of date.',
    )
  })
})
