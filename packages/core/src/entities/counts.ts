/**
 * A count as the club's pages write it: `1,234`. Written here rather than asked of Intl
 * (`toLocaleString('en-US')`), whose first call loads ICU's locale data during a page's
 * start-up (see club/club-time.ts).
 *
 * @example
 * formatCount(2000) // '2,000'
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count)) return String(count)
  const digits = String(Math.abs(Math.trunc(count))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return count < 0 ? `-${digits}` : digits
}
