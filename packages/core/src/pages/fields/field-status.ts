import type { Field, FieldStatus } from '../../entities/fields-content.ts'

/** How each field status reads to visitors. */
export const FIELD_STATUS_LABELS: Record<FieldStatus, string> = {
  open: 'Open',
  closed: 'Closed',
  'check-back': 'Check back',
}

// The club's fields are in one time zone; formatting there (not in the machine's zone) keeps
// the prerendered HTML and the hydrated page identical wherever either runs.
const STATUS_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

/**
 * When a status was last updated, as shown on the page, in Eastern time.
 *
 * @example
 * formatStatusTime('2026-11-20T12:00:00.000Z') // 'Nov 20, 2026, 7:00 AM EST'
 */
export function formatStatusTime(iso: string): string | undefined {
  const time = Date.parse(iso)
  return Number.isFinite(time) ? STATUS_TIME.format(time) : undefined
}

/** The field's own map link, or a Google Maps search for its address. */
export function mapLinkFor(field: Pick<Field, 'address' | 'mapLink'>): string {
  return (
    field.mapLink ||
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(field.address)}`
  )
}
