import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'

import type { AlertFollow, FamilyAlertsService } from '../../forms/family-alerts-types.ts'
import { ModalContent } from '../../ui/modal-content.tsx'
import { HoneypotField } from '../forms/honeypot-field.tsx'
import { askPermission, pushSupport, PushDeviceError, subscribeThisDevice } from './push-device.ts'
import type { PushSupport } from './push-device.ts'
import '../forms/submission-form.css'
import './family-alerts.css'

/**
 * What the alerts cover, in the issue's words: what is sent is a status alert posted or changed,
 * a field closed or reopened, and a game moved, cancelled or given another field (the triggers of
 * supabase/migrations/*_family_alerts*.sql).
 */
export function alertsCover(name: string): string {
  return `${name}: cancellations, field closures and schedule changes`
}

/** One plain address (what the function accepts too). */
const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\.]+(?:\.[^\s@<>(),;:"[\]\\.]+)+$/

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; email: string }
  | { kind: 'failed'; message: string }

type PushStatus =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'subscribed' }
  | { kind: 'failed'; message: string }

/** Props of {@link GetAlerts}. */
export type GetAlertsProps = {
  /** What the alerts follow. */
  follow: AlertFollow
  /** Its name as the site shows it ("Big Train 12U"). */
  name: string
  /** The families' alerts calls (`subscribe`; the push ones offer "Push on this device"). */
  alerts: Pick<FamilyAlertsService, 'subscribe'> &
    Partial<Pick<FamilyAlertsService, 'pushKey' | 'pushSubscribe'>>
  /** `dark` when the button sits on a dark background (heroes). */
  tone?: 'light' | 'dark'
  /** `link`: words in a line of text (the alerts bar's status line), not a button's box. */
  look?: 'button' | 'link'
  /**
   * Open the dialog as soon as it is shown: its button was tapped while this code was still
   * loading (the alerts bar's stand-in), and the tap is not lost.
   */
  openAtOnce?: boolean
}

/**
 * "Get alerts": a button opening a dialog that names exactly what the alerts cover, with
 * "Push on this device" (where the browser has Web Push; on an iPhone outside the Home Screen,
 * the steps to get there) and an email field with a hidden honeypot. The browser's permission
 * is asked only when the family taps "Push on this device". A confirmation email goes out
 * (double opt-in); a failure keeps what was typed and says what to do.
 */
export function GetAlerts({
  follow,
  name,
  alerts,
  tone = 'light',
  look = 'button',
  openAtOnce = false,
}: GetAlertsProps) {
  const id = useId()
  const [open, setOpen] = useState(openAtOnce)
  const [email, setEmail] = useState('')
  const [website, setWebsite] = useState('')
  const [invalid, setInvalid] = useState<string>()
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const [support, setSupport] = useState<PushSupport>('unsupported')
  const [pushStatus, setPushStatus] = useState<PushStatus>({ kind: 'idle' })
  const [pushKey, setPushKey] = useState<Promise<string | { message: string }>>()
  const { pushKey: loadKey, pushSubscribe } = alerts

  // On opening: whether this browser can take push, and the club's key, fetched ahead so that
  // the tap's first step is the permission prompt (iOS allows it only in the tap itself).
  const opened = () => {
    if (!loadKey || !pushSubscribe) return
    const found = pushSupport()
    setSupport(found)
    if (found === 'supported')
      setPushKey(
        loadKey().then((result) => (result.ok ? result.value : { message: result.message })),
      )
  }

  // A tap made before this code had loaded: as if made now (once, on mount).
  const openedAtOnce = useRef(false)
  useEffect(() => {
    if (!openAtOnce || openedAtOnce.current) return
    openedAtOnce.current = true
    opened()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the tap made while loading
  }, [])

  const subscribePush = async () => {
    if (!pushKey || !pushSubscribe || pushStatus.kind === 'asking') return
    setPushStatus({ kind: 'asking' })
    try {
      await askPermission()
      const key = await pushKey
      if (typeof key !== 'string') {
        setPushStatus({ kind: 'failed', message: key.message })
        return
      }
      const subscription = await subscribeThisDevice(key)
      const result = await pushSubscribe({ subscription, follow })
      setPushStatus(
        result.ok ? { kind: 'subscribed' } : { kind: 'failed', message: result.message },
      )
    } catch (error) {
      setPushStatus({
        kind: 'failed',
        message:
          error instanceof PushDeviceError
            ? error.message
            : 'Alerts could not be set up on this device. Try again, or get them by email.',
      })
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (status.kind === 'sending') return
    const address = email.trim()
    if (!EMAIL.test(address) || address.length > 254) {
      setInvalid('Enter your email address, like parent@example.com.')
      return
    }
    setInvalid(undefined)
    setStatus({ kind: 'sending' })
    const result = await alerts.subscribe({ email: address, follow, website })
    setStatus(
      result.ok ? { kind: 'sent', email: address } : { kind: 'failed', message: result.message },
    )
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (next) opened()
        if (!next && status.kind === 'sent') setStatus({ kind: 'idle' })
      }}
    >
      <Dialog.Trigger asChild>
        <button
          type="button"
          className={
            look === 'link'
              ? 'get-alerts__link'
              : `btn btn--outline get-alerts__button get-alerts__button--${tone}`
          }
          aria-label={`Get alerts: ${name}`}
        >
          Get alerts
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="get-alerts__overlay" />
        <ModalContent className="get-alerts__dialog" aria-describedby={`${id}-covers`}>
          <Dialog.Title className="get-alerts__title">Get alerts</Dialog.Title>
          <p id={`${id}-covers`} className="get-alerts__covers">
            {alertsCover(name)}
          </p>
          <p className="get-alerts__detail">
            We tell you when the club posts a game or field status that concerns it (“All games
            cancelled”, “Games delayed”), closes or reopens a field, or moves, cancels or changes
            the field of a game, and nothing else.
          </p>
          {pushSubscribe && support === 'supported' && (
            <section className="get-alerts__channel" aria-labelledby={`${id}-push`}>
              <h3 id={`${id}-push`} className="get-alerts__channel-title">
                On this device
              </h3>
              {pushStatus.kind === 'subscribed' ? (
                <div className="club-form__notice club-form__notice--success" role="status">
                  <p>This device will show alerts for {name}.</p>
                </div>
              ) : (
                <>
                  <p className="get-alerts__privacy">
                    Your browser asks whether the site may show notifications. We keep only this
                    device’s push address, to send these alerts.
                  </p>
                  {pushStatus.kind === 'failed' && (
                    <div className="club-form__notice club-form__notice--error" role="alert">
                      <p>{pushStatus.message}</p>
                    </div>
                  )}
                  <button
                    type="button"
                    className="btn btn--primary"
                    aria-disabled={pushStatus.kind === 'asking' || undefined}
                    onClick={() => void subscribePush()}
                  >
                    {pushStatus.kind === 'asking' ? 'Setting up…' : 'Push on this device'}
                  </button>
                </>
              )}
            </section>
          )}
          {pushSubscribe && support === 'ios-home-screen' && (
            <section className="get-alerts__channel" aria-labelledby={`${id}-push`}>
              <h3 id={`${id}-push`} className="get-alerts__channel-title">
                On this iPhone or iPad
              </h3>
              <p>
                On iPhone and iPad, alerts on the device work only from the Home Screen, not in a
                Safari tab:
              </p>
              <ol className="get-alerts__steps">
                <li>Tap the Share button in Safari.</li>
                <li>Tap “Add to Home Screen”, then “Add”.</li>
                <li>Open the club’s site from its Home Screen icon.</li>
                <li>Tap “Get alerts” again, then “Push on this device”.</li>
              </ol>
            </section>
          )}
          {pushSubscribe && support !== 'unsupported' && (
            <h3 className="get-alerts__channel-title">By email</h3>
          )}
          {status.kind === 'sent' ? (
            <div className="club-form__notice club-form__notice--success" role="status">
              <p className="club-form__notice-title">Check your inbox to confirm</p>
              <p>
                We sent a link to {status.email}. Alerts start once you follow it; until then we
                send nothing else.
              </p>
            </div>
          ) : (
            <form className="club-form get-alerts__form" noValidate onSubmit={submit}>
              <div className={`club-form__field${invalid ? ' is-invalid' : ''}`}>
                <label className="club-form__label" htmlFor={`${id}-email`}>
                  Email
                </label>
                <input
                  id={`${id}-email`}
                  className="club-form__input"
                  type="email"
                  name="email"
                  autoComplete="email"
                  required
                  aria-invalid={invalid ? true : undefined}
                  aria-describedby={invalid ? `${id}-email-error` : undefined}
                  readOnly={status.kind === 'sending'}
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
                {invalid && (
                  <p id={`${id}-email-error`} className="club-form__error">
                    {invalid}
                  </p>
                )}
              </div>
              <HoneypotField idPrefix={id} value={website} onChange={setWebsite} />
              {status.kind === 'failed' && (
                <div className="club-form__notice club-form__notice--error" role="alert">
                  <p>{status.message}</p>
                </div>
              )}
              <p className="get-alerts__privacy">
                We keep your address only to send these alerts. Each email has a link to change or
                stop them.
              </p>
              <div className="club-form__actions">
                <button
                  type="submit"
                  className="btn btn--primary club-form__submit"
                  aria-disabled={status.kind === 'sending' || undefined}
                >
                  {status.kind === 'sending' ? 'Sending…' : 'Send me a confirmation link'}
                </button>
              </div>
            </form>
          )}
          <Dialog.Close className="btn btn--outline get-alerts__close">Close</Dialog.Close>
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
