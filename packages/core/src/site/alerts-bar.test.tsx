// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import type { Alert } from '../entities/alert.ts'
import { AlertsBar } from './alerts-bar.tsx'

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

const ALERTS = [alert('one', 'First'), alert('two', 'Second'), alert('three', 'Third')]

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
