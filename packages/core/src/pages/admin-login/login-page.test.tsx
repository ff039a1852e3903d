// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { adminLoginMeta } from './login-meta.ts'
import { LoginPage } from './login-page.tsx'

afterEach(cleanup)

const show = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>)

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}

describe('<LoginPage/>', () => {
  it('should hand the typed email and password to its callback on submit', async () => {
    const onSubmit = vi.fn(() => Promise.resolve())
    show(<LoginPage onSubmit={onSubmit} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' staff@club.local ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'club-staff-2026' } })
    await click('Sign in')
    expect(onSubmit).toHaveBeenCalledWith({
      email: 'staff@club.local',
      password: 'club-staff-2026',
    })
  })

  it('should disable the button while signing in and enable it again after', async () => {
    let finish: () => void = () => {}
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    show(<LoginPage onSubmit={onSubmit} />)
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
    show(<LoginPage onSubmit={() => {}} />)
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password')
    expect(screen.getByRole('heading', { name: 'Staff sign in' })).toBeTruthy()
  })

  it('should link back to the public site', () => {
    show(<LoginPage onSubmit={() => {}} siteHref="/about" />)
    const back = screen.getByRole('link', { name: /Back to the website/ })
    expect(back.getAttribute('href')).toBe('/about')
  })

  it('should offer no password reset without a callback for it', () => {
    show(<LoginPage onSubmit={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull()
  })

  it('should ask for the address, send it, and confirm without saying whether it exists', async () => {
    const onRequestReset = vi.fn(() => Promise.resolve({ error: null }))
    show(<LoginPage onSubmit={() => {}} onRequestReset={onRequestReset} />)
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pat@example.org' } })
    await click('Forgot your password?')
    const heading = screen.getByRole('heading', { name: 'Reset your password' })
    expect(document.activeElement).toBe(heading)
    // The address typed for signing in carries over.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('pat@example.org')
    await click('Send reset link')
    expect(onRequestReset).toHaveBeenCalledWith('pat@example.org')
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Check your email' }))
    expect(document.body.textContent).toContain(
      'If pat@example.org belongs to an account, we have sent it a link',
    )
    await click('Back to sign in')
    expect(screen.getByRole('heading', { name: 'Staff sign in' })).toBeTruthy()
  })

  it('should stay on the reset form when the request fails', async () => {
    const onRequestReset = vi.fn(() => Promise.resolve({ error: new Error('Too many requests') }))
    show(<LoginPage onSubmit={() => {}} onRequestReset={onRequestReset} />)
    await click('Forgot your password?')
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pat@example.org' } })
    await click('Send reset link')
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy()
    expect(
      (screen.getByRole('button', { name: 'Send reset link' }) as HTMLButtonElement).disabled,
    ).toBe(false)
  })

  it('should open on the reset form with the problem of the link it was opened from', () => {
    show(
      <LoginPage
        onSubmit={() => {}}
        onRequestReset={() => {}}
        linkProblem="This password reset link has expired."
      />,
    )
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('This password reset link has expired.')
  })
})

describe('adminLoginMeta', () => {
  it('should title the login page for the club and keep it out of search engines', () => {
    expect(adminLoginMeta()).toMatchObject({
      title: `Staff sign in | ${CLUB_SHORT_NAME}`,
      path: '/admin-login',
      noindex: true,
    })
    expect(adminLoginMeta('new-password').title).toBe(`Set a new password | ${CLUB_SHORT_NAME}`)
  })
})
