import { Link } from 'react-router'

import { statusFirst, visibleAlerts } from '../../alerts/alert-visibility.ts'
import { WEATHER_POLICY } from '../../defaults/constants.ts'
import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import type { Alert } from '../../entities/alert.ts'
import { formatClubDateTime } from '../shared-b/club-time.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import './live-updates-page.css'

const CONTENT_KEY = 'alerts'
// The page lists what is live even if the visitor dismissed it from the alerts bar.
const NONE_DISMISSED: ReadonlySet<string> = new Set()
// Window edges this far from now are placeholders ("always"), not dates worth printing.
const FAR_MS = 366 * 24 * 60 * 60 * 1000

/** Props of {@link LiveUpdatesPage}. */
export type LiveUpdatesPageProps = {
  /** `alerts`, in stored order. */
  alerts: readonly Alert[]
  /** The moment the page is rendered for: decides which alerts are live. */
  now: Date
  /** When league cancellations are posted, for the empty state; the club's constant by default. */
  leagueCancellationsBy?: string
}

/** An alert that is live, with its position in the stored `alerts` array (where edits go). */
export type LiveAlert = { alert: Alert; index: number }

/**
 * The alerts live at `now`, status alerts first (pinned first within each group). A page target
 * does not hide an alert here: this page is where every live update is gathered.
 */
export function liveAlerts(alerts: readonly Alert[], now: Date): LiveAlert[] {
  // Ids are unique within the document (the schema enforces it).
  const indexById = new Map(alerts.map((alert, index) => [alert.id, index]))
  const untargeted = alerts.map((alert) => ({ ...alert, targetPage: undefined }))
  const shown = statusFirst(
    visibleAlerts(untargeted, { now, pathname: '/live-updates', dismissed: NONE_DISMISSED }),
  )
  return shown.flatMap(({ id }) => {
    const index = indexById.get(id)
    const alert = index === undefined ? undefined : alerts[index]
    return alert && index !== undefined ? [{ alert, index }] : []
  })
}

/** The status badge's words: `game-on` → `GAME ON`. */
export function statusLabel(statusType: string | null): string {
  if (!statusType) return 'STATUS'
  return statusType.replace(/-/g, ' ').toUpperCase()
}

function statusTone(statusType: string | null): 'on' | 'off' | 'delayed' | 'other' {
  if (statusType === 'game-on') return 'on'
  if (statusType === 'game-off' || statusType === 'cancelled' || statusType === 'canceled')
    return 'off'
  if (statusType === 'delayed' || statusType === 'postponed') return 'delayed'
  return 'other'
}

const TONE_SYMBOL = { on: '✓', off: '✕', delayed: '⏱', other: '•' } as const

/** When the alert runs, leaving out placeholder edges far from `now`. */
export function windowText(alert: Pick<Alert, 'startDate' | 'endDate'>, now: Date): string {
  const start = Date.parse(alert.startDate)
  const end = Date.parse(alert.endDate)
  const showStart = now.getTime() - start <= FAR_MS
  const showEnd = end - now.getTime() <= FAR_MS
  if (showStart && showEnd) {
    return `${formatClubDateTime(alert.startDate)} until ${formatClubDateTime(alert.endDate)}`
  }
  if (showStart) return `Since ${formatClubDateTime(alert.startDate)}`
  if (showEnd) return `Until ${formatClubDateTime(alert.endDate)}`
  return 'Until further notice'
}

function AlertItem({ alert, index, now }: LiveAlert & { now: Date }) {
  const isStatus = alert.alert_category === 'status'
  const tone = statusTone(alert.status_type)
  return (
    <li
      className={`card live-alert live-alert--${isStatus ? `status live-alert--${tone}` : alert.type}`}
    >
      <div className="card__body">
        <p className="live-alert__badges">
          {isStatus && (
            <span className={`live-alert__status live-alert__status--${tone}`}>
              <span aria-hidden="true">{TONE_SYMBOL[tone]} </span>
              {statusLabel(alert.status_type)}
            </span>
          )}
          {!isStatus && (
            <span className="badge">
              {alert.type.charAt(0).toUpperCase() + alert.type.slice(1)}
            </span>
          )}
          {alert.isPinned && <span className="badge live-alert__pinned">Pinned</span>}
        </p>
        <EditableText
          as="h3"
          contentKey={CONTENT_KEY}
          path={[index, 'title']}
          value={alert.title}
        />
        <EditableText
          as="p"
          contentKey={CONTENT_KEY}
          path={[index, 'message']}
          value={alert.message}
        />
        <p className="live-alert__window">
          <span className="visually-hidden">Showing: </span>
          {windowText(alert, now)}
        </p>
        {alert.link && (
          <p className="live-alert__link">
            <EditableRegion contentKey={CONTENT_KEY} path={[index, 'link']}>
              <SmartLink to={alert.link}>
                {alert.linkText || `More about: ${alert.title}`}
              </SmartLink>
            </EditableRegion>
          </p>
        )}
      </div>
    </li>
  )
}

/**
 * /live-updates: game-day status first, then general announcements, each live at `now`;
 * plus where to check field status and the weather policy.
 */
export function LiveUpdatesPage({
  alerts,
  now,
  leagueCancellationsBy = WEATHER_POLICY.leagueCancellationsBy,
}: LiveUpdatesPageProps) {
  const live = liveAlerts(alerts, now)
  const status = live.filter(({ alert }) => alert.alert_category === 'status')
  const general = live.filter(({ alert }) => alert.alert_category !== 'status')
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Live Updates</h1>
          <p>Game-day status, cancellations and announcements, posted as they happen.</p>
        </div>
      </section>
      <div className="container section live-updates">
        {live.length === 0 && (
          <p className="live-updates__empty">
            No game-day updates right now. League cancellations are posted here by{' '}
            {leagueCancellationsBy} on game day, so check back before you leave.
          </p>
        )}
        {status.length > 0 && (
          <section aria-labelledby="live-status">
            <h2 id="live-status">Game-day status</h2>
            <ul className="live-updates__list">
              {status.map((entry) => (
                <AlertItem key={entry.alert.id} {...entry} now={now} />
              ))}
            </ul>
          </section>
        )}
        {general.length > 0 && (
          <section aria-labelledby="live-general">
            <h2 id="live-general">Announcements</h2>
            <ul className="live-updates__list">
              {general.map((entry) => (
                <AlertItem key={entry.alert.id} {...entry} now={now} />
              ))}
            </ul>
          </section>
        )}
        <section className="live-updates__more" aria-labelledby="live-more">
          <h2 id="live-more">Before you head to the field</h2>
          <ul>
            <li>
              <Link to="/fields#field-status">Field status summary</Link>
            </li>
            <li>
              <Link to="/weather-policy">Weather policy</Link>
            </li>
          </ul>
        </section>
      </div>
    </>
  )
}

/** Head tags of /live-updates. */
export function liveUpdatesMeta(): PageMeta {
  return {
    title: pageTitle('Live Updates'),
    description:
      'Game-day status for families: games on, off or delayed, weather cancellations, field closures and league announcements, posted as they happen.',
  }
}
