import { clubToday, formatClubDate } from './club-time.ts'

const SECOND = 1_000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `at` (ms since the epoch) was, as people read it: "just now", "12 min ago",
 * "3 h ago", "yesterday", "6 days ago", then the date in club time ("on Nov 2, 2026"). The one
 * way the site says it: a family on a status (to the minute), and staff on who saved last
 * (`seconds`: "5 s ago" in the first minute). A time slightly ahead of `now` (a clock a little
 * off) reads "just now".
 *
 * @example
 * timeAgo(Date.parse('2026-11-26T18:00:00Z'), Date.parse('2026-11-26T18:12:30Z')) // '12 min ago'
 * timeAgo(10_000, 15_000, { seconds: true }) // '5 s ago'
 */
export function timeAgo(at: number, now: number, { seconds = false } = {}): string {
  const elapsed = Math.max(0, now - at)
  if (elapsed < (seconds ? SECOND : MINUTE)) return 'just now'
  if (elapsed < MINUTE) return `${Math.floor(elapsed / SECOND)} s ago`
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`
  const days = Math.floor(elapsed / DAY)
  if (days < 14) return days === 1 ? 'yesterday' : `${days} days ago`
  return `on ${formatClubDate(clubToday(new Date(at)))}`
}

/**
 * {@link timeAgo} of a stored time (ISO 8601), or undefined for a time that is not a date.
 *
 * @example
 * timeSince('2026-11-26T18:00:00Z', new Date('2026-11-26T18:12:30Z')) // '12 min ago'
 */
export function timeSince(iso: string, now: Date): string | undefined {
  const at = Date.parse(iso)
  return Number.isFinite(at) ? timeAgo(at, now.getTime()) : undefined
}

/** How often a "… ago" in seconds needs redrawing to stay right: every second, then every minute. */
export function timeAgoRefreshMs(at: number, now: number): number {
  return now - at < MINUTE ? SECOND : MINUTE
}
