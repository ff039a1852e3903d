// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import type { Alert } from '../../entities/alert.ts'
import type { AlertAudienceLookup } from '../../forms/family-alerts-types.ts'
import type { FieldsContent } from '../../entities/fields-content.ts'
import { press, tabTo, typeText } from '../../../test-utils/keyboard-testing.ts'
import { FieldStatusEditor } from './field-status-editor.tsx'
import type { FieldStatusEditorProps } from './field-status-editor.tsx'

afterEach(cleanup)

const NOW = new Date('2026-12-05T12:30:00.000Z')

function show(overrides: Partial<FieldStatusEditorProps> = {}) {
  const onSave = vi.fn<(next: FieldsContent) => Promise<unknown> | void>(() => Promise.resolve())
  const onSaveAlerts = vi.fn<(next: Alert[], base: Alert[]) => Promise<unknown> | void>(() =>
    Promise.resolve(),
  )
  render(
    <FieldStatusEditor
      fieldsContent={defaultFieldsContent}
      alerts={[]}
      now={NOW}
      onSave={onSave}
      onSaveAlerts={onSaveAlerts}
      {...overrides}
    />,
  )
  // The alert posted: the first of the list saved.
  const posted = () => onSaveAlerts.mock.calls[0]?.[0][0]
  return { onSave, onSaveAlerts, posted }
}

const group = (name: string) => screen.getByRole('group', { name: new RegExp(`^${name}`) })

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

async function closeHollowOak(reason = 'Standing water') {
  await click(within(group('Hollow Oak Park')).getByRole('radio', { name: 'Closed' }))
  fireEvent.change(screen.getByLabelText('Reason for Hollow Oak Park'), {
    target: { value: reason },
  })
}

const publishButton = () => screen.getByRole('button', { name: /^Publish/ })

describe('<FieldStatusEditor/>', () => {
  it('should show each field with its current status chosen', () => {
    show()
    const checked = within(group('Cedar Bend Park')).getByRole('radio', { checked: true })
    expect(checked.getAttribute('value')).toBe('closed')
  })

  it('should count the changed fields on the publish button', async () => {
    show()
    await closeHollowOak()
    expect(publishButton().textContent).toBe('Publish 1 change')
  })

  it('should save the whole document with the changed field stamped with now', async () => {
    const { onSave } = show()
    await closeHollowOak()
    await click(publishButton())
    const [first, ...rest] = defaultFieldsContent.fields
    expect(onSave).toHaveBeenCalledWith(
      {
        ...defaultFieldsContent,
        fields: [
          {
            ...first,
            status: 'closed',
            statusReason: 'Standing water',
            statusUpdatedAt: NOW.toISOString(),
          },
          ...rest,
        ],
      },
      // The document the form started from, so the store merges it with a newer version.
      defaultFieldsContent,
    )
  })

  it('should take the time from a clock function when publishing', async () => {
    const later = new Date('2026-12-05T13:00:00.000Z')
    const { onSave } = show({ now: () => later })
    await closeHollowOak()
    await click(publishButton())
    expect(onSave.mock.calls[0]?.[0].fields[0]?.statusUpdatedAt).toBe(later.toISOString())
  })

  it('should ask for a reason when a field is closed without one', async () => {
    const { onSave } = show()
    await closeHollowOak('')
    await click(publishButton())
    expect([
      onSave.mock.calls.length,
      screen.getByText('Say why Hollow Oak Park is closed.'),
    ]).toEqual([0, expect.anything()])
  })

  it('should announce the problem and focus the reason when publishing is blocked', async () => {
    show()
    await closeHollowOak('')
    await click(publishButton())
    expect([screen.getByRole('alert').textContent, document.activeElement]).toEqual([
      'Fix the problem marked below before publishing.',
      screen.getByLabelText('Reason for Hollow Oak Park'),
    ])
  })

  it('should say there is nothing to publish before any change', async () => {
    const { onSave } = show()
    await click(publishButton())
    expect([onSave.mock.calls.length, screen.getByRole('status').textContent]).toEqual([
      0,
      'Nothing to publish: change a field’s status or reason first.',
    ])
  })

  it('should offer a prefilled status alert after publishing', async () => {
    show()
    await closeHollowOak()
    await click(publishButton())
    const offer = screen.getByRole('region', { name: 'Post a matching status alert?' })
    expect((within(offer).getByLabelText('Alert title') as HTMLInputElement).value).toBe(
      'Hollow Oak Park is closed',
    )
  })

  it('should say before publishing whom closing a field will notify, and store “Don’t notify” on the field', async () => {
    const audience = vi.fn<AlertAudienceLookup>(() =>
      Promise.resolve({
        ok: true as const,
        value: { email: 3, push: 1, everyone: false, names: ['Hollow Oak Park'] },
      }),
    )
    const { onSave, posted } = show({ audience })
    // Nothing changed yet: nothing to announce, no count.
    expect(screen.queryByText(/^Publishing will notify/)).toBeNull()
    await closeHollowOak()
    expect(
      await screen.findByText(
        'Publishing will notify 3 families by email and 1 device by push (Hollow Oak Park).',
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy()
    // Whom the function counts: that one field's followers (and the club's).
    expect(audience).toHaveBeenLastCalledWith(['/fields#hollow-oak'])
    await click(screen.getByRole('checkbox', { name: 'Don’t notify families' }))
    expect(screen.getByText('Families will not be notified of this change.')).toBeTruthy()
    await click(publishButton())
    const saved = onSave.mock.calls[0]![0]
    expect(saved.fields.find((field) => field.id === 'hollow-oak')).toMatchObject({
      status: 'closed',
      notifyFamilies: false,
    })
    // The other fields keep no choice of their own.
    expect(saved.fields.filter((field) => 'notifyFamilies' in field)).toHaveLength(1)
    // The publish told nobody, so the offered alert counts as usual.
    const offer = screen.getByRole('region', { name: 'Post a matching status alert?' })
    expect(within(offer).queryByText(/were notified when you published/)).toBeNull()
    await click(within(offer).getByRole('button', { name: 'Post alert' }))
    expect(posted()).not.toHaveProperty('notifyFamilies')
  })

  it('should start the offered alert silent after a publish that told the field’s followers, and count everyone once unticked', async () => {
    const audience = vi.fn<AlertAudienceLookup>(() =>
      Promise.resolve({
        ok: true as const,
        value: { email: 40, push: 0, everyone: true, names: [] },
      }),
    )
    const { onSave, posted } = show({ audience })
    await closeHollowOak()
    await click(publishButton())
    expect(onSave.mock.calls[0]![0].fields.some((field) => 'notifyFamilies' in field)).toBe(false)
    const offer = screen.getByRole('region', { name: 'Post a matching status alert?' })
    expect(
      within(offer).getByText(
        /^The families who follow Hollow Oak Park were notified when you published\./,
      ),
    ).toBeTruthy()
    expect(within(offer).getByText('Families will not be notified of this alert.')).toBeTruthy()
    await click(within(offer).getByRole('checkbox', { name: 'Don’t notify families' }))
    expect(
      await within(offer).findByText(
        'Saving will notify 40 families by email (everyone who follows the club).',
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy()
    // Shown on every page: club-wide.
    expect(audience).toHaveBeenLastCalledWith([])
    await click(within(offer).getByRole('checkbox', { name: 'Don’t notify families' }))
    await click(within(offer).getByRole('button', { name: 'Post alert' }))
    expect(posted()).toMatchObject({ title: 'Hollow Oak Park is closed', notifyFamilies: false })
  })

  it('should post the offered alert when confirmed', async () => {
    const { posted } = show()
    await closeHollowOak()
    await click(publishButton())
    await click(screen.getByRole('button', { name: 'Post alert' }))
    expect(posted()).toEqual(
      expect.objectContaining({
        alert_category: 'status',
        status_type: 'game-off',
        title: 'Hollow Oak Park is closed',
        message: 'Hollow Oak Park: closed. Standing water.',
        link: '/fields#field-status',
        startDate: NOW.toISOString(),
      }),
    )
  })

  it('should show the offered alert until tonight by default, or tomorrow, or a chosen time', async () => {
    const { posted } = show()
    await closeHollowOak()
    await click(publishButton())
    const offer = within(screen.getByRole('region', { name: 'Post a matching status alert?' }))
    // 7:30 AM on Saturday, December 5 at the club: tonight is that day's end, not 24 hours on.
    expect(offer.getByText(/shown on every page until/).textContent).toContain(
      'until tonight (December 5, 2026, 11:59 PM)',
    )
    const run = within(offer.getByRole('group', { name: 'Show it until' }))
    expect(run.getByRole('radio', { name: 'Tonight (until midnight)' })).toHaveProperty(
      'checked',
      true,
    )
    await click(run.getByRole('radio', { name: 'Tomorrow (until midnight)' }))
    expect(offer.getByText(/shown on every page until/).textContent).toContain(
      'until tomorrow night (December 6, 2026, 11:59 PM)',
    )
    await click(run.getByRole('radio', { name: 'Until a time I choose' }))
    const ends = offer.getByLabelText('Ends (Eastern time)')
    // A time before now is refused with a reason, and nothing is posted.
    fireEvent.change(ends, { target: { value: '2026-12-05T06:00' } })
    await click(offer.getByRole('button', { name: 'Post alert' }))
    expect(posted()).toBeUndefined()
    expect(ends.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(ends, { target: { value: '2026-12-05T21:00' } })
    await click(offer.getByRole('button', { name: 'Post alert' }))
    expect(posted()).toEqual(
      expect.objectContaining({ endDate: '2026-12-06T02:00:00.000Z', explicitEnd: true }),
    )
  })

  it('should post tonight’s alert as a status for its day', async () => {
    const { posted } = show()
    await closeHollowOak()
    await click(publishButton())
    await click(screen.getByRole('button', { name: 'Post alert' }))
    expect(posted()?.endDate).toBe('2026-12-06T04:59:59.999Z')
    expect(posted()?.explicitEnd).toBeUndefined()
  })

  it('should post the alert with the words the user changed', async () => {
    const { posted } = show()
    await closeHollowOak()
    await click(publishButton())
    fireEvent.change(screen.getByLabelText('Alert title'), { target: { value: 'Rainout' } })
    await click(screen.getByRole('button', { name: 'Post alert' }))
    expect(posted()?.title).toBe('Rainout')
  })

  it('should post nothing when the offer is skipped', async () => {
    const { onSaveAlerts } = show()
    await closeHollowOak()
    await click(publishButton())
    await click(screen.getByRole('button', { name: 'Skip' }))
    expect([onSaveAlerts.mock.calls.length, screen.getByRole('status').textContent]).toEqual([
      0,
      'Field status published. No alert posted.',
    ])
  })

  it('should keep the edits and offer no alert when publishing fails', async () => {
    show({ onSave: () => Promise.reject(new Error('Offline.')) })
    await closeHollowOak()
    await click(publishButton())
    expect([
      screen.getByRole('alert').textContent,
      publishButton().textContent,
      screen.queryByRole('button', { name: 'Post alert' }),
    ]).toEqual(['Could not publish field status. Offline.', 'Publish 1 change', null])
  })

  it('should not call a save kept on the device published, nor offer an alert', async () => {
    show({ onSave: () => Promise.resolve('kept') })
    await closeHollowOak()
    await click(publishButton())
    const said = screen.getByRole('status').textContent ?? ''
    expect([
      said.startsWith('Not published yet'),
      said.includes('published.'),
      screen.queryByRole('region', { name: /alert\?$/ }),
    ]).toEqual([true, false, null])
  })

  it('should show the published status until the parent passes a newer document', async () => {
    show()
    await closeHollowOak()
    await click(publishButton())
    expect(
      within(group('Hollow Oak Park')).getByRole('radio', { checked: true }).getAttribute('value'),
    ).toBe('closed')
  })

  it('should clear the reason when a closed field is reopened', async () => {
    show()
    await click(within(group('Cedar Bend Park')).getByRole('radio', { name: 'Open' }))
    expect((screen.getByLabelText('Reason for Cedar Bend Park') as HTMLInputElement).value).toBe('')
  })

  it('should offer to take down the closure alert of a reopened field, and do so', async () => {
    const closure: Alert = {
      id: 'alert-field-status-old',
      alert_category: 'status',
      status_type: 'game-off',
      type: 'weather',
      title: 'Cedar Bend Park is closed',
      message: 'Cedar Bend Park: closed. Renovation.',
      startDate: '2026-11-16T14:00:00.000Z',
      endDate: '2026-12-16T14:00:00.000Z',
      isActive: true,
      isPinned: true,
      link: '/fields#field-status',
      linkText: 'Check field status',
    }
    const { onSaveAlerts } = show({ alerts: [closure] })
    await click(within(group('Cedar Bend Park')).getByRole('radio', { name: 'Open' }))
    await click(publishButton())
    screen.getByRole('region', { name: 'Take down the closure alert?' })
    await click(screen.getByRole('button', { name: 'Take down the alert' }))
    expect([onSaveAlerts.mock.calls[0]?.[0], screen.getByRole('status').textContent]).toEqual([
      [],
      'Field status published. The out-of-date alert was taken down.',
    ])
  })

  it('should ask, as the alerts editor does, before retiring the older status the alert replaces', async () => {
    const gamesOn: Alert = {
      id: 'alert-games-on',
      alert_category: 'status',
      status_type: 'game-on',
      type: 'weather',
      title: 'Games are on as scheduled',
      message: 'All fields are open.',
      startDate: '2026-12-05T11:00:00.000Z',
      endDate: '2026-12-06T04:59:00.000Z',
      isActive: true,
      isPinned: true,
      link: '',
      linkText: '',
    }
    const { onSaveAlerts, posted } = show({ alerts: [gamesOn] })
    await closeHollowOak()
    await click(publishButton())
    await click(screen.getByRole('button', { name: 'Post alert' }))
    const ask = screen.getByRole('dialog', {
      name: 'Retire the older status “Games are on as scheduled” on every page?',
    })
    expect(onSaveAlerts.mock.calls.length).toBe(0)
    await click(within(ask).getByRole('button', { name: 'Retire and save' }))
    // Turned off, not deleted: it stays in the list and in the history.
    expect([
      posted()?.title,
      onSaveAlerts.mock.calls[0]?.[0].slice(1).map((a) => [a.id, a.isActive]),
      screen.getByRole('status').textContent,
    ]).toEqual([
      'Hollow Oak Park is closed',
      [['alert-games-on', false]],
      'Field status published and the alert posted.',
    ])
  })

  it('should put the stored status back when the changes are discarded', async () => {
    show()
    await closeHollowOak()
    await click(screen.getByRole('button', { name: 'Discard changes' }))
    expect(
      within(group('Hollow Oak Park')).getByRole('radio', { checked: true }).getAttribute('value'),
    ).toBe('open')
  })
})

describe('<FieldStatusEditor/> from the keyboard', () => {
  it('should close a field, publish and post the alert with Tab, typing, Space and Enter', async () => {
    const { onSave, onSaveAlerts } = show()
    tabTo(within(group('Hollow Oak Park')).getByRole('radio', { name: 'Closed' }))
    await press(' ')
    tabTo(screen.getByLabelText('Reason for Hollow Oak Park'))
    typeText('Standing water')
    tabTo(publishButton())
    await press('Enter')
    tabTo(screen.getByRole('button', { name: 'Post alert' }))
    await press('Enter')
    expect([onSave.mock.calls.length, onSaveAlerts.mock.calls.length]).toEqual([1, 1])
  })

  it('should move focus to the offer once published', async () => {
    show()
    await closeHollowOak()
    tabTo(publishButton())
    await press('Enter')
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Post a matching status alert?' }),
    )
  })
})
