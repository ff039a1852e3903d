import { PROGRAM_SLUGS } from '../entities/enums.ts'
import type { Clinic } from '../entities/clinic.ts'
import type { FieldsContent } from '../entities/fields-content.ts'
import type { ProgramsContent } from '../entities/program-content.ts'
import type { Teams } from '../entities/team.ts'
import { programCalendarPath, teamCalendarPath } from './schedule-text.ts'
import { programCalendar, teamCalendar } from './team-calendar.ts'
import { eventCalendar, eventCalendarPath } from './event-calendar.ts'

/** The documents the calendar files are made from. */
export type CalendarDocuments = {
  teams: Teams
  fieldsContent: Pick<FieldsContent, 'fields'>
  programsContent: ProgramsContent
  /** Camps and events, each with its own file for "Add to calendar". */
  clinics?: readonly Clinic[]
}

/**
 * Every calendar file the site publishes: one per team (`/calendars/{team}.ics`) and one per
 * program with all its teams (`/calendars/{program}.ics`), and one per camp or event
 * (`/calendars/events/{slug}.ics`). A program's path that a team's
 * already takes is left to the team. Pure: the build writes them, and the project's own
 * server makes them from what is stored at each request.
 *
 * @example
 * siteCalendars({ teams, fieldsContent, programsContent }, new Date(), 'https://club.example.org')
 */
export function siteCalendars(
  documents: CalendarDocuments,
  now: Date,
  siteUrl: string,
): { path: string; text: string }[] {
  const { teams, programsContent } = documents
  const { fields } = documents.fieldsContent
  const all = Object.values(teams)
  const files = all.map((team) => ({
    path: teamCalendarPath(team.id),
    text: teamCalendar(team, fields, now, { siteUrl }),
  }))
  const taken = new Set(files.map((file) => file.path))
  for (const slug of PROGRAM_SLUGS) {
    const path = programCalendarPath(slug)
    if (taken.has(path)) continue
    const name = programsContent[slug]?.name ?? slug
    const programTeams = all.filter((team) => team.programSlug === slug)
    files.push({ path, text: programCalendar(name, programTeams, fields, now, { siteUrl }) })
  }
  for (const clinic of documents.clinics ?? [])
    files.push({
      path: eventCalendarPath(clinic.slug),
      text: eventCalendar(clinic, now, { siteUrl }),
    })
  return files
}
