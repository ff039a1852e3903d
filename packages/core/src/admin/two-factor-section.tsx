import { useCallback, useEffect, useId, useState } from 'react'
import type { FormEvent } from 'react'

import type { TotpEnrolment, TwoFactorFactor } from '../auth/two-factor.ts'
import { useAuth } from '../auth/auth-provider.tsx'
import { formatClubDateTime } from '../club/club-time.ts'
import { OneTimeCodeInput } from '../ui/one-time-code-input.tsx'

/** Only our auth service's SVG image is shown as the QR code; anything else is left out. */
export function safeQrCode(qrCode: string): string | undefined {
  return /^data:image\/svg\+xml[;,]/i.test(qrCode) ? qrCode : undefined
}

type Step =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TotpEnrolment }
  | { kind: 'removing'; factor: TwoFactorFactor }

/** A 6-digit code field with its submit button and the message of a refused code. */
function CodeForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string
  submitLabel: string
  onSubmit: (code: string) => Promise<string | null>
  onCancel: () => void
}) {
  const id = useId()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    const found = await onSubmit(code)
    setBusy(false)
    setProblem(found)
    if (found) setCode('')
  }
  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="editor-field">
        <label className="editor-field__label" htmlFor={`${id}-code`}>
          {label}
        </label>
        <OneTimeCodeInput
          id={`${id}-code`}
          className="editor-field__control"
          value={code}
          invalid={Boolean(problem)}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setCode(event.target.value)
            setProblem(null)
          }}
        />
      </div>
      {problem && (
        <p className="editor-field__error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
      <p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Checking…' : submitLabel}
        </button>{' '}
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </p>
    </form>
  )
}

/**
 * "Two-factor sign-in" (issue 34 §3): this account's authenticator apps, a new one set up with
 * a QR code or its key and verified with a code, and removal after a fresh code.
 */
export function TwoFactorSection() {
  const auth = useAuth()
  const { listFactors, enrollTotp, verifyCode, removeFactor } = auth
  const [factors, setFactors] = useState<TwoFactorFactor[] | null>(null)
  const [loadProblem, setLoadProblem] = useState<string | null>(null)
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [done, setDone] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  const reload = useCallback(
    () =>
      listFactors().then(({ factors: found, error }) => {
        setLoadProblem(error ? `Your two-factor sign-in could not be read: ${error.message}` : null)
        setFactors(found.filter((factor) => factor.status === 'verified'))
      }),
    [listFactors],
  )
  useEffect(() => {
    void reload()
  }, [reload])

  const start = async () => {
    setDone(null)
    setProblem(null)
    const { enrolment, error } = await enrollTotp()
    if (error || !enrolment) {
      setProblem(`Two-factor sign-in could not be set up: ${error?.message ?? 'no answer'}`)
      return
    }
    setStep({ kind: 'enrolling', enrolment })
  }

  const cancelEnrolment = async (enrolment: TotpEnrolment) => {
    // The unverified factor goes now rather than when the auth service sweeps it.
    await removeFactor(enrolment.factorId)
    setStep({ kind: 'idle' })
  }

  const verified = factors ?? []
  const qrCode = step.kind === 'enrolling' ? safeQrCode(step.enrolment.qrCode) : undefined

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      {factors === null && !loadProblem && <p role="status">Reading your two-factor sign-in…</p>}
      {loadProblem && <p role="alert">{loadProblem}</p>}
      {factors !== null && verified.length === 0 && step.kind !== 'enrolling' && (
        <p>Off. Signing in needs your password only.</p>
      )}
      {verified.length > 0 && (
        <>
          <p>On. Signing in asks for a code from your authenticator app.</p>
          <ul className="admin-list">
            {verified.map((factor) => (
              <li key={factor.id}>
                {`${factor.friendly_name || 'Authenticator app'}, added ${formatClubDateTime(factor.created_at)}`}{' '}
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    setDone(null)
                    setStep({ kind: 'removing', factor })
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {done && <p role="status">{done}</p>}
      {problem && <p role="alert">{problem}</p>}
      {step.kind === 'idle' && factors !== null && verified.length === 0 && (
        <button type="button" className="btn btn--primary" onClick={() => void start()}>
          Set up two-factor sign-in
        </button>
      )}
      {step.kind === 'enrolling' && (
        <div>
          <p>Scan this QR code with an authenticator app on your phone, or type the key into it.</p>
          {qrCode && (
            <img src={qrCode} alt="QR code for your authenticator app" width={200} height={200} />
          )}
          <p>
            Key: <code data-testid="totp-secret">{step.enrolment.secret}</code>
          </p>
          <CodeForm
            label="Code from the app"
            submitLabel="Turn on two-factor sign-in"
            onCancel={() => void cancelEnrolment(step.enrolment)}
            onSubmit={async (code) => {
              const { error } = await verifyCode(code, step.enrolment.factorId)
              if (error) return error.message
              setStep({ kind: 'idle' })
              setDone('Two-factor sign-in is on. Signing in will ask for a code from now on.')
              await reload()
              return null
            }}
          />
        </div>
      )}
      {step.kind === 'removing' && (
        <div>
          <p>To remove this authenticator app, type a code it shows now.</p>
          <CodeForm
            label="Code from the app"
            submitLabel="Remove two-factor sign-in"
            onCancel={() => setStep({ kind: 'idle' })}
            onSubmit={async (code) => {
              const checked = await verifyCode(code, step.factor.id)
              if (checked.error) return checked.error.message
              const { error } = await removeFactor(step.factor.id)
              if (error) return `It could not be removed: ${error.message}`
              setStep({ kind: 'idle' })
              setDone('Two-factor sign-in is off for this account.')
              await reload()
              return null
            }}
          />
        </div>
      )}
      {auth.twoFactorRequired && verified.length === 0 && (
        <p>The club requires two-factor sign-in for staff.</p>
      )}
    </section>
  )
}
