import { useEffect, useMemo, useState } from 'react'
import type { FormEvent } from 'react'

import { useAuth } from '../../auth/auth-provider.tsx'
import { formatClubDateTime } from '../../club/club-time.ts'
import { useContent, useSaveContent } from '../../content/content-provider.tsx'
import { emailOrEmptySchema } from '../../entities/common.ts'
import { SelectField, SwitchField, TextField } from '../../screen-editors/shared/form-controls.tsx'
import type { AdminSettings } from '../../entities/admin-settings.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'
import { ActionButton } from '../action-button.tsx'
import { DELIVERY_COUNT_LIMIT, readMailDelivery } from '../mail-delivery.ts'
import { createStaffDirectory } from '../staff-members.ts'
import type { MailDelivery } from '../mail-delivery.ts'
import { screenAddress } from '../../routing/admin-screens.ts'

type Notifications = AdminSettings['notifications']
type Switch = 'emailOnNewRegistration' | 'emailOnFormSubmission'

const SWITCHES: { key: Switch; label: string; hint: string }[] = [
  {
    key: 'emailOnNewRegistration',
    label: 'Email me about new registrations',
    hint: 'When a family sends the registration interest form.',
  },
  {
    key: 'emailOnFormSubmission',
    label: 'Email me about contact messages',
    hint: 'When someone sends the contact form.',
  },
]

const DELIVERY_OPTIONS = [
  { value: 'immediate', label: 'Right away, one email per message' },
  { value: 'digest', label: 'A daily digest at a chosen hour' },
] as const

/** `7:00 AM` for 7. */
export function hourLabel(hour: number): string {
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  return `${hour12}:00 ${hour < 12 ? 'AM' : 'PM'}`
}

const HOUR_OPTIONS = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: hourLabel(hour),
}))

const ADDRESS_ERROR =
  "Enter one email address, like director@example.com, or leave it empty to use your profile's."

const plural = (count: number, one: string, many: string) =>
  `${count >= DELIVERY_COUNT_LIMIT ? `${DELIVERY_COUNT_LIMIT} or more` : count} ${count === 1 ? one : many}`

/**
 * /admin/settings: the director's email notifications (`adminSettings`): the two switches,
 * right away or a daily digest, the address they go to, each saved as it changes; and what
 * the outbox says of their delivery (the last one sent, any that failed).
 */
export function SettingsRoute() {
  useHead(adminHead('Settings', screenAddress('SettingsRoute')))
  const settings = useContent('adminSettings')
  const profile = useContent('adminProfile')
  const save = useSaveContent()
  const notifications = settings.notifications
  const change = (next: Partial<Notifications>) =>
    save('adminSettings', { ...settings, notifications: { ...notifications, ...next } })

  return (
    <section className="admin-panel" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <h2>Notifications</h2>
      {SWITCHES.map((item) => (
        <SwitchField
          key={item.key}
          label={item.label}
          hint={item.hint}
          checked={notifications[item.key]}
          onCheckedChange={(on) => void change({ [item.key]: on })}
        />
      ))}
      <SelectField
        label="When to email"
        value={notifications.delivery}
        options={DELIVERY_OPTIONS}
        onChange={(value) => void change({ delivery: value === 'digest' ? 'digest' : 'immediate' })}
      />
      {notifications.delivery === 'digest' && (
        <SelectField
          label="Digest time"
          hint="Club time (Eastern). The digest holds every message since the one before; none is sent on a day without messages."
          value={String(notifications.digestHour)}
          options={HOUR_OPTIONS}
          onChange={(value) => void change({ digestHour: Number(value) })}
        />
      )}
      <AddressForm
        key={notifications.email}
        stored={notifications.email}
        profileEmail={profile.email}
        onSave={(email) => change({ email })}
      />
      <DeliveryStatus />
      <TwoFactorSetting />
    </section>
  )
}

/**
 * "Require two-factor for staff" (issue 34 §3): stored in `public.staff_security`, where the
 * database's policies read it. Only a director who signed in with a second factor changes it.
 */
function TwoFactorSetting() {
  const { client } = useAdminDeps()
  const auth = useAuth()
  const { aal, refreshTwoFactorRequired } = auth
  const staff = useMemo(() => createStaffDirectory(client), [client])
  const [required, setRequired] = useState<boolean | null>(null)
  const [message, setMessage] = useState<{ text: string; problem: boolean } | null>(null)
  useEffect(() => {
    staff
      .twoFactorRequired()
      .then(setRequired, (error: unknown) =>
        setMessage({ text: (error as Error).message, problem: true }),
      )
  }, [staff])
  const change = async (on: boolean) => {
    setMessage(null)
    try {
      await staff.setTwoFactorRequired(on)
      setRequired(on)
      setMessage({
        text: on
          ? 'Two-factor sign-in is now required: staff without it are asked to set it up before they can save.'
          : 'Two-factor sign-in is no longer required.',
        problem: false,
      })
      await refreshTwoFactorRequired()
    } catch (error) {
      setMessage({ text: (error as Error).message, problem: true })
    }
  }
  return (
    <section aria-labelledby="sign-in-title">
      <h2 id="sign-in-title">Sign-in</h2>
      {required === null && !message && <p role="status">Reading the sign-in setting…</p>}
      {required !== null && (
        <SwitchField
          label="Require two-factor for staff"
          hint="Staff must sign in with a code from an authenticator app; the site refuses changes from anyone who has not."
          checked={required}
          onCheckedChange={(on) => void change(on)}
        />
      )}
      {aal !== 'aal2' && (
        <p>
          To change this, set up two-factor sign-in for yourself in Profile, then sign in with it.
        </p>
      )}
      {message && <p role={message.problem ? 'alert' : 'status'}>{message.text}</p>}
    </section>
  )
}

/** Where notifications go: typed, checked, then saved with its button. */
function AddressForm({
  stored,
  profileEmail,
  onSave,
}: {
  stored: string
  profileEmail: string
  onSave(email: string): Promise<unknown>
}) {
  const [address, setAddress] = useState(stored)
  const [error, setError] = useState<string | undefined>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = address.trim()
    if (!emailOrEmptySchema.safeParse(typed).success) {
      setError(ADDRESS_ERROR)
      return
    }
    setError(undefined)
    void onSave(typed)
  }
  return (
    <form onSubmit={submit} noValidate>
      <TextField
        label="Send notifications to"
        hint={
          profileEmail
            ? `Leave empty to use your profile's address, ${profileEmail}.`
            : 'Leave empty to use the address in your profile.'
        }
        value={address}
        error={error}
        onChange={setAddress}
      />
      <button type="submit" className="btn btn--primary">
        Save address
      </button>
    </form>
  )
}

type Load =
  | { kind: 'loading' }
  | { kind: 'loaded'; delivery: MailDelivery }
  | { kind: 'failed'; message: string }

/** The last notification delivered, and those that failed or wait for another try. */
function DeliveryStatus() {
  const { client } = useAdminDeps()
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const refresh = () =>
    readMailDelivery(client).then(
      (delivery) => setLoad({ kind: 'loaded', delivery }),
      (error: unknown) => setLoad({ kind: 'failed', message: (error as Error).message }),
    )
  useEffect(() => {
    void refresh()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per client
  }, [client])

  return (
    <section aria-labelledby="delivery-title">
      <h2 id="delivery-title">Delivery</h2>
      {load.kind === 'loading' && <p role="status">Checking the notification emails…</p>}
      {load.kind === 'failed' && (
        <p role="alert">{`The delivery of notification emails could not be checked: ${load.message}`}</p>
      )}
      {load.kind === 'loaded' && (
        <>
          <p>
            {load.delivery.lastSent
              ? `Last email sent ${formatClubDateTime(load.delivery.lastSent.at)}, to ${load.delivery.lastSent.to}.`
              : 'No notification email has been sent yet.'}
          </p>
          {load.delivery.failed && (
            <p role="alert">
              {`${plural(load.delivery.failed.count, 'notification email', 'notification emails')} could not be sent (the last ${formatClubDateTime(load.delivery.failed.at)}): ${load.delivery.failed.error} The messages themselves are in the inbox.`}
            </p>
          )}
          {load.delivery.retrying && (
            <p>
              {`${plural(load.delivery.retrying.count, 'notification email is', 'notification emails are')} waiting to be sent again (next try ${formatClubDateTime(load.delivery.retrying.nextAt)}): ${load.delivery.retrying.error}`}
            </p>
          )}
          <ActionButton onClick={() => void refresh()}>Check again</ActionButton>
        </>
      )}
    </section>
  )
}
