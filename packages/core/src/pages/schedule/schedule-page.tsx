import type { Field } from '../../entities/fields-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { Teams } from '../../entities/team.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { CalendarDownload } from './calendar-download.tsx'
import { ProgramSchedule } from './program-schedule.tsx'
import { ScheduleFilters } from './schedule-filters.tsx'
import { ScheduleList } from './schedule-list.tsx'
import {
  filterRows,
  scheduleHref,
  seasonRows,
  splitRows,
  type ScheduleFilter,
} from './season-schedule.ts'
import { TeamCalendars } from './team-calendars.tsx'
import './schedule-page.css'
import { paths } from '../../routing/public-paths.ts'

/** How many dates of entries (upcoming, and earlier this season) show before "Show more". */
export const SCHEDULE_DATES_PAGE = 10

/** Props of {@link SchedulePage}. */
export type SchedulePageProps = {
  /** Content key `programsContent`: season formats and tryout dates. */
  programsContent: ProgramsContent
  /** Content key `teams`: the teams, their pages and their schedules. */
  teams: Teams
  /** The club's fields (`fieldsContent.fields`), to name and link each entry's field. */
  fields: readonly Field[]
  /** The moment the page is rendered for: decides what is upcoming. */
  now: Date
  /** Which program or team to show. */
  filter: ScheduleFilter
  /** Called when the visitor picks another program or team. */
  onFilterChange?: (filter: ScheduleFilter) => void
  /** The site's public origin, for links inside calendar files. */
  siteUrl?: string
}

function describeFilter(
  filter: ScheduleFilter,
  teams: Teams,
  programsContent: ProgramsContent,
): string {
  const team = filter.team && Object.hasOwn(teams, filter.team) ? teams[filter.team] : undefined
  if (team) return team.name
  if (filter.program) return programsContent[filter.program].name
  return 'all teams'
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`
}

/**
 * Schedules (`/schedule`, the home page's Schedules quick link): every team's games, practices
 * and events for the season, filterable by program and team, with calendar files per team;
 * then each program's season and tryout dates, and the game-day links.
 */
export function SchedulePage({
  programsContent,
  teams,
  fields,
  now,
  filter,
  onFilterChange,
  siteUrl,
}: SchedulePageProps) {
  const rows = filterRows(seasonRows(teams), filter)
  const { upcoming, past } = splitRows(rows, now)
  const shown = describeFilter(filter, teams, programsContent)
  const selectedTeam =
    filter.team && Object.hasOwn(teams, filter.team) ? teams[filter.team] : undefined
  // Both lists page by dates; a new filter starts each again from its first page.
  const pagedList = (listed: typeof rows) => (
    <ScheduleList
      key={scheduleHref(filter)}
      rows={listed}
      fields={fields}
      showTeam={!selectedTeam}
      pageSize={SCHEDULE_DATES_PAGE}
    />
  )
  return (
    <>
      <section className="page-hero" aria-labelledby="schedule-title">
        <div className="container">
          <h1 id="schedule-title">Schedules &amp; Season Dates</h1>
          <p>
            Games, practices and tournaments for every team, calendar files for your phone, and when
            each program plays and holds tryouts.
          </p>
        </div>
      </section>

      <section id="season-schedule" className="section" aria-labelledby="season-schedule-title">
        <div className="container">
          <h2 id="season-schedule-title">Season Schedule</h2>
          <p className="schedule-lead">
            Times are Eastern. On game days, check the{' '}
            <SmartLink to={paths.fields('field-status')}>field status</SmartLink> before you leave
            home; the <SmartLink to={paths.weatherPolicy()}>weather policy</SmartLink> says when
            cancellations are posted.
          </p>
          <div className="schedule-toolbar">
            <ScheduleFilters
              teams={teams}
              programsContent={programsContent}
              filter={filter}
              onFilterChange={onFilterChange}
            />
            {selectedTeam && (
              <CalendarDownload
                team={selectedTeam}
                fields={fields}
                siteUrl={siteUrl}
                label={`Add ${selectedTeam.name} to your calendar`}
              />
            )}
          </div>
          <p className="schedule-count" role="status">
            {count(upcoming.length, 'upcoming entry', 'upcoming entries')} for {shown}.
          </p>
          {upcoming.length > 0 ? (
            pagedList(upcoming)
          ) : (
            <p>
              Nothing more is scheduled for {shown} this season. New dates are posted here and in{' '}
              <SmartLink to={paths.news()}>News &amp; Updates</SmartLink>.
            </p>
          )}
          {past.length > 0 && (
            <details className="schedule-past">
              <summary>Earlier this season ({count(past.length, 'entry', 'entries')})</summary>
              {/* Paged as well: a season's past games are hundreds of entries, which a phone
                  would otherwise build and hydrate, unseen, on every visit. */}
              {pagedList(past)}
            </details>
          )}
        </div>
      </section>

      <TeamCalendars
        programsContent={programsContent}
        teams={teams}
        fields={fields}
        siteUrl={siteUrl}
      />

      <section className="section" aria-labelledby="schedule-seasons-title">
        <div className="container">
          <h2 id="schedule-seasons-title">Seasons and Tryouts by Program</h2>
          <ul className="tile-list schedule-programs" role="list">
            {PROGRAM_SLUGS.map((slug) => (
              <ProgramSchedule
                key={slug}
                slug={slug}
                programsContent={programsContent}
                teams={teams}
                now={now}
              />
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="schedule-links-title">
        <div className="container">
          <h2 id="schedule-links-title">Game-Day Links</h2>
          <ul className="schedule-links" role="list">
            <li>
              <SmartLink to={paths.liveUpdates()}>
                Live Updates: game-day news and changes
              </SmartLink>
            </li>
            <li>
              <SmartLink to={paths.fields('field-status')}>Field status and directions</SmartLink>
            </li>
            <li>
              <SmartLink to={paths.weatherPolicy()}>
                Weather policy: when cancellations are posted
              </SmartLink>
            </li>
            <li>
              <SmartLink to={paths.teams()}>All teams and rosters</SmartLink>
            </li>
          </ul>
        </div>
      </section>
    </>
  )
}

/** SEO tags for Schedules. */
export function scheduleMeta(): PageMeta {
  return {
    title: pageTitle('Schedules & Season Dates'),
    description: metaDescription(
      'Game and practice schedules for every team with calendar files, plus season and tryout dates for each program, field status and weather updates.',
    ),
  }
}

export default SchedulePage
