/**
 * How long ago something happened, short: "just now" under a second, then seconds, minutes,
 * hours.
 *
 * @example
 * timeAgo(10_000, 15_000) // '5 s ago'
 */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000))
  if (seconds < 1) return 'just now'
  if (seconds < 60) return `${seconds} s ago`
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes} min ago`
  return `${Math.floor(minutes / 60)} h ago`
}

/** How often a "… ago" text needs redrawing to stay right: every second, then every minute. */
export function timeAgoRefreshMs(at: number, now: number): number {
  return now - at < 60_000 ? 1_000 : 60_000
}
