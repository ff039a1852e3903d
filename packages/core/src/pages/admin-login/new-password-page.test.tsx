// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { NewPasswordPage, newPasswordProblem } from './new-password-page.tsx'

afterEach(cleanup)

function fill(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } })
  fireEvent.change(screen.getByLabelText('Confirm new password'), {
    target: { value: confirmation },
  })
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }))
  })
}

describe('<NewPasswordPage/>', () => {
  it('should name the account and ask for the new password twice', () => {
    render(
      <MemoryRouter>
        <NewPasswordPage email="pat@example.org" onSubmit={() => {}} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy()
    expect(document.body.textContent).toContain('pat@example.org')
    for (const label of ['New password', 'Confirm new password']) {
      const input = screen.getByLabelText(label)
      expect(input.getAttribute('type')).toBe('password')
      expect(input.getAttribute('autocomplete')).toBe('new-password')
    }
    expect(screen.getByRole('link', { name: /Back to the website/ }).getAttribute('href')).toBe('/')
  })

  it('should refuse a short or mismatched password without calling back, and say why', async () => {
    const onSubmit = vi.fn()
    render(
      <MemoryRouter>
        <NewPasswordPage email="pat@example.org" onSubmit={onSubmit} />
      </MemoryRouter>,
    )
    fill('short', 'short')
    await save()
    expect(screen.getByRole('alert').textContent).toBe('Use at least 8 characters.')
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('New password'))
    fill('long-enough-1', 'long-enough-2')
    // Typing clears a message about what was there before.
    expect(screen.queryByRole('alert')).toBeNull()
    await save()
    expect(screen.getByRole('alert').textContent).toBe('The two passwords do not match.')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('should hand a valid new password to its callback, busy until it answers', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(
      <MemoryRouter>
        <NewPasswordPage email="pat@example.org" onSubmit={onSubmit} />
      </MemoryRouter>,
    )
    fill('a-good-new-password', 'a-good-new-password')
    await save()
    expect(onSubmit).toHaveBeenCalledWith('a-good-new-password')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy()
    await act(async () => {
      finish()
    })
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeTruthy()
  })
})

describe('newPasswordProblem', () => {
  it('should accept eight characters that match, and nothing less', () => {
    expect(newPasswordProblem('12345678', '12345678')).toBeNull()
    expect(newPasswordProblem('1234567', '1234567')).toBe('Use at least 8 characters.')
    expect(newPasswordProblem('12345678', '12345679')).toBe('The two passwords do not match.')
  })
})
