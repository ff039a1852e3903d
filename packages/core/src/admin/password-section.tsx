import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { useAuth } from '../auth/auth-provider.tsx'
import { OneTimeCodeInput } from '../ui/one-time-code-input.tsx'

/** The auth service's shortest password (`minimum_password_length` in supabase/config.toml). */
const MIN_PASSWORD_LENGTH = 8

/**
 * "Password" on Profile (issue 34 §4): a new password needs the current one, checked by
 * signing in with it; a sign-in older than a day also needs the code the auth service emails
 * (`secure_password_change`), which it asks for itself. Nothing typed is lost on a refusal
 * except a wrong code.
 */
export function PasswordSection() {
  const { changePassword, sendReauthenticationCode, user } = useAuth()
  const id = useId()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [code, setCode] = useState('')
  const [codeSent, setCodeSent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setDone(null)
    if (!codeSent && !current) return setProblem('Enter your current password.')
    if (next.length < MIN_PASSWORD_LENGTH) {
      return setProblem(`The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`)
    }
    setBusy(true)
    const result = await changePassword(
      codeSent ? { newPassword: next, code } : { currentPassword: current, newPassword: next },
    )
    setBusy(false)
    if (result.outcome === 'code-sent') {
      setProblem(null)
      setCodeSent(true)
      return
    }
    if (result.error) {
      setProblem(result.error.message)
      if (codeSent) setCode('')
      return
    }
    setProblem(null)
    setCodeSent(false)
    setCurrent('')
    setNext('')
    setCode('')
    setDone('Your password is changed. Use the new one next time you sign in.')
  }

  const resend = async () => {
    setBusy(true)
    const { error } = await sendReauthenticationCode()
    setBusy(false)
    setProblem(error ? `No new code was sent: ${error.message}` : null)
    setDone(error ? null : `A new code is on its way to ${user?.email ?? 'your email'}.`)
  }

  const describedBy = problem ? `${id}-problem` : undefined
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {!codeSent && (
          <PasswordField
            id={`${id}-current`}
            label="Current password"
            autoComplete="current-password"
            value={current}
            describedBy={describedBy}
            onChange={setCurrent}
          />
        )}
        <PasswordField
          id={`${id}-new`}
          label="New password"
          autoComplete="new-password"
          value={next}
          describedBy={describedBy}
          onChange={setNext}
        />
        {codeSent && (
          <>
            <p>
              {`You signed in more than a day ago, so we emailed a 6-digit code to ${user?.email ?? 'you'}. Type it here to change your password. It works for an hour.`}
            </p>
            <div className="editor-field">
              <label className="editor-field__label" htmlFor={`${id}-code`}>
                Code from the email
              </label>
              <OneTimeCodeInput
                id={`${id}-code`}
                className="editor-field__control"
                value={code}
                invalid={Boolean(problem)}
                aria-describedby={describedBy}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          </>
        )}
        {problem && (
          <p className="editor-field__error" id={`${id}-problem`} role="alert">
            {problem}
          </p>
        )}
        {done && <p role="status">{done}</p>}
        <p>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Checking…' : 'Change password'}
          </button>
          {codeSent && (
            <>
              {' '}
              <button type="button" className="btn" disabled={busy} onClick={() => void resend()}>
                Send a new code
              </button>
            </>
          )}
        </p>
      </form>
    </section>
  )
}

/** A labelled password input of the form. */
function PasswordField({
  id,
  label,
  autoComplete,
  value,
  describedBy,
  onChange,
}: {
  id: string
  label: string
  autoComplete: 'current-password' | 'new-password'
  value: string
  describedBy: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <div className="editor-field">
      <label className="editor-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="editor-field__control"
        type="password"
        autoComplete={autoComplete}
        value={value}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
