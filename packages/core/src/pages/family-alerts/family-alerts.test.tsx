// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { FamilyAlertsService, MyAlerts } from '../../forms/family-alerts-types.ts'
import { GetAlerts } from './get-alerts.tsx'
import { MyAlertsPage, RETENTION } from './my-alerts-page.tsx'

afterEach(cleanup)

/** The text of the elements `element` is described by. */
function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim()
}

function subscribeWith(result: Awaited<ReturnType<FamilyAlertsService['subscribe']>>) {
  return vi.fn<FamilyAlertsService['subscribe']>(() => Promise.resolve(result))
}

function openDialog(subscribe: FamilyAlertsService['subscribe']) {
  render(
    <GetAlerts
      follow={{ kind: 'team', ref: 'big-train-12u' }}
      name="Big Train 12U"
      alerts={{ subscribe }}
    />,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Get alerts: Big Train 12U' }))
  return screen.getByRole('dialog', { name: 'Get alerts' })
}

describe('GetAlerts', () => {
  it('should tell an iPhone outside the Home Screen how to get alerts there, and ask for no permission', async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1',
      )
    const pushKey = vi.fn<FamilyAlertsService['pushKey']>(() =>
      Promise.resolve({ ok: true, value: 'key' }),
    )
    const pushSubscribe = vi.fn<FamilyAlertsService['pushSubscribe']>()
    try {
      render(
        <GetAlerts
          follow={{ kind: 'team', ref: 'big-train-12u' }}
          name="Big Train 12U"
          alerts={{
            subscribe: subscribeWith({ ok: true, value: undefined }),
            pushKey,
            pushSubscribe,
          }}
        />,
      )
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: 'Get alerts: Big Train 12U' })),
      )
      const dialog = screen.getByRole('dialog', { name: 'Get alerts' })
      const iphone = within(dialog).getByRole('region', { name: 'On this iPhone or iPad' })
      expect(iphone.textContent).toContain(
        'On iPhone and iPad, alerts on the device work only from the Home Screen',
      )
      expect(
        within(iphone)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Tap the Share button in Safari.',
        'Tap “Add to Home Screen”, then “Add”.',
        'Open the club’s site from its Home Screen icon.',
        'Tap “Get alerts” again, then “Push on this device”.',
      ])
      expect(within(dialog).queryByRole('button', { name: 'Push on this device' })).toBeNull()
      expect(pushKey).not.toHaveBeenCalled()
      // Email stays offered.
      expect(within(dialog).getByLabelText('Email')).toBeTruthy()
    } finally {
      agent.mockRestore()
    }
  })

  it('should name what it covers, send the address and the honeypot, and say to check the inbox', async () => {
    const subscribe = subscribeWith({ ok: true, value: undefined })
    const dialog = openDialog(subscribe)
    expect(describedBy(dialog)).toBe(
      'Big Train 12U: cancellations, field closures and schedule changes',
    )
    fireEvent.change(within(dialog).getByLabelText('Email'), {
      target: { value: ' parent@example.com ' },
    })
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a confirmation link' })),
    )
    expect(subscribe).toHaveBeenCalledWith({
      email: 'parent@example.com',
      follow: { kind: 'team', ref: 'big-train-12u' },
      website: '',
    })
    expect(within(dialog).getByRole('status').textContent).toContain('Check your inbox to confirm')
  })

  it('should refuse an address that is not one, and keep the text after a failed send', async () => {
    const subscribe = subscribeWith({
      ok: false,
      message:
        "We could not reach the club's server. Check your connection, then try again: nothing was lost.",
    })
    const dialog = openDialog(subscribe)
    const email = within(dialog).getByLabelText('Email')
    fireEvent.change(email, { target: { value: 'parent@' } })
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a confirmation link' })),
    )
    expect(subscribe).not.toHaveBeenCalled()
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(email)).toBe('Enter your email address, like parent@example.com.')

    fireEvent.change(email, { target: { value: 'parent@example.com' } })
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Send me a confirmation link' })),
    )
    expect(within(dialog).getByRole('alert').textContent).toContain(
      "We could not reach the club's server",
    )
    expect((email as HTMLInputElement).value).toBe('parent@example.com')
  })
})

const alerts: MyAlerts = {
  email: 'parent@example.com',
  unsubscribed: false,
  token: 't',
  follows: [{ kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U', confirmed: true }],
}

describe('MyAlertsPage', () => {
  const handlers = () => ({
    onFollow: vi.fn(),
    onUnfollow: vi.fn(),
    onUnsubscribe: vi.fn(),
    onDelete: vi.fn(),
  })

  it('should list what the address follows, add and remove, and ask before deleting everything', () => {
    const on = handlers()
    render(
      <MyAlertsPage
        state={{ kind: 'ready', alerts }}
        options={[
          { kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U', group: 'Teams' },
          { kind: 'field', ref: 'briar-meadow', name: 'Briar Meadow', group: 'Fields' },
        ]}
        {...on}
      />,
    )
    expect(screen.getByRole('list', { name: 'What you follow' }).textContent).toContain(
      'Big Train 12U: cancellations, field closures and schedule changes',
    )
    // What it follows already is not offered again.
    const add = screen.getByLabelText('Add alerts for')
    expect(within(add).queryByRole('option', { name: 'Big Train 12U' })).toBeNull()
    fireEvent.change(add, { target: { value: 'field:briar-meadow' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(on.onFollow).toHaveBeenCalledWith({ kind: 'field', ref: 'briar-meadow' })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Big Train 12U' }))
    expect(on.onUnfollow).toHaveBeenCalledWith(alerts.follows[0])
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all alerts' }))
    expect(on.onUnsubscribe).toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Delete everything for this address' }))
    expect(on.onDelete).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete everything' }))
    expect(on.onDelete).toHaveBeenCalled()
    expect(screen.getByText(RETENTION)).toBeTruthy()
  })

  it('should show a subscribed device what it follows, without a link, to add, remove and stop', () => {
    const on = {
      ...handlers(),
      onDeviceFollow: vi.fn(),
      onDeviceUnfollow: vi.fn(),
      onDeviceStop: vi.fn(),
    }
    const { rerender } = render(
      <MyAlertsPage
        state={{ kind: 'no-link' }}
        options={[
          { kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U', group: 'Teams' },
          { kind: 'field', ref: 'briar-meadow', name: 'Briar Meadow', group: 'Fields' },
        ]}
        device={{
          kind: 'ready',
          alerts: { follows: [{ kind: 'team', ref: 'big-train-12u', name: 'Big Train 12U' }] },
        }}
        {...on}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Alerts on this device' })).toBeTruthy()
    expect(screen.getByRole('list', { name: 'What this device follows' }).textContent).toContain(
      'Big Train 12U: cancellations, field closures and schedule changes',
    )
    // The email part still says how to reach it.
    expect(screen.getByText(/Open the link in one of our alert emails .* by email\./)).toBeTruthy()
    const add = screen.getByLabelText('Add alerts on this device for')
    expect(within(add).queryByRole('option', { name: 'Big Train 12U' })).toBeNull()
    fireEvent.change(add, { target: { value: 'field:briar-meadow' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(on.onDeviceFollow).toHaveBeenCalledWith({ kind: 'field', ref: 'briar-meadow' })
    fireEvent.click(screen.getByRole('button', { name: 'Remove Big Train 12U from this device' }))
    expect(on.onDeviceUnfollow).toHaveBeenCalledWith({
      kind: 'team',
      ref: 'big-train-12u',
      name: 'Big Train 12U',
    })
    fireEvent.click(screen.getByRole('button', { name: 'Stop alerts on this device' }))
    expect(on.onDeviceStop).toHaveBeenCalled()
    expect(on.onFollow).not.toHaveBeenCalled()
    rerender(
      <MyAlertsPage
        state={{ kind: 'no-link' }}
        options={[]}
        device={{ kind: 'stopped' }}
        {...on}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain('Alerts on this device are stopped')
  })

  it('should say what to do without a link, and show a refused link’s message', () => {
    const { rerender } = render(
      <MyAlertsPage state={{ kind: 'no-link' }} options={[]} {...handlers()} />,
    )
    expect(screen.getByText(/Open the link in one of our alert emails/)).toBeTruthy()
    rerender(
      <MyAlertsPage
        state={{ kind: 'failed', message: 'This link has expired or is not valid.' }}
        options={[]}
        {...handlers()}
      />,
    )
    expect(screen.getByRole('alert').textContent).toContain(
      'This link has expired or is not valid.',
    )
    expect(screen.queryByText('parent@example.com')).toBeNull()
  })
})
