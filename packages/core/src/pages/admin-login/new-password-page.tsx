import { useId, useRef, useState } from 'react'
import type { ChangeEvent, FormEvent } from 'react'

import { LoginField, LoginProblem, LoginShell } from './login-shell.tsx'
import './login-page.css'

/** The shortest password the auth service accepts (`minimum_password_length` in config.toml). */
export const MIN_PASSWORD_LENGTH = 8

/** Props of {@link NewPasswordPage}: data in, a callback out. */
export type NewPasswordPageProps = {
  /** The address of the account whose password is being reset. */
  email: string
  /** Saves the new password; failures are reported by the caller (the auth wrapper shows a notice). */
  onSubmit: (password: string) => Promise<unknown> | void
  /** True when a staff invitation's link opened the page: the account's first password. */
  invited?: boolean
  logoSrc?: string
  siteHref?: string
}

/** Why a new password cannot be sent yet, or null when it can. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  if (password !== confirmation) return 'The two passwords do not match.'
  return null
}

/**
 * "Set a new password", shown on /admin-login when a password-reset link has signed the user
 * in, or "Choose your password" after a staff invitation's link: the new password twice,
 * checked here for length and match before the service sees it.
 */
export function NewPasswordPage({
  email,
  onSubmit,
  invited = false,
  logoSrc = '/images/logo.svg',
  siteHref = '/',
}: NewPasswordPageProps) {
  const id = useId()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = newPasswordProblem(password, confirmation)
    setProblem(found)
    if (found) {
      passwordRef.current?.focus()
      return
    }
    setBusy(true)
    try {
      await onSubmit(password)
    } finally {
      setBusy(false)
    }
  }

  // Typing clears the problem: a message about the old value would mislead (it comes back on
  // the next save).
  const retype = (set: (value: string) => void) => (event: ChangeEvent<HTMLInputElement>) => {
    set(event.target.value)
    setProblem(null)
  }

  const problemId = `${id}-problem`
  const hintId = `${id}-hint`
  return (
    <LoginShell logoSrc={logoSrc} siteHref={siteHref}>
      <h1 className="club-login__title">
        {invited ? 'Choose your password' : 'Set a new password'}
      </h1>
      <p className="club-login__text">
        {invited ? 'You were invited to the club’s admin as ' : 'For '}
        <strong>{email}</strong>
        {invited ? '. Sign in with this password from now on.' : '. You will stay signed in.'}
      </p>
      <form
        className="club-login__form"
        onSubmit={(event) => void submit(event)}
        aria-busy={busy}
        noValidate
      >
        {/* A hidden username lets password managers file the new password under the account. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <label className="club-login__label" htmlFor={`${id}-password`}>
          New password
        </label>
        <p className="club-login__hint" id={hintId}>
          At least {MIN_PASSWORD_LENGTH} characters.
        </p>
        <input
          ref={passwordRef}
          id={`${id}-password`}
          className="club-login__input"
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          value={password}
          onChange={retype(setPassword)}
        />
        <LoginField
          id={`${id}-confirm`}
          label="Confirm new password"
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          value={confirmation}
          onChange={retype(setConfirmation)}
        />
        <LoginProblem id={problemId} problem={problem} />
        <button className="club-login__submit" type="submit" disabled={busy}>
          {busy ? 'Saving…' : invited ? 'Save password' : 'Save new password'}
        </button>
      </form>
    </LoginShell>
  )
}
