// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { Alert } from '../../entities/alert.ts'
import type { AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import { defaultAlertRoutes } from './alert-routes.ts'
import { AlertsEditor } from './alerts-editor.tsx'
import { announcesToFamilies, audienceText } from './notify-families.tsx'

afterEach(cleanup)

const NOW = new Date('2026-12-01T15:00:00.000Z')

const gamesOn: Alert = {
  id: 'status-today',
  alert_category: 'status',
  status_type: 'game-on',
  type: 'weather',
  title: 'Games are on',
  message: 'All fields are open.',
  startDate: '2026-12-01T12:00:00.000Z',
  endDate: '2026-12-02T04:59:00.000Z',
  isActive: true,
  isPinned: false,
  link: '',
  linkText: '',
  targetPage: '/programs/big-train/12u',
}

describe('announcesToFamilies', () => {
  it('should be true for a live status decision that is new or changed, and only then', () => {
    expect(announcesToFamilies(gamesOn, [], NOW)).toBe(true)
    expect(announcesToFamilies(gamesOn, [gamesOn], NOW)).toBe(false)
    expect(announcesToFamilies({ ...gamesOn, title: 'All games cancelled' }, [gamesOn], NOW)).toBe(
      true,
    )
    expect(announcesToFamilies(gamesOn, [{ ...gamesOn, isActive: false }], NOW)).toBe(true)
    // Another category: announced when it is limited to a team's or a program's page (news for
    // that team's families), and only then.
    const general = { ...gamesOn, alert_category: 'general', status_type: null } as const
    expect(announcesToFamilies(general, [], NOW)).toBe(true)
    expect(announcesToFamilies({ ...general, targetPage: '/team/select-13u' }, [], NOW)).toBe(true)
    expect(announcesToFamilies({ ...general, targetPage: 'programs/select' }, [], NOW)).toBe(true)
    expect(announcesToFamilies({ ...general, targetPage: '/fields' }, [], NOW)).toBe(false)
    expect(announcesToFamilies({ ...general, targetPage: undefined }, [], NOW)).toBe(false)
    expect(
      announcesToFamilies({ ...general, targetPage: '/about', morePages: ['/dmv/2027'] }, [], NOW),
    ).toBe(true)
    expect(announcesToFamilies({ ...gamesOn, isActive: false }, [], NOW)).toBe(false)
    // Not live yet: published later, by the cron's read of it, never announced by this save.
    expect(
      announcesToFamilies({ ...gamesOn, startDate: '2026-12-01T20:00:00.000Z' }, [], NOW),
    ).toBe(false)
  })
})

describe('audienceText', () => {
  it('should say how many by each channel and what it concerns', () => {
    expect(audienceText({ email: 120, push: 97, everyone: false, names: ['Big Train 12U'] })).toBe(
      'Saving will notify 120 families by email and 97 devices by push (Big Train 12U).',
    )
    expect(audienceText({ email: 1, push: 0, everyone: true, names: [] })).toBe(
      'Saving will notify 1 family by email (everyone who follows the club).',
    )
    expect(audienceText({ email: 0, push: 0, everyone: false, names: ['Flash 10U'] })).toBe(
      'No family follows what this alert concerns yet: nobody will be notified.',
    )
  })
})

describe('<AlertsEditor/> before publishing', () => {
  it('should say whom a changed status alert will notify, and save “Don’t notify” with it', async () => {
    const lookup = vi.fn<AlertAudienceLookup>(() =>
      Promise.resolve({
        ok: true as const,
        value: { email: 12, push: 3, everyone: false, names: ['Big Train 12U'] },
      }),
    )
    const onSave = vi.fn<(next: Alert[]) => Promise<unknown>>(() => Promise.resolve())
    const stored = [gamesOn]
    const { rerender } = render(
      <AlertsEditor
        alerts={stored}
        routes={defaultAlertRoutes()}
        now={NOW}
        onSave={onSave}
        audience={lookup}
      />,
    )
    // Unchanged: nothing is announced, so nothing is said.
    expect(screen.queryByText(/Saving will notify/)).toBeNull()
    rerender(
      <AlertsEditor
        alerts={[{ ...gamesOn, message: 'Fields 1 and 2 are open.' }]}
        routes={defaultAlertRoutes()}
        now={NOW}
        onSave={onSave}
        audience={lookup}
      />,
    )
    // The stored document is newer than the form's base; the form follows it (no edits).
    const card = screen.getByRole('heading', { name: 'Games are on', level: 4 }).closest('li')!
    await act(async () => {
      fireEvent.click(within(card as HTMLElement).getByRole('button', { name: /^Edit/ }))
    })
    const title = within(card as HTMLElement).getByRole('textbox', { name: /Title/ })
    fireEvent.change(title, { target: { value: 'All games cancelled' } })
    expect(
      await screen.findByText(
        'Saving will notify 12 families by email and 3 devices by push (Big Train 12U).',
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy()
    expect(lookup).toHaveBeenLastCalledWith(['/programs/big-train/12u'])

    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'Don’t notify families' }))
    })
    expect(screen.getByText('Families will not be notified of this alert.')).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save alerts' }))
    })
    expect(onSave).toHaveBeenCalledTimes(1)
    expect(onSave.mock.calls[0]![0][0]).toMatchObject({
      id: 'status-today',
      title: 'All games cancelled',
      notifyFamilies: false,
    })
  })
})
