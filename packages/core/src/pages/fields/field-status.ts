import { clubToday, formatClubDateTime, formatClubShortDateTime } from '../../club/club-time.ts'
import type { Field, FieldStatus } from '../../entities/fields-content.ts'

/** How each field status reads to visitors. */
export const FIELD_STATUS_LABELS: Record<FieldStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  'check-back': 'Check back',
}

/**
 * When a status was last updated, as shown on the page, in Eastern time.
 *
 * @example
 * formatStatusTime('2026-11-20T12:00:00.000Z') // 'Nov 20, 2026, 7:00 AM EST'
 */
export function formatStatusTime(iso: string): string | undefined {
  return formatClubShortDateTime(iso)
}

/** The field's own map link, or a Google Maps search for its address. */
export function mapLinkFor(field: Pick<Field, 'address' | 'mapLink'>): string {
  return (
    field.mapLink ||
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(field.address)}`
  )
}

/**
 * When something was as shown, as "as of" reads it: the time alone on the club day of `now`,
 * else the date and time, in the club's time zone.
 *
 * @example
 * asOfText(new Date('2026-12-06T21:12:00Z'), new Date('2026-12-06T22:00:00Z')) // '4:12 PM'
 * asOfText(new Date('2026-12-05T21:12:00Z'), new Date('2026-12-06T22:00:00Z')) // 'December 5, 2026, 4:12 PM'
 */
export function asOfText(at: Date, now: Date): string {
  const full = formatClubDateTime(at.toISOString())
  return clubToday(at) === clubToday(now) ? (full.split(', ').at(-1) ?? full) : full
}

/**
 * A field's status as it stands for a game on `date` (a club date, `YYYY-MM-DD`): a status is
 * about the day it was set, so it is the field's status when it was last changed on that day,
 * and nothing for any other day (today's "open" says nothing of next April).
 */
export function fieldStatusOn(
  field: Pick<Field, 'status' | 'statusUpdatedAt'>,
  date: string,
): FieldStatus | undefined {
  const at = field.statusUpdatedAt ? Date.parse(field.statusUpdatedAt) : Number.NaN
  if (Number.isNaN(at)) return undefined
  return clubToday(new Date(at)) === date ? field.status : undefined
}
