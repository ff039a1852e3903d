import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import './login-page.css'

/** What the login form hands to its callback. */
export type LoginCredentials = { email: string; password: string }

/** Props of the login page: data in, a callback out. */
export type LoginPageProps = {
  /** Signs in; failures are reported by the caller (the auth wrapper shows a notice). */
  onSubmit: (credentials: LoginCredentials) => Promise<unknown> | void
  /** The club logo above the form. */
  logoSrc?: string
}

/**
 * The staff login at /admin-login: an email and password form. It knows nothing of
 * the backend; the router gives it the auth provider's `signIn` and redirects once a
 * session exists.
 */
export function LoginPage({ onSubmit, logoSrc = '/images/logo.svg' }: LoginPageProps) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      await onSubmit({ email: email.trim(), password })
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="club-login">
      <form className="club-login__form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
        <img className="club-login__logo" src={logoSrc} width={96} height={96} alt="Club logo" />
        <h1 className="club-login__title">Staff sign in</h1>
        <label className="club-login__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          id={`${id}-email`}
          className="club-login__input"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label className="club-login__label" htmlFor={`${id}-password`}>
          Password
        </label>
        <input
          id={`${id}-password`}
          className="club-login__input"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button className="club-login__submit" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  )
}
