import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { LoginField, LoginProblem, LoginShell, useFocusOnChange } from './login-shell.tsx'
import './login-page.css'

/** What the login form hands to its callback. */
export type LoginCredentials = { email: string; password: string }

/** What a reset request resolves to; a failure has already been reported by the caller. */
export type ResetRequestResult = { error: Error | null } | void

/** Props of the login page: data in, callbacks out. */
export type LoginPageProps = {
  /** Signs in; failures are reported by the caller (the auth wrapper shows a notice). */
  onSubmit: (credentials: LoginCredentials) => Promise<unknown> | void
  /**
   * Emails a password-reset link to the address. Without it the page offers no
   * "Forgot your password?" flow.
   */
  onRequestReset?: (email: string) => Promise<ResetRequestResult> | ResetRequestResult
  /**
   * What went wrong with the link the page was opened from (an expired reset link): the
   * page then opens on the reset form with this message.
   */
  linkProblem?: string | undefined
  /** The club logo above the form. */
  logoSrc?: string
  /** Where "Back to the website" goes. */
  siteHref?: string
}

type View = 'sign-in' | 'forgot' | 'sent'

/** The sign-in form's fields, by name (also their ids' suffix). */
const FIELDS = {
  email: { label: 'Email', type: 'email', autoComplete: 'username' },
  password: { label: 'Password', type: 'password', autoComplete: 'current-password' },
} as const

/**
 * The staff login at /admin-login: sign in with an email and a password, or ask for a
 * password-reset link. It knows nothing of the backend; the router gives it the auth
 * provider's wrappers and redirects once a session exists.
 */
export function LoginPage({
  onSubmit,
  onRequestReset,
  linkProblem,
  logoSrc = '/images/logo.svg',
  siteHref = '/',
}: LoginPageProps) {
  const id = useId()
  const canReset = onRequestReset !== undefined
  const [view, setView] = useState<View>(linkProblem && canReset ? 'forgot' : 'sign-in')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const headingRef = useFocusOnChange(view)

  const run = async (event: FormEvent<HTMLFormElement>, action: () => Promise<void>) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      await action()
    } finally {
      setBusy(false)
    }
  }

  const signIn = (event: FormEvent<HTMLFormElement>) =>
    run(event, async () => {
      await onSubmit({ email: email.trim(), password })
    })

  const requestReset = (event: FormEvent<HTMLFormElement>) =>
    run(event, async () => {
      const result = await onRequestReset?.(email.trim())
      if (!result?.error) setView('sent')
    })

  const field = (name: keyof typeof FIELDS, value: string, setValue: (value: string) => void) => (
    <LoginField
      id={`${id}-${name}`}
      label={FIELDS[name].label}
      type={FIELDS[name].type}
      name={name}
      autoComplete={FIELDS[name].autoComplete}
      value={value}
      onChange={(event) => setValue(event.target.value)}
    />
  )
  const emailField = field('email', email, setEmail)

  if (view === 'sent') {
    return (
      <LoginShell logoSrc={logoSrc} siteHref={siteHref}>
        <h1 className="club-login__title" ref={headingRef} tabIndex={-1}>
          Check your email
        </h1>
        <p className="club-login__text">
          If <strong>{email.trim()}</strong> belongs to an account, we have sent it a link to choose
          a new password. The link works once, within an hour.
        </p>
        <p className="club-login__text">
          Nothing arrived? Check your spam folder, or ask again in a minute.
        </p>
        <button type="button" className="club-login__secondary" onClick={() => setView('sign-in')}>
          Back to sign in
        </button>
      </LoginShell>
    )
  }

  if (view === 'forgot') {
    return (
      <LoginShell logoSrc={logoSrc} siteHref={siteHref}>
        <h1 className="club-login__title" ref={headingRef} tabIndex={-1}>
          Reset your password
        </h1>
        <LoginProblem problem={linkProblem} />
        <form
          className="club-login__form"
          onSubmit={(event) => void requestReset(event)}
          aria-busy={busy}
          aria-describedby={`${id}-reset-help`}
        >
          <p className="club-login__text" id={`${id}-reset-help`}>
            Enter the email you sign in with. We will send you a link to choose a new password.
          </p>
          {emailField}
          <button className="club-login__submit" type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
        <button type="button" className="club-login__secondary" onClick={() => setView('sign-in')}>
          Back to sign in
        </button>
      </LoginShell>
    )
  }

  return (
    <LoginShell logoSrc={logoSrc} siteHref={siteHref}>
      <h1 className="club-login__title" ref={headingRef} tabIndex={-1}>
        Staff sign in
      </h1>
      <form className="club-login__form" onSubmit={(event) => void signIn(event)} aria-busy={busy}>
        {emailField}
        {field('password', password, setPassword)}
        <button className="club-login__submit" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {canReset && (
        <button type="button" className="club-login__secondary" onClick={() => setView('forgot')}>
          Forgot your password?
        </button>
      )}
    </LoginShell>
  )
}
