import { clubToday, formatClubDate } from '../../club/club-time.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/**
 * How long ago `iso` was, as a family reads it on a status: "just now", "12 min ago",
 * "3 h ago", "6 days ago", then the date ("on Nov 2, 2026"). Undefined for a time that is
 * not a date. A time slightly ahead of `now` (a clock a little off) reads "just now".
 *
 * @example
 * timeSince('2026-11-26T18:00:00Z', new Date('2026-11-26T18:12:30Z')) // '12 min ago'
 */
export function timeSince(iso: string, now: Date): string | undefined {
  const at = Date.parse(iso)
  if (!Number.isFinite(at)) return undefined
  const elapsed = Math.max(0, now.getTime() - at)
  if (elapsed < MINUTE) return 'just now'
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`
  const days = Math.floor(elapsed / DAY)
  if (days < 14) return days === 1 ? 'yesterday' : `${days} days ago`
  return `on ${formatClubDate(clubToday(new Date(at)))}`
}
