import type { Alert } from '../entities/alert.ts'
import { clubDayOf } from '../club/status-day.ts'
import { formatClubDate, formatClubDateTime } from '../club/club-time.ts'
import {
  alertPages,
  dismissalKey,
  effectiveEnd,
  endsWithItsDay,
  inWindow,
  pageOf,
  targetsPage,
} from './alert-visibility.ts'

/** Whether an alert shows, and in plain words why not. */
export type AlertVisibility = {
  visible: boolean
  /** Every rule of spec §4 the alert fails, in the spec's order; empty when it shows. */
  reasons: string[]
}

/** What {@link explainAlertVisibility} checks the alert against. */
export type AlertVisibilityContext = {
  now: Date
  /** The page being viewed. Left out, the target page is not checked (as on an admin screen). */
  pathname?: string
  /** This session's dismissals, as `dismissalKey`s. */
  dismissed?: ReadonlySet<string>
  /** How dates read in the reasons; the club's wall clock (`November 2, 2026, 3:05 PM`) by default. */
  formatDate?: (isoDateTime: string) => string
}

/** How a target page reads in a reason: always as the site path a visitor would see. */
function pagePath(targetPage: string): string {
  return `/${pageOf(targetPage)}`
}

/**
 * Explains spec §4's alert visibility for one alert: it shows only when it is active, `now` lies
 * between its start and end (inclusive), it was not dismissed this session, and it has no target
 * page or targets the page being viewed. The decision is the one `visibleAlerts` makes (the same
 * rule functions decide it); this adds the words for each rule that fails.
 *
 * @example
 * explainAlertVisibility(alert, { now: new Date(), pathname: '/about' })
 * // { visible: false, reasons: ['inactive', 'targeted at /fields'] }
 */
export function explainAlertVisibility(
  alert: Alert,
  { now, pathname, dismissed, formatDate = formatClubDateTime }: AlertVisibilityContext,
): AlertVisibility {
  const reasons: string[] = []
  if (!alert.isActive) reasons.push('inactive')
  if (!inWindow(alert, now)) reasons.push(...windowReasons(alert, now, formatDate))
  if (dismissed?.has(dismissalKey(alert))) reasons.push('dismissed this session')
  if (pathname !== undefined && !targetsPage(alert, pathname)) {
    reasons.push(`targeted at ${alertPages(alert).map(pagePath).join(', ')}`)
  }
  return { visible: reasons.length === 0, reasons }
}

/**
 * Why `inWindow` said no: a date it cannot read, `now` before the start or after the end, or a
 * status alert of an earlier day (a status ends with its day unless it has an explicit end).
 */
function windowReasons(
  alert: Pick<Alert, 'startDate' | 'endDate' | 'alert_category' | 'explicitEnd'>,
  now: Date,
  formatDate: (isoDateTime: string) => string,
): string[] {
  const start = Date.parse(alert.startDate)
  const stored = Date.parse(alert.endDate)
  const reasons: string[] = []
  if (Number.isNaN(start)) reasons.push('no valid start date')
  if (Number.isNaN(stored)) reasons.push('no valid end date')
  if (reasons.length > 0) return reasons
  const t = now.getTime()
  const end = Date.parse(effectiveEnd(alert) ?? alert.endDate)
  if (t < start) reasons.push(`not started yet — starts ${formatDate(alert.startDate)}`)
  // With the end before the start, both can hold at once; the editor refuses such dates.
  if (t > end) {
    reasons.push(
      endsWithItsDay(alert) && end < stored
        ? `a status is for its day only — this one was for ${formatClubDate(clubDayOf(alert.startDate) ?? '')}`
        : `ended ${formatDate(alert.endDate)}`,
    )
  }
  return reasons
}
