import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { useAuth } from '../../auth/auth-provider.tsx'
import { useContent, useContentStore, useSaveContent } from '../../content/content-provider.tsx'
import type { SiteContentStore } from '../../content/content-provider.tsx'
import { adminProfileSchema } from '../../entities/admin-profile.ts'
import type { AdminProfile } from '../../entities/admin-profile.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'

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
 * /admin/profile: display name, email and phone. The `adminProfile` document is saved first,
 * then the sign-in account (`updateUser`, whose notices are spec §8's "Success!" and "Update
 * Failed" with the service's message). A refused email change leaves the document saved with
 * the new address and the account with the old one, and "Update Failed" gives the reason.
 */
export function ProfilePage() {
  useHead(adminHead('Profile', '/admin/profile'))
  const auth = useAuth()
  const stored = useContent('adminProfile')
  const save = useSaveContent()
  const store = useContentStore()
  const id = useId()
  // Untouched, the form follows the stored profile (it may arrive after the screen opens).
  const [edited, setEdited] = useState<AdminProfile | null>(null)
  const draft = edited ?? { ...stored, email: stored.email || auth.user?.email || '' }
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = adminProfileSchema.safeParse(draft)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the fields and try again.')
      return
    }
    setProblem(null)
    setBusy(true)
    try {
      const outcome = await save('adminProfile', parsed.data)
      if (outcome === 'ignored' || outcome === 'conflict') return
      setEdited(null)
      // One notice shows at a time: let the store's "Content Saved!" pass first, so that the
      // spec's "Success!" or "Update Failed" is the one left on screen.
      await saveIndicatorSettled(store)
      const emailChanged = parsed.data.email !== '' && parsed.data.email !== auth.user?.email
      await auth.updateProfile({
        ...(emailChanged ? { email: parsed.data.email } : {}),
        data: { display_name: parsed.data.displayName, phone: parsed.data.phone },
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Profile</h1>
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
              value={draft[field.name]}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => setEdited({ ...draft, [field.name]: event.target.value })}
            />
          </div>
        ))}
        {problem && (
          <p className="editor-field__error" id={`${id}-problem`} role="alert">
            {problem}
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
