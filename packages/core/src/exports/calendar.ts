/**
 * IMPORTANT: the public entry for the calendar files (iCalendar, RFC 5545). Pure string
 * building, usable in the browser, at build time and in the project's own server (e.g. to
 * publish `/calendars/{team}.ics` and `/calendars/{program}.ics`).
 */
export {
  programCalendar,
  programCalendarPath,
  teamCalendar,
  teamCalendarFileName,
  teamCalendarPath,
  webcalUrl,
  type TeamCalendarOptions,
} from '../calendar/team-calendar.ts'
export { eventsCalendar } from '../calendar/events-calendar.ts'
export { eventCalendar, eventCalendarPath } from '../calendar/event-calendar.ts'
export { siteCalendars, type CalendarDocuments } from '../calendar/site-calendars.ts'
