import type { Alert } from '../entities/alert.ts'

/** Window edges this far from now are placeholders ("always"), not dates worth printing. */
export const FAR_FROM_NOW_MS = 366 * 24 * 60 * 60 * 1000

/**
 * When an alert was posted: its start (the alerts editor and the field-status editor set it
 * to the moment of publishing), unless the start is a placeholder far before `now`.
 */
export function postedAt(alert: Pick<Alert, 'startDate'>, now: Date): string | null {
  const start = Date.parse(alert.startDate)
  if (Number.isNaN(start) || now.getTime() - start > FAR_FROM_NOW_MS) return null
  return alert.startDate
}

/**
 * The end families are shown for a status alert that runs several days on purpose (an explicit
 * end): its `endDate`, unless that is a placeholder far after `now`. Null for every other alert:
 * a status alert without an explicit end is today's, and ends with the day.
 */
export function statusUntil(
  alert: Pick<Alert, 'alert_category' | 'endDate' | 'explicitEnd'>,
  now: Date,
): string | null {
  if (alert.alert_category !== 'status' || alert.explicitEnd !== true) return null
  const end = Date.parse(alert.endDate)
  if (Number.isNaN(end) || end - now.getTime() > FAR_FROM_NOW_MS) return null
  return alert.endDate
}
