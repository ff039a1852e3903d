// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, it, vi } from 'vitest'

import type { Alert } from '../entities/alert.ts'
import type { FamilyAlertsService } from '../forms/family-alerts-types.ts'
import { AlertsBar } from './alerts-bar.tsx'

// "Get alerts" on the status line loads its dialog's code on first use (React.lazy). A family
// that taps it before that code has arrived (a phone on a weak signal) must still get the
// dialog: the stand-in keeps the tap. The dialog's module is held back here until the tap.

let release: () => void = () => undefined
const held = new Promise<void>((resolve) => {
  release = resolve
})
vi.mock('../pages/family-alerts/get-alerts.tsx', async (importOriginal) => {
  await held
  return importOriginal()
})

afterEach(cleanup)

const other: Alert = {
  id: 'one',
  alert_category: 'general',
  status_type: null,
  type: 'urgent',
  title: 'First',
  message: 'First.',
  startDate: '2026-04-30T12:00:00Z',
  endDate: '2026-05-30T12:00:00Z',
  isActive: true,
  isPinned: false,
  link: '',
  linkText: '',
}

it('should open the dialog for a tap made on the stand-in before its code had loaded', async () => {
  const familyAlerts = { subscribe: vi.fn() } as unknown as FamilyAlertsService
  render(
    <MemoryRouter>
      <AlertsBar
        alerts={[other]}
        pathname="/"
        now={new Date('2026-05-01T12:00:00Z')}
        dismissed={new Set()}
        onDismiss={() => {}}
        familyAlerts={familyAlerts}
      />
    </MemoryRouter>,
  )
  const standIn = screen.getByRole('button', { name: 'Get alerts: All fields and teams' })
  fireEvent.click(standIn)
  expect(screen.queryByRole('dialog')).toBeNull()
  release()
  const dialog = await screen.findByRole('dialog', { name: 'Get alerts' }, { timeout: 10_000 })
  expect(dialog.textContent).toContain('All fields and teams')
})
