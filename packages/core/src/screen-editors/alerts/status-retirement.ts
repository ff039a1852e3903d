import { alertPages, decidedAt, effectiveEnd, pageOf } from '../../alerts/alert-visibility.ts'
import type { Alert } from '../../entities/alert.ts'

/*
 * A status is the decision for its pages: the newest one wins (see visibleAlerts). Saving a new
 * or changed status offers to retire the older statuses it replaces, so the list says what the
 * site shows. Retired alerts are turned off, never deleted: they stay in the list and in the
 * content history, and turning one back on brings it back.
 */

/** One older status a newer one replaces. */
export type Retirement = {
  /** The older status, as in the values. */
  old: Alert
  /** The newer status saved now that replaces it. */
  by: Alert
}

const isLiveStatus = (alert: Alert, now: Date) => {
  if (alert.alert_category !== 'status' || !alert.isActive) return false
  const end = Date.parse(effectiveEnd(alert) ?? '')
  return !Number.isNaN(end) && end >= now.getTime()
}

/** What families read of a status: its words, where it shows and whether it is on. */
const shownAs = (alert: Alert) =>
  JSON.stringify([
    alert.status_type,
    alert.title,
    alert.message,
    alertPages(alert).map(pageOf),
    alert.isActive,
    alert.startDate,
  ])

/** A status this save posts or changes (one the stored list does not hold as it is now). */
function published(alert: Alert, base: ReadonlyMap<string, Alert>): boolean {
  const before = base.get(alert.id)
  return !before || shownAs(before) !== shownAs(alert)
}

/**
 * True when `newer` replaces `older` wherever `older` shows: a site-wide status replaces every
 * status; one for some pages replaces those limited to pages among its own. (A site-wide status
 * is not replaced by one for a team: it still holds for the other teams, and on the team's page
 * the newer one shows in its place.)
 */
export function replaces(newer: Alert, older: Alert): boolean {
  if (decidedAt(older) >= decidedAt(newer)) return false
  const newerPages = alertPages(newer).map(pageOf)
  if (newerPages.length === 0) return true
  const olderPages = alertPages(older).map(pageOf)
  return olderPages.length > 0 && olderPages.every((page) => newerPages.includes(page))
}

/**
 * The older status alerts that the statuses this save posts or changes replace: live ones
 * (on, not ended) decided before a published status that has started, for the same pages or
 * fewer (see `replaces`). Each older alert is listed once, with the newest status replacing it.
 *
 * @example
 * statusRetirements(values, stored, new Date())
 * // [{ old: { title: 'Games on', targetPage: '/programs/big-train/12u', … }, by: { title: 'Games off', … } }]
 */
export function statusRetirements(
  values: readonly Alert[],
  base: readonly Alert[],
  now: Date,
): Retirement[] {
  const stored = new Map(base.map((alert) => [alert.id, alert]))
  const posting = values
    .filter(
      (alert) =>
        isLiveStatus(alert, now) && decidedAt(alert) <= now.getTime() && published(alert, stored),
    )
    .sort((a, b) => decidedAt(b) - decidedAt(a))
  const out: Retirement[] = []
  for (const old of values) {
    if (!isLiveStatus(old, now)) continue
    const by = posting.find((newer) => newer.id !== old.id && replaces(newer, old))
    if (by) out.push({ old, by })
  }
  return out
}

/** The values with the retired alerts turned off (kept in the list and in the history). */
export function retire(values: readonly Alert[], retirements: readonly Retirement[]): Alert[] {
  const ids = new Set(retirements.map(({ old }) => old.id))
  return values.map((alert) => (ids.has(alert.id) ? { ...alert, isActive: false } : alert))
}
