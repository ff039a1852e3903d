import { startTransition, useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'

import type { ProgramsContent } from '../../entities/program-content.ts'
import type { Teams } from '../../entities/team.ts'
import { paths } from '../../routing/public-paths.ts'
import { isProgramSlug } from '../shared/programs.ts'
import { programsWithTeams, scheduleHref, teamsOf, type ScheduleFilter } from './season-schedule.ts'
import './schedule-filters.css'

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
export function ScheduleFilters({
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
