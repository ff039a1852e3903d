import { useState } from 'react'
import type { FormEvent } from 'react'

import { ZDesktopSettings } from '../../shared/settings.ts'
import type { TDesktopSettings } from '../../shared/settings.ts'
import { mainMessage } from './desktop-bridge.ts'

/** Props of the settings form. */
export type SettingsFormProps = {
  heading: string
  intro: string
  initial: TDesktopSettings
  submitLabel: string
  /** Saves valid settings; a rejection's message is shown. */
  onSave: (settings: TDesktopSettings) => Promise<void>
}

type FieldErrors = Partial<Record<keyof TDesktopSettings, string>>

/**
 * The backend address, anon key and site address, validated with the same schema main applies:
 * a service-role key is refused here and again in main.
 */
export function SettingsForm({ heading, intro, initial, submitLabel, onSave }: SettingsFormProps) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = ZDesktopSettings.safeParse(values)
    if (!parsed.success) {
      const next: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof TDesktopSettings
        next[field] ??= issue.message
      }
      setErrors(next)
      return
    }
    setErrors({})
    setFailure(null)
    setSaving(true)
    try {
      await onSave(parsed.data)
    } catch (error) {
      setFailure(mainMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const field = (name: keyof TDesktopSettings, label: string, hint: string) => (
    <p className="desktop-field">
      <label htmlFor={`settings-${name}`}>{label}</label>
      <input
        id={`settings-${name}`}
        name={name}
        value={values[name]}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`settings-${name}-hint${errors[name] ? ` settings-${name}-error` : ''}`}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      <small id={`settings-${name}-hint`}>{hint}</small>
      {errors[name] ? (
        <strong id={`settings-${name}-error`} className="desktop-error" role="alert">
          {errors[name]}
        </strong>
      ) : null}
    </p>
  )

  return (
    <main id="main" className="container section desktop-screen">
      <h1>{heading}</h1>
      <p>{intro}</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {field('backendUrl', 'Backend address', 'Your Supabase project URL.')}
        {field(
          'anonKey',
          'Anon key',
          'The public anon (publishable) key. Never the service-role key.',
        )}
        {field('siteUrl', 'Site address', 'Where the public site is published.')}
        {failure ? (
          <p className="desktop-error" role="alert">
            {failure}
          </p>
        ) : null}
        <p>
          <button type="submit" className="btn btn--primary" disabled={saving}>
            {submitLabel}
          </button>
        </p>
      </form>
    </main>
  )
}
