import { Link } from 'react-router'

import { visibleAlerts } from '../alerts/alert-visibility.ts'
import type { Alert } from '../entities/alert.ts'
import './alerts-bar.css'

export type AlertsBarProps = {
  alerts: readonly Alert[]
  pathname: string
  now: Date
  dismissed: ReadonlySet<string>
  onDismiss: (ids: string[]) => void
}

function AlertLink({ alert }: { alert: Alert }) {
  if (!alert.link) return null
  const text = alert.linkText || 'Learn more'
  if (alert.link.startsWith('/')) return <Link to={alert.link}>{text}</Link>
  return (
    <a href={alert.link} rel="noopener noreferrer">
      {text}
    </a>
  )
}

/** The alerts a visitor sees on this page (spec §4), with dismiss one and dismiss all. */
export function AlertsBar({ alerts, pathname, now, dismissed, onDismiss }: AlertsBarProps) {
  const shown = visibleAlerts(alerts, { now, pathname, dismissed })
  if (shown.length === 0) return null
  return (
    <section className="alerts-bar" aria-label="Alerts">
      <ul className="container">
        {shown.map((alert) => (
          <li
            key={alert.id}
            className={`alert alert--${alert.alert_category} alert--${alert.type}`}
            data-status={alert.status_type ?? undefined}
          >
            {alert.alert_category === 'status' && (
              <span className="alert__status">
                {(alert.status_type ?? 'status').replace(/-/g, ' ')}
              </span>
            )}
            <div className="alert__text">
              <strong>{alert.title}</strong> <span>{alert.message}</span>{' '}
              <AlertLink alert={alert} />
            </div>
            <button type="button" className="alert__close" onClick={() => onDismiss([alert.id])}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">Dismiss alert: {alert.title}</span>
            </button>
          </li>
        ))}
      </ul>
      {shown.length > 1 && (
        <div className="container alerts-bar__all">
          <button type="button" onClick={() => onDismiss(shown.map((a) => a.id))}>
            Dismiss all alerts
          </button>
        </div>
      )}
    </section>
  )
}
