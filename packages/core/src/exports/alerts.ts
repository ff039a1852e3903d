/**
 * IMPORTANT: the alert rules of spec §4 without React: which alerts a page shows, this
 * session's dismissals, and the head script that applies them before the first paint.
 */
export { pageOf, statusFirst, targetsPage, visibleAlerts } from '../alerts/alert-visibility.ts'
export { DISMISSED_ALERTS_KEY, dismiss, readDismissed } from '../alerts/dismissed-alerts.ts'
export { EARLY_DISMISSALS_LIMIT, EARLY_DISMISSALS_SCRIPT } from '../alerts/early-dismissals.ts'
