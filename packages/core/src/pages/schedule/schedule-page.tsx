import { startTransition, useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'

import { EditableText } from '../../editing/editable.tsx'
import type { Field } from '../../entities/fields-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { Teams } from '../../entities/team.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { isProgramSlug, teamsOfProgram } from '../shared/programs.ts'
import { currentTeams, isPastClass } from '../../club/graduation.ts'
import { programCalendarPath, teamCalendarPath } from '../../calendar/schedule-text.ts'
import { CalendarDownload, CalendarSubscribe } from './calendar-download.tsx'
import { ScheduleList } from './schedule-list.tsx'
import {
  filterRows,
  programsWithTeams,
  scheduleHref,
  seasonRows,
  splitRows,
  teamsOf,
  teamsWithSchedules,
  type ScheduleFilter,
} from './season-schedule.ts'
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

function ProgramSchedule({
  slug,
  programsContent,
  teams,
  now,
}: {
  slug: ProgramSlug
  programsContent: ProgramsContent
  teams: Teams
  now: Date
}) {
  const page = programsContent[slug]
  const programTeams = teamsOfProgram(currentTeams(teams, now), slug)
  const tryouts = page.tryouts
  // A graduated class holds no more tryouts (club/graduation.ts); the others keep their place.
  const tryoutTeams = (tryouts?.teams ?? [])
    .map((team, i) => ({ team, i }))
    .filter(({ team }) => !isPastClass(team.name, now))
  return (
    <li className="schedule-program">
      <h3 id={`schedule-${slug}`}>{page.name}</h3>
      <dl className="schedule-program__facts">
        <dt>Season</dt>
        <dd>
          {page.seasonFormat ? (
            <EditableText
              contentKey="programsContent"
              path={[slug, 'seasonFormat']}
              value={page.seasonFormat}
            />
          ) : (
            'Season dates will be announced.'
          )}
        </dd>
        <dt>Tryouts</dt>
        <dd>
          {tryouts && tryoutTeams.length > 0 ? (
            <ul className="schedule-program__tryouts">
              {tryoutTeams.map(({ team, i }) => (
                <li key={team.id}>
                  <strong>{team.name}:</strong>{' '}
                  {team.dates.length > 0
                    ? team.dates.map((date, j) => (
                        <span key={`${j}-${date}`}>
                          {j > 0 && '; '}
                          <EditableText
                            contentKey="programsContent"
                            path={[slug, 'tryouts', 'teams', i, 'dates', j]}
                            value={date}
                          />
                        </span>
                      ))
                    : 'dates to be announced'}
                </li>
              ))}
            </ul>
          ) : tryouts ? (
            'Tryout dates will be announced.'
          ) : (
            'No tryouts for this program.'
          )}
        </dd>
        {programTeams.length > 0 && (
          <>
            <dt>Team pages</dt>
            <dd>
              <ul className="schedule-program__teams" role="list">
                {programTeams.map(({ key, team }) => (
                  <li key={key}>
                    <SmartLink to={paths.team(key)}>{team.name}</SmartLink>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <p className="schedule-program__more">
        <SmartLink to={paths.program(slug, tryouts ? 'tryouts' : undefined)}>
          {tryouts ? `${page.name} tryout details and fee` : `About ${page.name}`}
        </SmartLink>
      </p>
    </li>
  )
}

/** The filter a choice of program and team stands for: a team implies its program. */
function filterOf(teams: Teams, program: string, team: string): ScheduleFilter {
  const picked = team && Object.hasOwn(teams, team) ? teams[team] : undefined
  if (picked) return { program: picked.programSlug, team }
  return { program: isProgramSlug(program) ? program : '', team: '' }
}

/**
 * The program and team filters. Picking in a select changes nothing else: the visitor's choice
 * is applied with "Show schedule" (a native select with an explicit Apply). A closed select
 * changes its value with each arrow key, so applying each would move the list, and the other
 * select, under a keyboard user on the way to their team. Neither select's options depend on
 * the other's value: the team list holds every team, grouped by program, so any team can be
 * reached from any program. Before the app starts the form works as a plain GET of /schedule.
 */
function Filters({
  teams,
  programsContent,
  filter,
  onFilterChange,
}: {
  teams: Teams
  programsContent: ProgramsContent
  filter: ScheduleFilter
  onFilterChange?: (filter: ScheduleFilter) => void
}) {
  // What the selects show: the visitor's choice, until applied. A filter applied otherwise (the
  // address, Back) shows in them in its place.
  const [choice, setChoice] = useState(filter)
  const applied = scheduleHref(filter)
  const [choiceOf, setChoiceOf] = useState(applied)
  if (choiceOf !== applied) {
    setChoiceOf(applied)
    setChoice(filter)
  }
  // A program or team picked by address but without a schedule still shows as picked.
  const programs = programsWithTeams(teams)
  if (filter.program && !programs.includes(filter.program)) programs.push(filter.program)
  const teamGroups = programs
    .map((slug) => ({ slug, teams: teamsOf(teams, slug) }))
    .filter((group) => group.teams.length > 0)
  // A choice made before the app started (the prerendered selects work without it) is kept
  // once it has, instead of being reset to the filter the page was prerendered with.
  const programSelect = useRef<HTMLSelectElement>(null)
  const teamSelect = useRef<HTMLSelectElement>(null)
  const chosenEarly = useRef(filter)
  useEffect(() => {
    const early = chosenEarly.current
    const team = teamSelect.current?.value ?? ''
    const program = programSelect.current?.value ?? ''
    if (team === early.team && program === early.program) return
    setChoice({ program: isProgramSlug(program) ? program : '', team })
  }, [])
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const next = filterOf(teams, choice.program, choice.team)
    setChoice(next)
    if (next.program === filter.program && next.team === filter.team) return
    startTransition(() => onFilterChange?.(next))
  }
  return (
    <form
      className="schedule-filters"
      aria-label="Filter the schedule"
      action={paths.schedule()}
      method="get"
      onSubmit={apply}
    >
      <div className="schedule-filters__field">
        <label htmlFor="schedule-program">Program</label>
        <select
          id="schedule-program"
          name="program"
          ref={programSelect}
          value={choice.program}
          onChange={(event) =>
            setChoice({
              program: isProgramSlug(event.target.value) ? event.target.value : '',
              team: '',
            })
          }
        >
          <option value="">All programs</option>
          {programs.map((slug) => (
            <option key={slug} value={slug}>
              {programsContent[slug].name}
            </option>
          ))}
        </select>
      </div>
      <div className="schedule-filters__field">
        <label htmlFor="schedule-team">Team</label>
        <select
          id="schedule-team"
          name="team"
          ref={teamSelect}
          value={choice.team}
          onChange={(event) => setChoice({ program: choice.program, team: event.target.value })}
        >
          <option value="">All teams</option>
          {teamGroups.map(({ slug, teams: grouped }) => (
            <optgroup key={slug} label={programsContent[slug].name}>
              {grouped.map(({ key, team }) => (
                <option key={key} value={key}>
                  {team.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--secondary schedule-filters__apply">
        Show schedule
      </button>
    </form>
  )
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
  const calendarTeams = teamsWithSchedules(teams, '')
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
            <Filters
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

      {calendarTeams.length > 0 && (
        <section className="section section--tint" aria-labelledby="schedule-calendars-title">
          <div className="container">
            <h2 id="schedule-calendars-title">Team Calendars</h2>
            <p className="schedule-lead">
              Subscribe to a team’s or a whole program’s calendar: your phone or calendar app adds
              every game and practice and keeps them current when a game moves or is called off. Or
              download the file (.ics) as it is today.
            </p>
            <h3 className="schedule-calendars__title">Teams</h3>
            <ul className="schedule-calendars" role="list">
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
            <ul className="schedule-calendars" role="list">
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
      )}

      <section className="section" aria-labelledby="schedule-seasons-title">
        <div className="container">
          <h2 id="schedule-seasons-title">Seasons and Tryouts by Program</h2>
          <ul className="schedule-programs" role="list">
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
