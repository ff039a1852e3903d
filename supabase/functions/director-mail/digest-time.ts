// When a daily digest goes: at the chosen hour of the day in the club's time zone.

/** The offset of `timeZone` from UTC at `instant`, in ms (local = UTC + offset). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant))
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value)
  const local = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  )
  return local - Math.floor(instant / 1000) * 1000
}

/** The instant at which the local clock of `timeZone` reads `year-month-day hour:00`. */
function localHour(
  year: number,
  month: number,
  day: number,
  hour: number,
  timeZone: string,
): number {
  const guess = Date.UTC(year, month, day, hour)
  const first = guess - offsetMs(guess, timeZone)
  return guess - offsetMs(first, timeZone)
}

/**
 * The first time after `after` at which the club's clock reads `hour`:00: when a submission
 * made at `after` goes out in the daily digest.
 */
export function nextDigestAt(after: Date, hour: number, timeZone: string): Date {
  const shifted = new Date(after.getTime() + offsetMs(after.getTime(), timeZone))
  const [y, m, d] = [shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()]
  for (let day = 0; day < 3; day++) {
    const at = localHour(y, m, d + day, hour, timeZone)
    if (at > after.getTime()) return new Date(at)
  }
  return new Date(localHour(y, m, d + 3, hour, timeZone))
}
