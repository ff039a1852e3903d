import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'

import { dismissalKey, visibleAlerts } from '../alerts/alert-visibility.ts'
import type { Alert } from '../entities/alert.ts'
import './alerts-bar.css'

export type AlertsBarProps = {
  alerts: readonly Alert[]
  pathname: string
  now: Date
  /** This session's dismissals, as `dismissalKey`s. */
  dismissed: ReadonlySet<string>
  /** Called with the `dismissalKey`s of the alerts dismissed. */
  onDismiss: (keys: string[]) => void
  /**
   * The alerts may be stale (the prerendered page's, or the built-in ones, before the vital
   * read has answered): they keep their place on the page, so nothing moves when they show,
   * but are neither seen nor announced.
   */
  held?: boolean
  /** Where focus goes when no alert is left to move it to. */
  mainId?: string
}

function AlertLink({ alert }: { alert: Alert }) {
  if (!alert.link) return null
  const text = alert.linkText || 'Learn more'
  if (alert.link.startsWith('/')) {
    return (
      <Link className="alert__link" to={alert.link}>
        {text}
      </Link>
    )
  }
  return (
    <a className="alert__link" href={alert.link} rel="noopener noreferrer">
      {text}
    </a>
  )
}

/** Where focus goes after `ids` are dismissed from `shown`: the next alert, else the previous, else main. */
function focusTargetAfter(shown: readonly Alert[], ids: readonly string[]): string | null {
  const gone = new Set(ids)
  const first = shown.findIndex((alert) => gone.has(alert.id))
  const after = shown.slice(first + 1).find((alert) => !gone.has(alert.id))
  const before = shown
    .slice(0, Math.max(first, 0))
    .reverse()
    .find((alert) => !gone.has(alert.id))
  return (after ?? before)?.id ?? null
}

/**
 * The alerts a visitor sees on this page (spec §4), pinned first, with dismiss one and
 * dismiss all. On a phone the bar is one line, the first alert, with the rest behind a
 * count that expands the list; from 768 px every alert shows.
 *
 * Each alert carries `data-alert-dismissal` (its `dismissalKey`: the id and what it says),
 * which the page's head script reads to hide this session's dismissals before the app
 * starts (see alerts/early-dismissals.ts). A dismissed alert whose text changes shows again.
 */
export function AlertsBar({
  alerts,
  pathname,
  now,
  dismissed,
  onDismiss,
  held = false,
  mainId = 'main',
}: AlertsBarProps) {
  const shown = visibleAlerts(alerts, { now, pathname, dismissed })
  const [expanded, setExpanded] = useState(false)
  const bar = useRef<HTMLElement>(null)
  // Fixed ids (one alerts bar per page), equal in the prerendered HTML and the browser.
  const listId = 'alerts-bar-list'
  // Set by a dismissal, used once the alerts have re-rendered without the dismissed ones.
  const focusNext = useRef<{ alertId: string | null } | null>(null)

  useEffect(() => {
    const next = focusNext.current
    if (!next) return
    focusNext.current = null
    const target =
      next.alertId === null
        ? document.getElementById(mainId)
        : bar.current?.querySelector<HTMLElement>(`[data-alert-id="${CSS.escape(next.alertId)}"]`)
    target?.focus({ preventScroll: true })
  })

  if (shown.length === 0) return null

  const dismiss = (dismissed: readonly Alert[]) => {
    focusNext.current = {
      alertId: focusTargetAfter(
        shown,
        dismissed.map((alert) => alert.id),
      ),
    }
    onDismiss(dismissed.map(dismissalKey))
  }
  const more = shown.length - 1

  return (
    <section
      ref={bar}
      className="alerts-bar"
      aria-label="Alerts"
      data-held={held ? '' : undefined}
      data-expanded={expanded ? '' : undefined}
    >
      <div className="container alerts-bar__inner">
        <ul id={listId} className="alerts-bar__list">
          {shown.map((alert, index) => (
            <li
              key={alert.id}
              data-alert-id={alert.id}
              data-alert-dismissal={dismissalKey(alert)}
              tabIndex={-1}
              aria-labelledby={`${listId}-${index}`}
              className={`alert alert--${alert.alert_category} alert--${alert.type}${index > 0 ? ' alert--more' : ''}`}
              data-status={alert.status_type ?? undefined}
            >
              <p className="alert__text">
                {alert.alert_category === 'status' && (
                  <span className="alert__status">
                    {(alert.status_type ?? 'status').replace(/-/g, ' ')}
                  </span>
                )}{' '}
                <strong id={`${listId}-${index}`} className="alert__title">
                  {alert.title}
                </strong>{' '}
                <span className="alert__message">{alert.message}</span> <AlertLink alert={alert} />
              </p>
              <button type="button" className="alert__close" onClick={() => dismiss([alert])}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">Dismiss alert: {alert.title}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="alerts-bar__controls">
          <button
            type="button"
            className="alerts-bar__toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? (
              'Less'
            ) : more > 0 ? (
              <>
                +{more}
                <span className="visually-hidden"> more {more === 1 ? 'alert' : 'alerts'}</span>
              </>
            ) : (
              <>
                More<span className="visually-hidden"> about this alert</span>
              </>
            )}
            <span className="alerts-bar__chevron" aria-hidden="true" />
          </button>
          {more > 0 && (
            <button type="button" className="alerts-bar__all" onClick={() => dismiss(shown)}>
              Dismiss all alerts
            </button>
          )}
        </div>
      </div>
    </section>
  )
}
