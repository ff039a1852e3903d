import { lazy, Suspense, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { KeyboardEvent as ReactKeyboardEvent } from 'react'

import { Link } from '../ui/link.tsx'
import { postedAt, statusUntil } from '../alerts/alert-posted.ts'
import { dismissalKey, hasStatusToday, visibleAlerts } from '../alerts/alert-visibility.ts'
import { formatClubDateTime } from '../club/club-time.ts'
import { decisionTimeFor } from '../club/status-day.ts'
import type { DecisionTimes } from '../club/status-day.ts'
import type { Alert } from '../entities/alert.ts'
import type { FamilyAlertsService } from '../forms/family-alerts-types.ts'
import { timeSince } from '../club/time-ago.ts'
import { paths } from '../routing/public-paths.ts'
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
  /**
   * The content read failed: what shows is the page's as built (or the built-in content) and
   * may be out of date. A notice says so until a later read answers.
   */
  stale?: boolean
  /**
   * The page's live connection dropped (and is not back): what shows may be out of date. The
   * status line says so until it returns.
   */
  liveLost?: boolean
  /** Where focus goes when no alert is left to move it to. */
  mainId?: string
  /**
   * When the day's decisions are due, as the club's content holds them
   * (`fieldsContent.weatherPostingTimes`); the weather policy's times by default.
   */
  decisionTimes?: DecisionTimes | undefined
  /** Families' alerts: "Get alerts" for the whole club on the status line (none without it). */
  familyAlerts?: FamilyAlertsService | undefined
}

/** The dialog's code loads on a family's first sign of wanting it, not with every page's start-up. */
const loadGetAlerts = () => import('../pages/family-alerts/get-alerts.tsx')
const GetAlerts = lazy(() => loadGetAlerts().then((module) => ({ default: module.GetAlerts })))

/** What the status line's alerts cover: everything the club decides, club-wide. */
const CLUB_NAME_FOR_ALERTS = 'All fields and teams'

/**
 * "Get alerts" on the status line: the club-wide alerts (every decision), as words in the
 * line so that it keeps to one line on a phone. The dialog's code (with Radix's dialog) is not
 * part of any page's start-up: it starts loading when a family shows intent (a pointer over
 * the words, focus, a touch), and the tap itself opens the dialog as soon as it has loaded.
 */
function StatusLineAlerts({ alerts }: { alerts: FamilyAlertsService }) {
  const label = `Get alerts: ${CLUB_NAME_FOR_ALERTS}`
  const [tapped, setTapped] = useState(false)
  const prefetch = () => void loadGetAlerts()
  const standIn = (
    <button
      type="button"
      className="get-alerts__link"
      aria-label={label}
      aria-haspopup="dialog"
      aria-busy={tapped || undefined}
      onPointerEnter={prefetch}
      onPointerDown={prefetch}
      onFocus={prefetch}
      onClick={() => setTapped(true)}
    >
      Get alerts
    </button>
  )
  if (!tapped) return standIn
  return (
    <Suspense fallback={standIn}>
      <GetAlerts
        follow={{ kind: 'club', ref: '' }}
        name={CLUB_NAME_FOR_ALERTS}
        alerts={alerts}
        look="link"
        openAtOnce={tapped}
      />
    </Suspense>
  )
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
 * "Posted 12 min ago", from the alert's start; nothing for a placeholder start. A status that
 * staff posted for several days adds its end: "until December 8, 2026, 8:00 PM".
 */
function Posted({ alert, now }: { alert: Alert; now: Date }) {
  const at = postedAt(alert, now)
  const since = at ? timeSince(at, now) : undefined
  const until = statusUntil(alert, now)
  return (
    <>
      {at && since && (
        <span className="alert__posted">
          Posted <time dateTime={at}>{since}</time>
        </span>
      )}{' '}
      {until && (
        <span className="alert__posted alert__until">
          until <time dateTime={until}>{formatClubDateTime(until)}</time>
        </span>
      )}
    </>
  )
}

/** An alert's place in a list: what dismissals, focus and the head script find it by. */
function alertItemAttributes(alert: Alert, more: boolean) {
  return {
    'data-alert-id': alert.id,
    'data-alert-dismissal': dismissalKey(alert),
    tabIndex: -1,
    className: `alert alert--${alert.alert_category} alert--${alert.type}${more ? ' alert--more' : ''}`,
    'data-status': alert.status_type ?? undefined,
  }
}

/** An alert's words, up to its link, and a space after it. */
function AlertWords({ alert, titleId }: { alert: Alert; titleId: string }) {
  return (
    <>
      {alert.alert_category === 'status' && (
        <span className="alert__status">{(alert.status_type ?? 'status').replace(/-/g, ' ')}</span>
      )}{' '}
      <strong id={titleId} className="alert__title">
        {alert.title}
      </strong>{' '}
      <span className="alert__message">{alert.message}</span> <AlertLink alert={alert} />{' '}
    </>
  )
}

function DismissButton({
  alert,
  onDismiss,
}: {
  alert: Alert
  onDismiss: (alerts: Alert[]) => void
}) {
  return (
    <button type="button" className="alert__close" onClick={() => onDismiss([alert])}>
      <span aria-hidden="true">×</span>
      <span className="visually-hidden">Dismiss alert: {alert.title}</span>
    </button>
  )
}

type AlertItemProps = {
  alert: Alert
  index: number
  now: Date
  more: boolean
  onDismiss: (alerts: Alert[]) => void
}

function AlertItem({ alert, index, now, more, onDismiss }: AlertItemProps) {
  const titleId = `alerts-bar-title-${index}`
  return (
    <li {...alertItemAttributes(alert, more)} aria-labelledby={titleId}>
      <p className="alert__text">
        <AlertWords alert={alert} titleId={titleId} />
        <Posted alert={alert} now={now} />
      </p>
      <DismissButton alert={alert} onDismiss={onDismiss} />
    </li>
  )
}

/** Said while the content read fails, until one answers. */
export const STALE_NOTICE = 'Could not check for updates: status may be out of date.'

/** Said while the live connection is lost, until it returns. */
export const LIVE_LOST_NOTICE = 'Live connection lost: status may be out of date.'

/**
 * The status line when no status alert is posted for today: a status is a decision for one day,
 * so an earlier day's never stands in for it. `times`: the club's stored decision times
 * (`fieldsContent.weatherPostingTimes`, edited on /fields); the weather policy's by default.
 */
export function noStatusText(now: Date, times?: DecisionTimes): string {
  return `No status posted for today yet · decisions by ${decisionTimeFor(now, times)}`
}

/**
 * The status line, in the bar's first place: today's status when one shows here (or, when
 * the family dismissed it, the first alert), else the words saying none is posted, with the
 * way to the fields. One element either way, with "Get alerts" at the same place in it, so
 * that a status posted or taken down while a family has its dialog open (Realtime) changes
 * the words around the dialog, not the dialog or what was typed in it.
 */
function StatusLine({
  alert,
  now,
  times,
  onDismiss,
  familyAlerts,
}: {
  alert: Alert | undefined
  now: Date
  times: DecisionTimes | undefined
  onDismiss: (alerts: Alert[]) => void
  familyAlerts: FamilyAlertsService | undefined
}) {
  const titleId = 'alerts-bar-title-0'
  const offer =
    familyAlerts && (!alert || alert.alert_category === 'status') ? (
      <StatusLineAlerts alerts={familyAlerts} />
    ) : null
  const attributes = alert
    ? { ...alertItemAttributes(alert, false), 'aria-labelledby': titleId }
    : { className: 'alerts-bar__status-line' }
  return (
    <li {...attributes}>
      <p className="alert__text">
        {alert ? (
          <AlertWords alert={alert} titleId={titleId} />
        ) : (
          <NoStatusWords now={now} times={times} offered={offer !== null} />
        )}
        {offer}
        {alert && (
          <>
            {offer && ' '}
            <Posted alert={alert} now={now} />
          </>
        )}
      </p>
      {alert && <DismissButton alert={alert} onDismiss={onDismiss} />}
    </li>
  )
}

/** The status line's words when no status is posted for today (nothing to dismiss). */
function NoStatusWords({
  now,
  times,
  offered,
}: {
  now: Date
  times: DecisionTimes | undefined
  offered: boolean
}) {
  return (
    <>
      {noStatusText(now, times)}{' '}
      <Link className="alert__link" to={paths.fields('field-status')}>
        Check field status
      </Link>
      {offered && ' '}
    </>
  )
}

/**
 * The alerts a visitor sees on this page (spec §4), in visibleAlerts' order (the newest status
 * first, then the general alerts, pinned first), with dismiss one and
 * dismiss all, each saying when it was posted. On a phone the bar shows the first alert
 * whole (its title, link and time, wrapping as needed), with the rest behind a count that
 * expands them; from 768 px every alert shows. The rest come after the count in the page's
 * order, so a keyboard reaches what the count reveals right after it; Escape collapses them.
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
  stale = false,
  liveLost = false,
  mainId = 'main',
  decisionTimes,
  familyAlerts,
}: AlertsBarProps) {
  const shown = visibleAlerts(alerts, { now, pathname, dismissed })
  // Whether a status is posted for today, wherever it shows and dismissed or not: a family who
  // dismissed today's status is not told there is none.
  const noStatus = !hasStatusToday(alerts, now)
  const [expanded, setExpanded] = useState(false)
  const bar = useRef<HTMLElement>(null)
  const toggle = useRef<HTMLButtonElement>(null)
  // Fixed ids (one alerts bar per page), equal in the prerendered HTML and the browser.
  const listId = 'alerts-bar-list'
  const firstId = 'alerts-bar-first'
  if (shown.length === 0 && !stale && !noStatus && !liveLost) return null

  const dismiss = (dismissed: readonly Alert[]) => {
    const next = focusTargetAfter(
      shown,
      dismissed.map((alert) => alert.id),
    )
    // Rendered at once, so focus lands in the list as it now is. (An effect reading a ref set
    // here could be run first by a render already committed, on the old list, where the next
    // alert may be one a phone keeps folded away.)
    flushSync(() => onDismiss(dismissed.map(dismissalKey)))
    const target =
      next === null
        ? document.getElementById(mainId)
        : bar.current?.querySelector<HTMLElement>(`[data-alert-id="${CSS.escape(next)}"]`)
    target?.focus({ preventScroll: true })
  }
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape' || !expanded) return
    event.preventDefault()
    setExpanded(false)
    toggle.current?.focus({ preventScroll: true })
  }
  // The status line comes first: today's status when one shows here, else the line that says
  // none is posted, in the same place (so that one replacing the other moves little).
  const first = noStatus ? undefined : shown[0]
  const rest = noStatus ? shown : shown.slice(1)
  const more = rest.length

  return (
    <section
      ref={bar}
      className="alerts-bar"
      aria-label="Alerts"
      data-held={held ? '' : undefined}
      data-expanded={expanded ? '' : undefined}
      data-foldable={first || more > 0 ? '' : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="container alerts-bar__inner">
        {/* Held, the notice is hidden with the alerts; should the app not have started when
            the style releases them (alerts-bar.css), they show with it, never as current. */}
        {(stale || held) && (
          <p className="alerts-bar__stale" role="status">
            {STALE_NOTICE}
          </p>
        )}
        {liveLost && !stale && !held && (
          <p className="alerts-bar__stale alerts-bar__live-lost" role="status">
            {LIVE_LOST_NOTICE}
          </p>
        )}
        {(first || noStatus) && (
          <ul id={firstId} className="alerts-bar__list alerts-bar__first">
            <StatusLine
              alert={first}
              now={now}
              times={decisionTimes}
              onDismiss={dismiss}
              familyAlerts={familyAlerts}
            />
          </ul>
        )}
        {(first || more > 0) && (
          <div className="alerts-bar__controls">
            <button
              ref={toggle}
              type="button"
              className="bar-button alerts-bar__toggle"
              aria-expanded={expanded}
              aria-controls={more > 0 ? listId : firstId}
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
            {shown.length > 1 && (
              <button
                type="button"
                className="bar-button alerts-bar__all"
                onClick={() => dismiss(shown)}
              >
                Dismiss all alerts
              </button>
            )}
          </div>
        )}
        {more > 0 && (
          <ul id={listId} className="alerts-bar__list alerts-bar__rest">
            {rest.map((alert, i) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                index={i + 1}
                now={now}
                more
                onDismiss={dismiss}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
