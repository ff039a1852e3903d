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
