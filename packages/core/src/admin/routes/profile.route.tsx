import { useId, useMemo, useState } from 'react'
import type { FormEvent } from 'react'

import { useAuth } from '../../auth/auth-provider.tsx'
import { useContent, useContentStore, useSaveContent } from '../../content/content-provider.tsx'
import type { SiteContentStore } from '../../content/content-provider.tsx'
import { SAVED_FIRST_ELSEWHERE } from '../../content/save-messages.ts'
import { adminProfileSchema } from '../../entities/admin-profile.ts'
import type { AdminProfile } from '../../entities/admin-profile.ts'
import { LeaveGuard, RestoreBanner } from '../../screen-editors/shared/form-guards.tsx'
import { useDocumentForm } from '../../screen-editors/shared/use-document-form.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { DevicesSection } from '../devices-section.tsx'
import { PasswordSection } from '../password-section.tsx'
import { TwoFactorSection } from '../two-factor-section.tsx'
import { screenAddress } from '../../routing/admin-screens.ts'

type FieldName = keyof AdminProfile

const FIELDS: { name: FieldName; label: string; type: string; autoComplete: string }[] = [
  { name: 'displayName', label: 'Display name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
]

/** Resolves once the store's save indicator has left "saving" (its notice, if any, is shown). */
function saveIndicatorSettled(store: SiteContentStore): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.getSaveState().status === 'saving') return false
      resolve()
      return true
    }
    if (check()) return
    const stop = store.subscribe(() => {
      if (check()) stop()
    })
  })
}

/**
 * /admin/profile: every staff member's own sign-in (two-factor, issue 34 §3) and, for
 * directors, the club contact details the `adminProfile` document holds (only directors may
 * write it).
 */
export function ProfileRoute() {
  useHead(adminHead('Profile', screenAddress('ProfileRoute')))
  const { role } = useAuth()
  return (
    <section className="admin-panel" aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      {role === 'director' && <DirectorContact />}
      <PasswordSection />
      <TwoFactorSection />
      <DevicesSection />
    </section>
  )
}

/**
 * The director's display name, email and phone. The `adminProfile` document is saved first,
 * then the sign-in account (`updateUser`, whose notices are spec §8's "Success!" and "Update
 * Failed" with the service's message). A refused email change leaves the document saved with
 * the new address and the account with the old one, and "Update Failed" gives the reason.
 */
function DirectorContact() {
  const auth = useAuth()
  const stored = useContent('adminProfile')
  const save = useSaveContent()
  const store = useContentStore()
  const id = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const [currentPassword, setCurrentPassword] = useState('')
  const form = useDocumentForm<AdminProfile, AdminProfile>({
    id: 'adminProfile',
    stored: useMemo(
      () => ({ ...stored, email: stored.email || auth.user?.email || '' }),
      [stored, auth.user?.email],
    ),
    toForm: (profile) => profile,
    parse: (raw) => {
      const parsed = adminProfileSchema.safeParse(raw)
      return parsed.success ? parsed.data : undefined
    },
    check: (values) => {
      const parsed = adminProfileSchema.safeParse(values)
      return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problems: 1 }
    },
    save: async (next, _draft, base) => {
      const emailChanged = next.email !== '' && next.email !== auth.user?.email
      // The sign-in email changes only with the current password (issue 34 §4).
      if (emailChanged) {
        const checked = await auth.checkCurrentPassword(currentPassword)
        if (checked.error) throw checked.error
      }
      const outcome = await save('adminProfile', next, { base })
      if (outcome === 'ignored') throw new Error('This account cannot save changes.')
      // The conflict dialog names who saved it ("You, in another window" for this account).
      if (outcome === 'conflict') throw new Error(SAVED_FIRST_ELSEWHERE)
      // One notice shows at a time: let the store's "Content Saved!" pass first, so that the
      // spec's "Success!" or "Update Failed" is the one left on screen.
      await saveIndicatorSettled(store)
      setCurrentPassword('')
      await auth.updateProfile({
        ...(emailChanged ? { email: next.email } : {}),
        data: { display_name: next.displayName, phone: next.phone },
      })
    },
  })
  const { values } = form
  const busy = form.status.kind === 'saving'

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = adminProfileSchema.safeParse(values)
    setProblem(
      parsed.success
        ? null
        : (parsed.error.issues[0]?.message ?? 'Check the fields and try again.'),
    )
    await form.save()
  }
  const shownProblem =
    problem ?? (form.status.kind === 'failed' ? form.status.detail || 'Could not save.' : null)

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Contact details</h2>
      <RestoreBanner form={form} what="your profile" />
      <LeaveGuard form={form} what="your profile" />
      <form className="admin-form" onSubmit={(event) => void submit(event)} noValidate>
        {FIELDS.map((field) => (
          <div className="editor-field" key={field.name}>
            <label className="editor-field__label" htmlFor={`${id}-${field.name}`}>
              {field.label}
            </label>
            <input
              id={`${id}-${field.name}`}
              className="editor-field__control"
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              aria-describedby={shownProblem ? `${id}-problem` : undefined}
              onChange={(event) => form.edit({ ...values, [field.name]: event.target.value })}
            />
          </div>
        ))}
        {values.email !== '' && values.email !== auth.user?.email && (
          <div className="editor-field">
            <label className="editor-field__label" htmlFor={`${id}-current-password`}>
              Current password (needed to change the email you sign in with)
            </label>
            <input
              id={`${id}-current-password`}
              className="editor-field__control"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              aria-describedby={shownProblem ? `${id}-problem` : undefined}
              onChange={(event) => setCurrentPassword(event.target.value)}
            />
          </div>
        )}
        {shownProblem && (
          <p className="editor-field__error" id={`${id}-problem`} role="alert">
            {shownProblem}
          </p>
        )}
        <p>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save profile'}
          </button>
        </p>
      </form>
    </section>
  )
}
