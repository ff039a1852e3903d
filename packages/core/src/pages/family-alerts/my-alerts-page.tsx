import { useId, useState } from 'react'

import type { AlertFollow, DeviceAlerts, MyAlerts } from '../../forms/family-alerts-types.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { alertsCover } from './get-alerts.tsx'
import '../forms/submission-form.css'
import './family-alerts.css'

/** Something a family may follow, for the "Add alerts for" choice. */
export type AlertOption = AlertFollow & {
  name: string
  group: 'Teams' | 'Programs' | 'Fields' | 'Whole club'
}

/** What the page shows. */
export type MyAlertsState =
  | { kind: 'no-link' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | {
      kind: 'ready'
      alerts: MyAlerts
      justConfirmed?: boolean
      notice?: string
      error?: string
      busy?: boolean
    }
  | { kind: 'deleted' }

/** What this device follows by push, when it has a subscription the club knows. */
export type DeviceAlertsState =
  | {
      kind: 'ready'
      alerts: DeviceAlerts
      notice?: string
      error?: string
      busy?: boolean
    }
  | { kind: 'stopped' }

/** Props of {@link MyAlertsPage}. */
export type MyAlertsPageProps = {
  state: MyAlertsState
  options: readonly AlertOption[]
  onFollow(follow: AlertFollow): void
  onUnfollow(follow: AlertFollow): void
  onUnsubscribe(): void
  onDelete(): void
  /** This device's push alerts (absent: the device has none, or cannot have any). */
  device?: DeviceAlertsState | undefined
  onDeviceFollow?(follow: AlertFollow): void
  onDeviceUnfollow?(follow: AlertFollow): void
  /** Stops every alert to this device (its push subscription goes). */
  onDeviceStop?(): void
}

export const RETENTION =
  'We keep your address and what you follow only to send these alerts. Subscriptions are removed after a season without opening anything, or on request.'

const keyOf = (follow: AlertFollow) => `${follow.kind}:${follow.ref}`

/**
 * "My alerts" (`/my-alerts`), reached from every alert email by a signed, expiring link: what
 * the address follows, adding and removing teams, programs and fields, stopping every alert,
 * and deleting everything kept for the address. No account: the link is the key. On a device
 * subscribed to push, the same for this device, whose push subscription is its key.
 */
export function MyAlertsPage(props: MyAlertsPageProps) {
  const { state, options, device, onDeviceFollow, onDeviceUnfollow, onDeviceStop } = props
  const id = useId()
  const [deleting, setDeleting] = useState(false)
  return (
    <>
      <section className="page-hero" aria-labelledby="my-alerts-title">
        <div className="container">
          <h1 id="my-alerts-title">My alerts</h1>
        </div>
      </section>
      <section className="section">
        <div className="container my-alerts">
          {state.kind === 'no-link' && (
            <p>
              Open the link in one of our alert emails to see and change your alerts
              {device ? ' by email' : ''}. To start getting alerts, use “Get alerts” on a team’s
              page, a program’s page or Fields &amp; Status.
            </p>
          )}
          {device && (
            <ThisDevice
              id={`${id}-device`}
              device={device}
              options={options}
              onFollow={(follow) => onDeviceFollow?.(follow)}
              onUnfollow={(follow) => onDeviceUnfollow?.(follow)}
              onStop={() => onDeviceStop?.()}
            />
          )}
          {state.kind === 'loading' && <p role="status">Loading your alerts…</p>}
          {state.kind === 'failed' && (
            <div className="club-form__notice club-form__notice--error" role="alert">
              <p>{state.message}</p>
            </div>
          )}
          {state.kind === 'deleted' && (
            <div className="club-form__notice club-form__notice--success" role="status">
              <p>
                Everything we kept for your address is deleted. No more alerts will be sent to it.
              </p>
            </div>
          )}
          {state.kind === 'ready' && (
            <Ready {...props} id={id} state={state} deleting={deleting} setDeleting={setDeleting} />
          )}
          <p className="get-alerts__privacy">{RETENTION}</p>
        </div>
      </section>
    </>
  )
}

/** The page once the address's alerts are read: the page's props, with its state narrowed. */
function Ready({
  id,
  state,
  options,
  deleting,
  setDeleting,
  onFollow,
  onUnfollow,
  onUnsubscribe,
  onDelete,
}: Omit<MyAlertsPageProps, 'state'> & {
  id: string
  state: Extract<MyAlertsState, { kind: 'ready' }>
  deleting: boolean
  setDeleting(value: boolean): void
}) {
  const { alerts, busy } = state
  const followed = new Set(alerts.follows.map(keyOf))
  const available = options.filter((option) => !followed.has(keyOf(option)))
  return (
    <>
      {state.justConfirmed && (
        <div className="club-form__notice club-form__notice--success" role="status">
          <p className="club-form__notice-title">Confirmed</p>
          <p>Your alerts start now.</p>
        </div>
      )}
      <Outcome notice={state.notice} error={state.error} />
      <h2>Alerts for {alerts.email}</h2>
      {alerts.unsubscribed ? (
        <p>
          You are unsubscribed: no alerts are sent to this address. To get alerts again, use “Get
          alerts” on a team’s page, a program’s page or Fields &amp; Status.
        </p>
      ) : alerts.follows.length === 0 ? (
        <p>You follow nothing at the moment.</p>
      ) : (
        <ul className="my-alerts__list" aria-label="What you follow">
          {alerts.follows.map((follow) => (
            <li key={keyOf(follow)} className="my-alerts__item">
              <span>
                {alertsCover(follow.name)}
                {!follow.confirmed && ' (waiting for you to follow the link in our email)'}
              </span>
              <button
                type="button"
                className="btn btn--outline"
                aria-label={`Remove ${follow.name}`}
                aria-disabled={busy || undefined}
                onClick={() => !busy && onUnfollow(follow)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {!alerts.unsubscribed && available.length > 0 && (
        <AddFollow
          id={`${id}-add`}
          label="Add alerts for"
          available={available}
          busy={busy}
          onAdd={onFollow}
        />
      )}
      <div className="my-alerts__actions">
        {!alerts.unsubscribed && (
          <button
            type="button"
            className="btn btn--outline"
            aria-disabled={busy || undefined}
            onClick={() => !busy && onUnsubscribe()}
          >
            Unsubscribe from all alerts
          </button>
        )}
        {deleting ? (
          <div role="group" aria-label="Delete everything">
            <p>Delete your address and everything kept for it? This cannot be undone.</p>
            <button type="button" className="btn btn--primary" onClick={() => !busy && onDelete()}>
              Yes, delete everything
            </button>{' '}
            <button type="button" className="btn btn--outline" onClick={() => setDeleting(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" className="btn btn--outline" onClick={() => setDeleting(true)}>
            Delete everything for this address
          </button>
        )}
      </div>
    </>
  )
}

/** The "Add alerts for" choice of what is not followed yet, grouped. */
function AddFollow({
  id,
  label,
  available,
  busy,
  onAdd,
}: {
  id: string
  label: string
  available: readonly AlertOption[]
  busy: boolean | undefined
  onAdd(follow: AlertFollow): void
}) {
  const [choice, setChoice] = useState('')
  const groups = ['Teams', 'Programs', 'Fields', 'Whole club'] as const
  return (
    <form
      className="club-form my-alerts__add"
      onSubmit={(event) => {
        event.preventDefault()
        const option = available.find((item) => keyOf(item) === choice)
        if (option && !busy) onAdd({ kind: option.kind, ref: option.ref })
      }}
    >
      <div className="club-form__field">
        <label className="club-form__label" htmlFor={id}>
          {label}
        </label>
        <select
          id={id}
          className="club-form__input club-form__select"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Choose a team, program or field</option>
          {groups.map((group) => {
            const items = available.filter((option) => option.group === group)
            return items.length === 0 ? null : (
              <optgroup key={group} label={group}>
                {items.map((option) => (
                  <option key={keyOf(option)} value={keyOf(option)}>
                    {option.name}
                  </option>
                ))}
              </optgroup>
            )
          })}
        </select>
      </div>
      <button
        type="submit"
        className="btn btn--primary"
        aria-disabled={busy || !choice || undefined}
      >
        Add
      </button>
    </form>
  )
}

/** "Alerts on this device": what this device follows by push, with add, remove and stop. */
function ThisDevice({
  id,
  device,
  options,
  onFollow,
  onUnfollow,
  onStop,
}: {
  id: string
  device: DeviceAlertsState
  options: readonly AlertOption[]
  onFollow(follow: AlertFollow): void
  onUnfollow(follow: AlertFollow): void
  onStop(): void
}) {
  if (device.kind === 'stopped')
    return (
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Alerts on this device</h2>
        <p role="status" className="club-form__notice club-form__notice--success">
          Alerts on this device are stopped: the club sends it nothing more.
        </p>
      </section>
    )
  const { alerts, busy } = device
  const followed = new Set(alerts.follows.map(keyOf))
  const available = options.filter((option) => !followed.has(keyOf(option)))
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Alerts on this device</h2>
      <Outcome notice={device.notice} error={device.error} />
      {alerts.follows.length === 0 ? (
        <p>This device follows nothing at the moment.</p>
      ) : (
        <ul className="my-alerts__list" aria-label="What this device follows">
          {alerts.follows.map((follow) => (
            <li key={keyOf(follow)} className="my-alerts__item">
              <span>{alertsCover(follow.name)}</span>
              <button
                type="button"
                className="btn btn--outline"
                aria-label={`Remove ${follow.name} from this device`}
                aria-disabled={busy || undefined}
                onClick={() => !busy && onUnfollow(follow)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {available.length > 0 && (
        <AddFollow
          id={`${id}-add`}
          label="Add alerts on this device for"
          available={available}
          busy={busy}
          onAdd={onFollow}
        />
      )}
      <div className="my-alerts__actions">
        <button
          type="button"
          className="btn btn--outline"
          aria-disabled={busy || undefined}
          onClick={() => !busy && onStop()}
        >
          Stop alerts on this device
        </button>
      </div>
    </section>
  )
}

/** The page's head: "My alerts", never indexed (it is reached only by a private link). */
export function myAlertsMeta(): PageMeta & { noindex: true } {
  return {
    title: pageTitle('My alerts'),
    description: 'See and change the alerts the club emails you.',
    noindex: true,
  }
}

/** What the last change did: done (read out politely), or refused (read out at once). */
function Outcome({ notice, error }: { notice?: string | undefined; error?: string | undefined }) {
  return (
    <>
      {notice && (
        <p role="status" className="club-form__notice club-form__notice--success">
          {notice}
        </p>
      )}
      {error && (
        <div className="club-form__notice club-form__notice--error" role="alert">
          <p>{error}</p>
        </div>
      )}
    </>
  )
}
