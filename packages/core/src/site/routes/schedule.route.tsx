import { useContext } from 'react'
import { useSearchParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import { FieldStatusHeldContext } from '../../pages/schedule/schedule-list.tsx'
import { SchedulePage, scheduleMeta } from '../../pages/schedule/schedule-page.tsx'
import {
  ALL_TEAMS,
  readScheduleFilter,
  type ScheduleFilter,
} from '../../pages/schedule/season-schedule.ts'
import { useHydrated } from '../../pages/schedule/use-hydrated.ts'
import { SiteUrlContext, useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { currentTeams } from '../../club/graduation.ts'
import { paths } from '../../routing/public-paths.ts'
import { useFieldList } from '../use-derived-rows.ts'
import { useTeamsView } from './use-teams-view.ts'

/** /schedule; the filter lives in the query string (`?team=…`, `?program=…`), so it can be shared. */
export default function ScheduleRoute() {
  const programsContent = useContent('programsContent')
  // The schedules (no rosters), or the whole teams while staff edit the page.
  const storedTeams = useTeamsView('teamSchedules')
  // The fields alone (`fieldList`), to name and link where each game is played.
  const { fields, settled: statusSettled } = useFieldList()
  const siteUrl = useContext(SiteUrlContext)
  const now = useNow()
  // A graduated class leaves the schedule, its filters and calendars (club/graduation.ts).
  const teams = currentTeams(storedTeams, now)
  const [search, setSearch] = useSearchParams()
  // The prerendered page shows every team; a filter in the address applies once hydrated.
  const hydrated = useHydrated()
  const filter = hydrated ? readScheduleFilter(search, teams) : ALL_TEAMS
  const onFilterChange = (next: ScheduleFilter) => {
    const params = new URLSearchParams()
    if (next.team) params.set('team', next.team)
    else if (next.program) params.set('program', next.program)
    setSearch(params, { replace: true, preventScrollReset: true })
  }
  useHead({ ...scheduleMeta(), path: paths.schedule() })
  return (
    <FieldStatusHeldContext.Provider value={!statusSettled}>
      <SchedulePage
        programsContent={programsContent}
        teams={teams}
        fields={fields}
        now={now}
        filter={filter}
        onFilterChange={onFilterChange}
        siteUrl={siteUrl || undefined}
      />
    </FieldStatusHeldContext.Provider>
  )
}
