import { effectiveEnd } from '../../alerts/alert-visibility.ts'
import type { Alert } from '../../entities/alert.ts'
import type { Field } from '../../entities/fields-content.ts'
import { FIELD_STATUS_ALERT_PREFIX, fieldStatusAlert } from './field-status-alert.ts'

/*
 * Rain-out as one state: a publish of field statuses and the alerts about those fields move
 * together. The plan says what the alerts list becomes once the user answers the offer:
 *   - the status alert of a published field is replaced, never stacked: every earlier status
 *     alert naming that field is taken down (the new alert, if posted, takes its place);
 *   - a general "Games are on" alert (a game-on status alert that names no published field) is
 *     replaced by the new alert when a field closes (the alerts editor's rule and question,
 *     statusRetirements: the newest status wins, the older ones are retired after asking), and
 *     unpinned if none is posted;
 *   - a reopened field's closure alert is taken down whether or not a new alert is posted, so
 *     visitors never read "closed" above a card that says "Open".
 */

/** What a field status publish does to the alerts. */
export type FieldAlertPlan = {
  /** The offered alert for the published fields (prefilled; the user may change its words). */
  offer: Alert
  /** Earlier status alerts about the published fields: they contradict the cards now. */
  retire: Alert[]
  /**
   * "Games are on" alerts a closure makes untrue: retired for the offer after asking (the shared
   * status rule), else unpinned.
   */
  gamesOn: Alert[]
  /** True when every published field is open: the offer is mainly to take alerts down. */
  reopening: boolean
}

const shows = (alert: Alert) => alert.isActive

const wordPattern = (name: string) =>
  new RegExp(
    `(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`,
    'giu',
  )

/**
 * True when the alert's title or message names the field (its trimmed name as whole words),
 * not counting where a longer field name holding it is meant ("Oak Park" in "Oak Park Annex").
 */
function names(alert: Alert, field: Field, all: readonly Field[]): boolean {
  const name = field.name.trim()
  if (name === '') return false
  const longer = all
    .map((other) => other.name.trim())
    .filter(
      (other) => other.length > name.length && other.toLowerCase().includes(name.toLowerCase()),
    )
  const text = longer.reduce(
    (rest, other) => rest.replace(wordPattern(other), '$1 $2'),
    `${alert.title}\n${alert.message}`,
  )
  return wordPattern(name).test(text)
}

/**
 * A status alert about one of `fields`: one this editor posted that names it, or any other
 * status alert (not a "games on" one) whose title names it, such as a hand-written
 * "Hollow Oak Park is closed".
 */
function isAbout(alert: Alert, fields: readonly Field[], all: readonly Field[]): boolean {
  if (alert.alert_category !== 'status' || !shows(alert)) return false
  if (alert.id.startsWith(FIELD_STATUS_ALERT_PREFIX)) {
    return fields.some((field) => names(alert, field, all))
  }
  if (alert.status_type === 'game-on') return false
  const title = { ...alert, message: '' }
  return fields.some((field) => names(title, field, all))
}

/**
 * A general "Games are on" alert still running at `now` (one that has ended says nothing any
 * more): game-on status, not one of this editor's field alerts.
 */
function isGamesOn(alert: Alert, now: Date): boolean {
  return (
    alert.alert_category === 'status' &&
    alert.status_type === 'game-on' &&
    shows(alert) &&
    !alert.id.startsWith(FIELD_STATUS_ALERT_PREFIX) &&
    !(Date.parse(effectiveEnd(alert) ?? '') < now.getTime())
  )
}

/**
 * The plan for the alerts after publishing `published` (the changed fields as stored now);
 * `all` is every field, so that a name inside a longer one is not taken for it.
 *
 * @example
 * const plan = planFieldAlerts([{ ...hollowOak, status: 'open' }], alerts, now)
 * plan.retire // [the "Hollow Oak Park is closed" alert]
 */
export function planFieldAlerts(
  published: readonly Field[],
  alerts: readonly Alert[],
  now: Date,
  all: readonly Field[] = published,
): FieldAlertPlan {
  const closing = published.some((field) => field.status === 'closed')
  return {
    offer: fieldStatusAlert(published, now),
    retire: alerts.filter((alert) => isAbout(alert, published, all)),
    gamesOn: closing ? alerts.filter((alert) => isGamesOn(alert, now)) : [],
    reopening: published.length > 0 && published.every((field) => field.status === 'open'),
  }
}

/** True when answering the offer changes the alerts even if no new alert is posted. */
export function takesDown(plan: FieldAlertPlan): boolean {
  return plan.retire.length > 0 || plan.gamesOn.some((alert) => alert.isPinned)
}

/**
 * The alerts once the offer is answered: retired alerts removed, "Games are on" alerts left
 * to the shared status rule when `post` is given (statusRetirements asks to retire them) or
 * else unpinned, and `post` (the offer as the user worded it) first. Alerts added since the
 * plan are kept as they are.
 *
 * @example
 * applyFieldAlertPlan(alerts, plan, plan.offer) // post the offer in place of the old ones
 * applyFieldAlertPlan(alerts, plan)             // only take the old ones down
 */
export function applyFieldAlertPlan(
  alerts: readonly Alert[],
  plan: FieldAlertPlan,
  post?: Alert,
): Alert[] {
  const retired = new Set(plan.retire.map((alert) => alert.id))
  const gamesOn = new Set(plan.gamesOn.map((alert) => alert.id))
  const kept = alerts.flatMap((alert) => {
    if (retired.has(alert.id)) return []
    if (gamesOn.has(alert.id)) return post ? [alert] : [{ ...alert, isPinned: false }]
    return [alert]
  })
  return post ? [post, ...kept] : kept
}
