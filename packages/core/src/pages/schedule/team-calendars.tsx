import { programCalendarPath, teamCalendarPath } from '../../calendar/schedule-text.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { Field } from '../../entities/fields-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import type { Teams } from '../../entities/team.ts'
import { CalendarDownload, CalendarSubscribe } from './calendar-download.tsx'
import { teamsWithSchedules } from './season-schedule.ts'
import './team-calendars.css'

/**
 * Schedules' Team Calendars: a calendar to subscribe to (and a file to download) for every
 * team with a schedule, and one per program with all its teams. Nothing when no team has one.
 */
export function TeamCalendars({
  programsContent,
  teams,
  fields,
  siteUrl,
}: {
  programsContent: ProgramsContent
  teams: Teams
  fields: readonly Field[]
  siteUrl?: string | undefined
}) {
  const calendarTeams = teamsWithSchedules(teams, '')
  if (calendarTeams.length === 0) return null
  return (
    <section className="section section--tint" aria-labelledby="schedule-calendars-title">
      <div className="container">
        <h2 id="schedule-calendars-title">Team Calendars</h2>
        <p className="schedule-lead">
          Subscribe to a team’s or a whole program’s calendar: your phone or calendar app adds every
          game and practice and keeps them current when a game moves or is called off. Or download
          the file (.ics) as it is today.
        </p>
        <h3 className="schedule-calendars__title">Teams</h3>
        <ul className="tile-list schedule-calendars" role="list">
          {calendarTeams.map(({ key, team }) => (
            <li key={key} className="schedule-calendars__item">
              <CalendarSubscribe
                path={teamCalendarPath(team.id)}
                description=": subscribe to its calendar (updates itself)"
                siteUrl={siteUrl}
                label={team.name}
                className="btn btn--outline schedule-calendars__button"
              />
              <CalendarDownload
                team={team}
                fields={fields}
                siteUrl={siteUrl}
                label="Download"
                className="schedule-calendars__download"
              />
            </li>
          ))}
        </ul>
        <h3 className="schedule-calendars__title">Programs, every team in one calendar</h3>
        <ul className="tile-list schedule-calendars" role="list">
          {PROGRAM_SLUGS.map((slug) => (
            <li key={slug} className="schedule-calendars__item">
              <CalendarSubscribe
                path={programCalendarPath(slug)}
                description=": subscribe to every team’s calendar (updates itself)"
                siteUrl={siteUrl}
                label={programsContent[slug].name}
                className="btn btn--outline schedule-calendars__button"
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
