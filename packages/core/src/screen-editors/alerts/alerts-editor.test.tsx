// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultAlerts } from '../../defaults/alerts.ts'
import type { Alert } from '../../entities/alert.ts'
import { press, pressEscape, tabTo, typeText } from '../../../test-utils/keyboard-testing.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { alertRoutes, defaultAlertRoutes } from './alert-routes.ts'
import { AlertsEditor } from './alerts-editor.tsx'
import type { AlertsEditorProps } from './alerts-editor.tsx'

afterEach(cleanup)

const NOW = new Date('2026-12-01T15:00:00.000Z')

/** Every page the sample content gives, as the admin screen offers them. */
const ROUTES = alertRoutes(DEFAULT_CONTENT)

function show(overrides: Partial<AlertsEditorProps> = {}) {
  const onSave = vi.fn<(next: Alert[]) => Promise<unknown> | void>(() => Promise.resolve())
  render(
    <AlertsEditor
      alerts={defaultAlerts}
      routes={defaultAlertRoutes()}
      now={NOW}
      onSave={onSave}
      {...overrides}
    />,
  )
  return onSave
}

const button = (name: string | RegExp) => screen.getByRole('button', { name })
const item = (title: string) =>
  screen.getByRole('heading', { name: title, level: 4 }).closest('li') as HTMLElement

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

function change(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

async function openAlert(title: string) {
  await click(within(item(title)).getByRole('button', { name: /^Edit/ }))
  return within(item(title))
}

describe('<AlertsEditor/>', () => {
  it('should group the alerts under status and general headings', () => {
    show()
    const status = screen.getByRole('region', { name: 'Status alerts' })
    expect(
      within(status)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Games are on as scheduled'])
  })

  it('should save the whole document with an edited title', async () => {
    const onSave = show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), 'Registration closes Friday')
    await click(button('Save alerts'))
    // With the alerts the form started from, so the store merges it with a newer version.
    expect(onSave).toHaveBeenCalledWith(
      [
        defaultAlerts[0],
        { ...defaultAlerts[1], title: 'Registration closes Friday' },
        defaultAlerts[2],
      ],
      defaultAlerts,
    )
  })

  it('should store a typed start time as an instant in Eastern time', async () => {
    const onSave = show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Starts (Eastern time)'), '2026-11-30T07:30')
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0][1]?.startDate).toBe('2026-11-30T12:30:00.000Z')
  })

  it('should store the pinned switch when toggled', async () => {
    const onSave = show()
    const form = await openAlert('Spring registration opens soon')
    await click(form.getByRole('switch', { name: 'Pinned' }))
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0][1]?.isPinned).toBe(true)
  })

  it('should store the chosen target pages: the first as targetPage, the others beside it', async () => {
    const onSave = show({ routes: ROUTES })
    const form = await openAlert('Spring registration opens soon')
    const showOn = within(form.getByRole('group', { name: 'Show on' }))
    expect(showOn.getByRole('radio', { name: 'Every page' })).toHaveProperty('checked', true)
    await click(showOn.getByRole('radio', { name: 'Only on chosen pages' }))
    expect(showOn.getByRole('status').textContent).toMatch(/No page chosen yet/)
    change(showOn.getByRole('searchbox', { name: 'Find a page' }), '12u')
    // Grouped: the search leaves the Teams group with its 12U teams only.
    const teams = within(showOn.getByRole('group', { name: 'Teams' }))
    expect(
      teams
        .getAllByRole('checkbox')
        .every((box) => /12U/.test(box.parentElement?.textContent ?? '')),
    ).toBe(true)
    expect(showOn.queryByRole('group', { name: 'Site pages' })).toBeNull()
    await click(teams.getByRole('checkbox', { name: /^Big Train 12U/ }))
    change(showOn.getByRole('searchbox', { name: 'Find a page' }), 'programs')
    await click(showOn.getByRole('checkbox', { name: /^Programs \/programs$/ }))
    expect(showOn.getByRole('status').textContent).toBe(
      'Shows on 2 pages: Big Train 12U, Programs.',
    )
    await click(button('Save alerts'))
    const saved = onSave.mock.calls[0]?.[0][1]
    expect([saved?.targetPage, saved?.morePages]).toEqual([
      '/programs/big-train/12u',
      ['/programs'],
    ])
  })

  describe('a newer status for a page', () => {
    const twelve = '/programs/big-train/12u'
    const gamesOn: Alert = {
      ...(defaultAlerts[0] as Alert),
      id: 'games-on-12u',
      title: 'Games on',
      startDate: '2026-12-01T14:00:00.000Z',
      endDate: '2026-12-02T04:59:59.999Z',
      targetPage: twelve,
    }

    async function postGamesOff() {
      const onSave = show({ routes: ROUTES, alerts: [gamesOn] })
      await click(button('Add status alert'))
      const form = within(screen.getByRole('group', { name: 'Edit Untitled alert' }))
      change(form.getByLabelText('Title'), 'Games off tonight')
      change(form.getByLabelText('Status type'), 'game-off')
      await click(form.getByRole('radio', { name: 'Only on chosen pages' }))
      change(form.getByRole('searchbox', { name: 'Find a page' }), 'big train 12u')
      await click(form.getByRole('checkbox', { name: /^Big Train 12U/ }))
      await click(button('Save alerts'))
      return onSave
    }

    it('should ask before retiring the older status it replaces, and keep it in the list', async () => {
      const onSave = await postGamesOff()
      const dialog = screen.getByRole('dialog', {
        name: 'Retire the older status “Games on” for Big Train 12U?',
      })
      expect(onSave).not.toHaveBeenCalled()
      await click(within(dialog).getByRole('button', { name: 'Retire and save' }))
      const saved = onSave.mock.calls[0]?.[0] ?? []
      expect(saved.map((alert) => [alert.title, alert.isActive])).toEqual([
        ['Games on', false],
        ['Games off tonight', true],
      ])
    })

    it('should save both when the older one is kept, and nothing on cancel', async () => {
      const onSave = await postGamesOff()
      await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
      expect(onSave).not.toHaveBeenCalled()
      await click(button('Save alerts'))
      await click(screen.getByRole('button', { name: 'Keep it and save' }))
      expect(onSave.mock.calls[0]?.[0].map((alert) => alert.isActive)).toEqual([true, true])
    })
  })

  it('should say when no page matches the search', async () => {
    show({ routes: ROUTES })
    const form = await openAlert('Spring registration opens soon')
    await click(form.getByRole('radio', { name: 'Only on chosen pages' }))
    change(form.getByRole('searchbox', { name: 'Find a page' }), 'zzz')
    expect(form.getByText('No page matches “zzz”.')).toBeTruthy()
  })

  it('should show the stored target page ticked, and every page again when untargeted', async () => {
    const onSave = show({ routes: ROUTES })
    const form = await openAlert('Check field status before you leave')
    expect(
      within(item('Check field status before you leave')).getByText(/Only on Fields & Status/),
    ).toBeTruthy()
    expect(form.getByRole('checkbox', { name: /^Fields & Status/ })).toHaveProperty('checked', true)
    await click(form.getByRole('radio', { name: 'Every page' }))
    await click(button('Save alerts'))
    const saved = onSave.mock.calls[0]?.[0][2]
    expect([saved?.targetPage, saved?.morePages]).toEqual([undefined, undefined])
  })

  it('should block saving an alert without a title and say why', async () => {
    const onSave = show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), '   ')
    await click(button('Save alerts'))
    expect([onSave.mock.calls.length, screen.getByText('Give the alert a title.')]).toEqual([
      0,
      expect.anything(),
    ])
  })

  it('should tie the error to the invalid field', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), '')
    await click(button('Save alerts'))
    const title = screen.getByLabelText('Title')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Give the alert a title.').id).toBe(
      title.getAttribute('aria-describedby'),
    )
  })

  it('should announce how many problems stop the save', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), '')
    await click(button('Save alerts'))
    expect(screen.getByRole('alert').textContent).toBe(
      'Fix the problem marked above before saving.',
    )
  })

  it('should move focus to the first invalid field when the save is blocked', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), '')
    await click(button('Save alerts'))
    expect(document.activeElement).toBe(screen.getByLabelText('Title'))
  })

  it('should refuse an end before the start', async () => {
    const onSave = show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Ends (Eastern time)'), '2026-11-01T08:00')
    await click(button('Save alerts'))
    expect([onSave.mock.calls.length, form.getByText('The end must be after the start.')]).toEqual([
      0,
      expect.anything(),
    ])
  })

  it('should refuse a link the site would not render', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Link'), 'javascript:alert(1)')
    await click(button('Save alerts'))
    expect(form.getByText(/The javascript: scheme is not allowed/)).toBeTruthy()
  })

  it('should accept a tel: link', async () => {
    const onSave = show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Link'), 'tel:+1-301-555-0100')
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0][1]?.link).toBe('tel:+1-301-555-0100')
  })

  it('should say "Visible now" for an alert a visitor sees', () => {
    show()
    expect(within(item('Spring registration opens soon')).getByText('Visible now')).toBeTruthy()
  })

  it('should list the reasons an alert is not visible', () => {
    const ended = { ...defaultAlerts[1]!, isActive: false, endDate: '2026-11-30T17:00:00.000Z' }
    show({ alerts: [ended] })
    expect(
      within(item('Spring registration opens soon')).getByText(
        'Not visible: inactive; ended November 30, 2026, 12:00 PM',
      ),
    ).toBeTruthy()
  })

  it('should update the visibility as the active switch changes', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    await click(form.getByRole('switch', { name: 'Active' }))
    expect(form.getByText('Not visible: inactive')).toBeTruthy()
  })

  it('should say where a targeted alert shows', () => {
    show()
    expect(
      within(item('Check field status before you leave')).getByText(
        'Only on Fields & Status (/fields)',
      ),
    ).toBeTruthy()
  })

  it('should move an alert down within its group', async () => {
    const onSave = show()
    await click(
      within(item('Spring registration opens soon')).getByRole('button', { name: /^Move down/ }),
    )
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0].map((alert) => alert.id)).toEqual([
      'alert-game-status',
      'alert-weather-policy',
      'alert-registration-open',
    ])
  })

  it('should not offer to move the only alert of a group', () => {
    show()
    const buttons = within(item('Games are on as scheduled'))
    expect(
      [/^Move up/, /^Move down/].map(
        (name) => (buttons.getByRole('button', { name }) as HTMLButtonElement).disabled,
      ),
    ).toEqual([true, true])
  })

  it('should delete an alert once the dialog is confirmed', async () => {
    const onSave = show()
    await click(
      within(item('Spring registration opens soon')).getByRole('button', { name: /^Delete/ }),
    )
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete alert' }))
    await click(button('Save alerts'))
    expect(onSave).toHaveBeenCalledWith([defaultAlerts[0], defaultAlerts[2]], defaultAlerts)
  })

  it('should keep the alert when the deletion is cancelled', async () => {
    show()
    await click(
      within(item('Spring registration opens soon')).getByRole('button', { name: /^Delete/ }),
    )
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }))
    expect(item('Spring registration opens soon')).toBeTruthy()
  })

  it('should add a status alert with a game-on status and the current time', async () => {
    const onSave = show({ alerts: [] })
    await click(button('Add status alert'))
    typeText('Fields closed today')
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({
        alert_category: 'status',
        status_type: 'game-on',
        title: 'Fields closed today',
        startDate: NOW.toISOString(),
        // Today only, by default: it ends at midnight at the club (EST, UTC-5).
        endDate: '2026-12-02T04:59:59.999Z',
        isActive: true,
      }),
    ])
    expect(onSave.mock.calls[0]?.[0][0]?.explicitEnd).toBeUndefined()
  })

  it('should offer today only for a status, with no end to type, by default', async () => {
    show({ alerts: [] })
    await click(button('Add status alert'))
    const runs = screen.getByLabelText('Runs') as HTMLSelectElement
    expect(runs.value).toBe('day')
    expect(runs.selectedOptions[0]?.textContent).toBe('Today only (ends at midnight)')
    expect(screen.queryByLabelText('Ends (Eastern time)')).toBeNull()
  })

  it('should let staff run a status for several days, to an end they choose', async () => {
    const onSave = show({ alerts: [] })
    await click(button('Add status alert'))
    typeText('Hollow Oak Park closed through Sunday')
    change(screen.getByLabelText('Runs'), 'until')
    change(screen.getByLabelText('Ends (Eastern time)'), '2026-12-06T20:00')
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0][0]).toMatchObject({
      explicitEnd: true,
      endDate: '2026-12-07T01:00:00.000Z',
    })
  })

  it('should end a today-only status with the day its start is moved to', async () => {
    const onSave = show({ alerts: [] })
    await click(button('Add status alert'))
    typeText('Games are on')
    // 11:30 PM on December 3 (EST): it ends half an hour later, at midnight.
    change(screen.getByLabelText('Starts (Eastern time)'), '2026-12-03T23:30')
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0][0]).toMatchObject({
      startDate: '2026-12-04T04:30:00.000Z',
      endDate: '2026-12-04T04:59:59.999Z',
    })
  })

  it('should say why a status of an earlier day is not visible', () => {
    // Posted on November 30 with an end a week on: a status is for its day.
    const earlier = {
      ...defaultAlerts[0]!,
      startDate: '2026-11-30T14:00:00.000Z',
      endDate: '2026-12-07T14:00:00.000Z',
    }
    show({ alerts: [earlier] })
    expect(
      within(item('Games are on as scheduled')).getByText(
        'Not visible: a status is for its day only — this one was for November 30, 2026',
      ),
    ).toBeTruthy()
  })

  it('should drop the status type of an alert moved to the general category', async () => {
    const onSave = show()
    const form = await openAlert('Games are on as scheduled')
    change(form.getByLabelText('Category'), 'general')
    await click(button('Save alerts'))
    expect(onSave.mock.calls[0]?.[0][0]).toMatchObject({
      alert_category: 'general',
      status_type: null,
    })
  })

  it('should confirm a save in the status region', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), 'Registration closes Friday')
    await click(button('Save alerts'))
    expect(screen.getByRole('status').textContent).toBe('All changes saved.')
  })

  it('should keep the edits and say so when the save fails', async () => {
    show({ onSave: () => Promise.reject(new Error('Network down.')) })
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), 'Registration closes Friday')
    await click(button('Save alerts'))
    expect([
      screen.getByRole('alert').textContent,
      (screen.getByLabelText('Title') as HTMLInputElement).value,
    ]).toEqual(['Could not save Alerts. Network down.', 'Registration closes Friday'])
  })

  it('should put back the stored alerts when the changes are discarded', async () => {
    show()
    const form = await openAlert('Spring registration opens soon')
    change(form.getByLabelText('Title'), 'Something else')
    await click(button('Discard changes'))
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
      'Spring registration opens soon',
    )
  })

  it('should take a newly stored document when the form has no edits', () => {
    const props = {
      routes: defaultAlertRoutes(),
      now: NOW,
      onSave: () => undefined,
    }
    const { rerender } = render(<AlertsEditor alerts={defaultAlerts} {...props} />)
    rerender(<AlertsEditor alerts={[defaultAlerts[0]!]} {...props} />)
    expect(screen.getAllByRole('heading', { level: 4 })).toHaveLength(1)
  })

  it('should label every control', async () => {
    show()
    await openAlert('Spring registration opens soon')
    const unlabelled = [...document.querySelectorAll('input, select, textarea, button')].filter(
      (control) =>
        (control.textContent ?? '').trim() === '' &&
        !control.getAttribute('aria-label') &&
        !(control.id && document.querySelector(`label[for="${control.id}"]`)) &&
        !control.closest('label'),
    )
    expect(unlabelled).toEqual([])
  })
})

describe('<AlertsEditor/> from the keyboard', () => {
  it('should edit a title and save with Tab, typing and Enter alone', async () => {
    const onSave = show()
    tabTo(within(item('Spring registration opens soon')).getByRole('button', { name: /^Edit/ }))
    await press('Enter')
    tabTo(screen.getByLabelText('Title'))
    typeText('Registration closes Friday')
    tabTo(button('Save alerts'))
    await press('Enter')
    expect(onSave.mock.calls[0]?.[0][1]?.title).toBe('Registration closes Friday')
  })

  it('should toggle a switch with Space', async () => {
    show()
    tabTo(within(item('Spring registration opens soon')).getByRole('button', { name: /^Edit/ }))
    await press('Enter')
    tabTo(screen.getByRole('switch', { name: 'Pinned' }))
    await press(' ')
    expect(screen.getByRole('switch', { name: 'Pinned' }).getAttribute('aria-checked')).toBe('true')
  })

  it('should keep focus on the moved alert’s button', async () => {
    show()
    tabTo(
      within(item('Spring registration opens soon')).getByRole('button', { name: /^Move down/ }),
    )
    await press('Enter')
    expect(document.activeElement).toBe(
      within(item('Spring registration opens soon')).getByRole('button', { name: /^Move up/ }),
    )
  })

  it('should put focus in the new alert’s title after adding one', async () => {
    show()
    tabTo(button('Add general alert'))
    await press('Enter')
    expect(document.activeElement).toBe(within(item('Untitled alert')).getByLabelText('Title'))
  })

  it('should close the delete dialog with Escape and keep the alert', async () => {
    show()
    tabTo(within(item('Spring registration opens soon')).getByRole('button', { name: /^Delete/ }))
    await press('Enter')
    await pressEscape()
    expect([screen.queryByRole('dialog'), item('Spring registration opens soon')]).toEqual([
      null,
      expect.anything(),
    ])
  })

  it('should move focus to the next alert after a deletion', async () => {
    show()
    tabTo(within(item('Spring registration opens soon')).getByRole('button', { name: /^Delete/ }))
    await press('Enter')
    tabTo(screen.getByRole('button', { name: 'Delete alert' }))
    await press('Enter')
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(item('Check field status before you leave')).getByRole('button', {
          name: /^Edit/,
        }),
      ),
    )
  })
})
