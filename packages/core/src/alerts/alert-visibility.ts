import { endOfClubDay } from '../club/status-day.ts'
import type { Alert } from '../entities/alert.ts'
import { publicPath } from '../routing/admin-paths.ts'
import { matchPattern, paths, ROUTE_PATTERNS, teamKeyFor } from '../routing/public-paths.ts'

/** The patterns of a team's addresses: each team answers at its own and at /team/{key}. */
const TEAM_PATTERNS = [ROUTE_PATTERNS.team, ROUTE_PATTERNS.programTeam, ROUTE_PATTERNS.dmvTeam]

/**
 * The page a path shows, as alerts name it: `/admin/edit/fields` and `/fields/` are both
 * `fields`; the home page is `''`. Alerts targeted at a page also show in its editing view.
 * A team is one page at each of its addresses: `/team/big-train-12u` and
 * `/programs/big-train/12u` are both `programs/big-train/12u` (its canonical address).
 */
export function pageOf(pathOrPage: string): string {
  const path = publicPath(pathOrPage.split(/[?#]/)[0] ?? '')
  const page = path.replace(/^\/+|\/+$/g, '').toLowerCase()
  if (page === 'home') return ''
  for (const pattern of TEAM_PATTERNS) {
    const params = matchPattern(pattern, `/${page}`)
    const key = params && teamKeyFor(params)
    if (key) return paths.team(key).slice(1)
  }
  return page
}

/**
 * The pages an alert is limited to (`targetPage`, then its `morePages`), as stored; none when
 * it shows on every page (no `targetPage`: further pages without one mean nothing).
 */
export function alertPages(alert: Pick<Alert, 'targetPage' | 'morePages'>): string[] {
  const first = alert.targetPage?.trim() ?? ''
  if (first === '') return []
  const more = (alert.morePages ?? []).map((page) => page.trim()).filter((page) => page !== '')
  return [first, ...more]
}

/** The patterns of a team's or a program's page: what families follow. */
const FOLLOWED_PAGE_PATTERNS = [...TEAM_PATTERNS, ROUTE_PATTERNS.program]

/**
 * Whether an alert is limited to a team's page (at any of its addresses) or a program's: news
 * for the families who follow them, announced to them whatever its category, as the database's
 * trigger decides (public.family_alert_targets_team_or_program, migration 20261206009000).
 *
 * @example
 * targetsTeamOrProgram({ targetPage: '/team/select-13u' }) // true
 * targetsTeamOrProgram({ targetPage: '/fields' }) // false
 */
export function targetsTeamOrProgram(alert: Pick<Alert, 'targetPage' | 'morePages'>): boolean {
  return alertPages(alert).some((page) => {
    const path = `/${page.replace(/^\/+|\/+$/g, '').toLowerCase()}`
    return FOLLOWED_PAGE_PATTERNS.some((pattern) => matchPattern(pattern, path) !== undefined)
  })
}

/** True when the alert has no target page, or targets the page that `pathname` shows. */
export function targetsPage(
  alert: Pick<Alert, 'targetPage' | 'morePages'>,
  pathname: string,
): boolean {
  const pages = alertPages(alert)
  if (pages.length === 0) return true
  const here = pageOf(pathname)
  return pages.some((page) => pageOf(page) === here)
}

/** What decides when an alert stops showing. */
export type AlertWindow = Pick<Alert, 'endDate'> &
  Partial<Pick<Alert, 'startDate' | 'alert_category' | 'explicitEnd'>>

/**
 * True for a status alert that ends with the club day it starts on: every status alert unless
 * staff gave it an explicit end (see `Alert.explicitEnd`).
 */
export function endsWithItsDay(alert: AlertWindow): boolean {
  return alert.alert_category === 'status' && alert.explicitEnd !== true
}

/**
 * When the alert stops showing (ISO 8601): its `endDate`, or for a status alert without an
 * explicit end, the end of its start's club day if that comes first. Undefined when a date
 * cannot be read.
 *
 * @example
 * // Posted at 7:15 AM on November 20, 2026 (New York), stored with an end a year on:
 * effectiveEnd({ alert_category: 'status', startDate: '2026-11-20T12:15:00Z', endDate: '2027-11-20T12:15:00Z' })
 * // '2026-11-21T04:59:59.999Z', the end of November 20 at the club
 */
export function effectiveEnd(alert: AlertWindow): string | undefined {
  const end = Date.parse(alert.endDate)
  if (Number.isNaN(end)) return undefined
  if (!endsWithItsDay(alert)) return alert.endDate
  const start = Date.parse(alert.startDate ?? '')
  if (Number.isNaN(start)) return undefined
  const dayEnd = endOfClubDay(new Date(start)).getTime()
  return dayEnd < end ? new Date(dayEnd).toISOString() : alert.endDate
}

/**
 * True while `now` lies between the alert's start and its end (inclusive; see `effectiveEnd`:
 * a status alert also ends with its day). An unparseable date hides it.
 */
export function inWindow(alert: AlertWindow, now: Date): boolean {
  const start = Date.parse(alert.startDate ?? '')
  const end = Date.parse(effectiveEnd(alert) ?? '')
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
 * True when a status for today has been posted: an active status alert whose window holds
 * `now`, wherever it is shown and whether or not this visitor dismissed it.
 */
export function hasStatusToday(alerts: readonly Alert[], now: Date): boolean {
  return alerts.some(
    (alert) => alert.alert_category === 'status' && alert.isActive && inWindow(alert, now),
  )
}

/** When a status was decided: its start (when it was posted); an unreadable one counts as oldest. */
export function decidedAt(alert: Pick<Alert, 'startDate'>): number {
  const time = Date.parse(alert.startDate)
  return Number.isNaN(time) ? -Infinity : time
}

/**
 * The status alerts that show on one page, newest decision first: pinning does not order
 * them, since an old "Games on" must never outrank a newer "Games off". A status posted for
 * this page in particular (targeted, not site-wide) is the page's decision: every older status
 * that would show here gives way to it. Site-wide statuses stay side by side (they may be about
 * different fields), newest first.
 */
function pageStatuses(statuses: readonly Alert[]): Alert[] {
  // Array.prototype.sort is stable: statuses decided at the same time keep their stored order.
  const newestFirst = [...statuses].sort((a, b) => decidedAt(b) - decidedAt(a))
  const forThisPage = newestFirst.find((alert) => alertPages(alert).length > 0)
  if (!forThisPage) return newestFirst
  return newestFirst.filter((alert) => decidedAt(alert) >= decidedAt(forThisPage))
}

/**
 * The alerts a visitor sees on a page (spec §4): active, inside their date window (a status
 * alert's ends with its day unless it has an explicit end), not dismissed this session as they
 * read now (see `dismissalKey`), and untargeted or targeted at this page.
 *
 * Status alerts come first, newest decision first, and a status posted for this page replaces
 * the older ones here (see `pageStatuses`); then the general alerts, pinned first, otherwise in
 * their stored order. (The spec's "pinned alerts sort first" orders the general alerts: issue
 * #31, pinning never lets an old status outrank a newer one.)
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
  const live = alerts.filter(
    (alert) =>
      alert.isActive && inWindow(alert, options.now) && targetsPage(alert, options.pathname),
  )
  // Which statuses give way is decided before dismissals: dismissing today's "Games off" must
  // not bring back the "Games on" it replaced.
  const statuses = pageStatuses(live.filter((alert) => alert.alert_category === 'status'))
  const general = live
    .filter((alert) => alert.alert_category !== 'status')
    // Array.prototype.sort is stable, so equal alerts keep their stored order.
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned))
  return [...statuses, ...general].filter((alert) => !options.dismissed.has(dismissalKey(alert)))
}

/** Status alerts (game-day status) first, then the rest: the order the live-updates page uses. */
export function statusFirst(alerts: readonly Alert[]): Alert[] {
  return [...alerts].sort(
    (a, b) => Number(b.alert_category === 'status') - Number(a.alert_category === 'status'),
  )
}
