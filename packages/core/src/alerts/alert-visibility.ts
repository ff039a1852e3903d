import type { Alert } from '../entities/alert.ts'

const EDIT_PREFIX = '/admin/edit'

/**
 * The page a path shows, as alerts name it: `/admin/edit/fields` and `/fields/` are both
 * `fields`; the home page is `''`. Alerts targeted at a page also show in its editing view.
 */
export function pageOf(pathOrPage: string): string {
  let path = pathOrPage.split(/[?#]/)[0] ?? ''
  if (path === EDIT_PREFIX || path.startsWith(`${EDIT_PREFIX}/`))
    path = path.slice(EDIT_PREFIX.length)
  const page = path.replace(/^\/+|\/+$/g, '').toLowerCase()
  return page === 'home' ? '' : page
}

/** True when the alert has no target page, or targets the page that `pathname` shows. */
export function targetsPage(alert: Pick<Alert, 'targetPage'>, pathname: string): boolean {
  if (alert.targetPage === undefined || alert.targetPage.trim() === '') return true
  return pageOf(alert.targetPage) === pageOf(pathname)
}

/** True while `now` lies between the alert's start and end (inclusive). An unparseable date hides it. */
export function inWindow(alert: Pick<Alert, 'startDate' | 'endDate'>, now: Date): boolean {
  const start = Date.parse(alert.startDate)
  const end = Date.parse(alert.endDate)
  if (Number.isNaN(start) || Number.isNaN(end)) return false
  const t = now.getTime()
  return start <= t && t <= end
}

/**
 * The alerts a visitor sees on a page (spec §4): active, inside their date window, not
 * dismissed this session, and untargeted or targeted at this page. Pinned alerts come
 * first; otherwise the stored order is kept.
 */
export function visibleAlerts(
  alerts: readonly Alert[],
  options: { now: Date; pathname: string; dismissed: ReadonlySet<string> },
): Alert[] {
  const shown = alerts.filter(
    (alert) =>
      alert.isActive &&
      inWindow(alert, options.now) &&
      !options.dismissed.has(alert.id) &&
      targetsPage(alert, options.pathname),
  )
  // Array.prototype.sort is stable, so equal alerts keep their stored order.
  return shown.sort((a, b) => Number(b.isPinned) - Number(a.isPinned))
}

/** Status alerts (game-day status) first, then the rest: the order the live-updates page uses. */
export function statusFirst(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort(
    (a, b) => Number(b.alert_category === 'status') - Number(a.alert_category === 'status'),
  )
}
