import { useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'

import { LoginProblem, LoginShell } from './login-shell.tsx'
import './login-page.css'
import { OneTimeCodeInput } from '../../ui/one-time-code-input.tsx'

/** Props of {@link SecondFactorPage}: data in, callbacks out. */
export type SecondFactorPageProps = {
  /** The address of the account signing in. */
  email: string
  /** Checks the code; its error's message is shown as it is. */
  onSubmit: (code: string) => Promise<{ error: Error | null }>
  /** Signs out, to start again with another account. */
  onCancel: () => void
  logoSrc?: string
  siteHref?: string
}

/**
 * "Enter your sign-in code", shown on /admin-login after the password of an account with
 * two-factor sign-in (issue 34 §3): the admin opens only once the code is right.
 */
export function SecondFactorPage({
  email,
  onSubmit,
  onCancel,
  logoSrc = '/images/logo.svg',
  siteHref = '/',
}: SecondFactorPageProps) {
  const id = useId()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const { error } = await onSubmit(code)
      setProblem(error ? error.message : null)
      if (error) {
        setCode('')
        inputRef.current?.focus()
      }
    } finally {
      setBusy(false)
    }
  }

  const problemId = `${id}-problem`
  const hintId = `${id}-hint`
  return (
    <LoginShell logoSrc={logoSrc} siteHref={siteHref}>
      <h1 className="club-login__title">Enter your sign-in code</h1>
      <p className="club-login__text">
        <strong>{email}</strong> signs in with two-factor sign-in.
      </p>
      <form
        className="club-login__form"
        onSubmit={(event) => void submit(event)}
        aria-busy={busy}
        noValidate
      >
        <label className="club-login__label" htmlFor={`${id}-code`}>
          6-digit code
        </label>
        <p className="club-login__hint" id={hintId}>
          From the authenticator app on your phone.
        </p>
        <OneTimeCodeInput
          ref={inputRef}
          id={`${id}-code`}
          className="club-login__input"
          name="one-time-code"
          required
          invalid={Boolean(problem)}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          value={code}
          onChange={(event) => {
            setCode(event.target.value)
            setProblem(null)
          }}
        />
        <LoginProblem id={problemId} problem={problem} />
        <button className="club-login__submit" type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Verify and sign in'}
        </button>
        <button className="club-login__secondary" type="button" onClick={onCancel}>
          Sign out and use another account
        </button>
      </form>
    </LoginShell>
  )
}
