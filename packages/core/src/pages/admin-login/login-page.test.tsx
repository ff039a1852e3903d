// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { LoginPage } from './login-page.tsx'

afterEach(cleanup)

describe('<LoginPage/>', () => {
  it('should hand the typed email and password to its callback on submit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve())
    render(<LoginPage onSubmit={onSubmit} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' staff@club.local ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'club-staff-2026' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }))
    })
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'staff@club.local',
      password: 'club-staff-2026',
    })
  })

  it('should disable the button while signing in and enable it again after', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    render(<LoginPage onSubmit={onSubmit} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } })
    await act(async () => {
      fireEvent.submit(screen.getByRole('button').closest('form')!)
    })
    const button = screen.getByRole('button') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.textContent).toBe('Signing in…')
    await act(async () => {
      finish()
    })
    expect(button.disabled).toBe(false)
  })

  it('should label both fields for assistive technology and browsers', () => {
    render(<LoginPage onSubmit={() => {}} />)
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password')
    expect(screen.getByRole('heading', { name: 'Staff sign in' })).toBeTruthy()
  })
})
