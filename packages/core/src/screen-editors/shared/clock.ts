/**
 * The current time as an editor is given it: a fixed instant (tests, or a shell that re-renders
 * every minute) or a function asked each time the editor needs the time, so that a save made
 * long after the editor rendered is stamped with the moment it was made.
 */
export type Clock = Date | (() => Date)

/**
 * The time a {@link Clock} tells now.
 *
 * @example
 * readClock(() => new Date()) // the current time
 */
export function readClock(clock: Clock): Date {
  return typeof clock === 'function' ? clock() : clock
}
