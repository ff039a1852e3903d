import { formatClubDateTime } from '../club/club-time.ts'

/** The minute of an instant (ms since the epoch), the same in every time zone the club has. */
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / 60_000)

/**
 * When each listed version was saved, in club time, told apart: a version that shares its
 * minute with another listed one shows its seconds ("December 6, 2026, 11:09:42 PM"), the
 * others the minute ("December 6, 2026, 11:09 PM"). Time zones are whole minutes from UTC, so
 * the seconds are the instant's own.
 *
 * @example
 * versionTimes(['2026-12-07T04:09:42Z', '2026-12-07T04:09:05Z'])
 * // ['December 6, 2026, 11:09:42 PM', 'December 6, 2026, 11:09:05 PM']
 */
export function versionTimes(savedAt: readonly string[]): string[] {
  const perMinute = new Map<number, number>()
  for (const at of savedAt) perMinute.set(minuteOf(at), (perMinute.get(minuteOf(at)) ?? 0) + 1)
  return savedAt.map((at) => {
    const text = formatClubDateTime(at)
    const time = Date.parse(at)
    if (Number.isNaN(time) || (perMinute.get(minuteOf(at)) ?? 0) < 2) return text
    const seconds = String(new Date(time).getUTCSeconds()).padStart(2, '0')
    return text.replace(/(\d{1,2}:\d\d)( [AP]M)$/, `$1:${seconds}$2`)
  })
}
