/**
 * IMPORTANT: the public entry for team calendar files (iCalendar, RFC 5545). Pure string
 * building, usable in the browser and at build time (e.g. to publish `/calendars/{team}.ics`).
 */
export {
  teamCalendar,
  teamCalendarFileName,
  teamCalendarPath,
  type TeamCalendarOptions,
} from '../calendar/team-calendar.ts'
export { eventsCalendar } from '../calendar/events-calendar.ts'
