/*
 * The weather policy's rules, apart from the rest of the club's facts (club-facts.ts, which
 * re-exports them): the status line of every page reads them (status-day.ts), and the start-up
 * chunk would otherwise carry all of the facts the sample content is written from.
 */

/** The weather policy's rules. Times are as shown to visitors. */
export const WEATHER_POLICY = {
  /** Montgomery County posts its field decisions by this time on weekdays... */
  countyWeekdayDecision: '3:00 PM',
  /** ...and by this time on weekends. */
  countyWeekendDecision: '9:00 AM',
  /** The league posts its own cancellations by this time. */
  leagueCancellationsBy: '8:00 AM',
  /** A posted league cancellation is not reversed. */
  leagueCancellationsAreFinal: true,
  /** Minutes without lightning or thunder before play resumes. */
  lightningWaitMinutes: 15,
  /** Weather cancellations are not refunded. */
  refundsForWeatherCancellations: false,
} as const
