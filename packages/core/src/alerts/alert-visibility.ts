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
 * What a dismissal covers: the alert as the visitor saw it, its id and everything it
 * says. A status alert keeps its id when staff change "Games are on" to "All games
 * cancelled tonight"; the changed alert has another key, so it shows again even to a
 * visitor who dismissed the earlier text. Dates, pinning and targeting are not part of it:
 * they change when and where an alert shows, not what it tells.
 *
 * The key is the id, `~`, and a 32-bit FNV-1a hash of the shown fields in base 36: the same
 * on the server that prerenders the page and in every browser.
 *
 * @example
 * dismissalKey({ id: 'game-day', title: 'Games are on', … }) // 'game-day~1k3x9qz'
 */
export function dismissalKey(
  alert: Pick<
    Alert,
    'id' | 'title' | 'message' | 'alert_category' | 'status_type' | 'type' | 'link' | 'linkText'
  >,
): string {
  const shown = JSON.stringify([
    alert.alert_category,
    alert.status_type ?? null,
    alert.type,
    alert.title,
    alert.message,
    alert.link ?? '',
    alert.linkText ?? '',
  ])
  let hash = 0x811c9dc5
  for (let i = 0; i < shown.length; i++) {
    hash ^= shown.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return `${alert.id}~${(hash >>> 0).toString(36)}`
}

/**
 * The alerts a visitor sees on a page (spec §4): active, inside their date window, not
 * dismissed this session as they read now (see `dismissalKey`), and untargeted or targeted at this page. Pinned alerts come
 * first; otherwise the stored order is kept.
 */
export function visibleAlerts(
  alerts: readonly Alert[],
  options: {
    now: Date
    pathname: string
    /** This session's dismissals, as `dismissalKey`s. */
    dismissed: ReadonlySet<string>
  },
): Alert[] {
  const shown = alerts.filter(
    (alert) =>
      alert.isActive &&
      inWindow(alert, options.now) &&
      !options.dismissed.has(dismissalKey(alert)) &&
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
