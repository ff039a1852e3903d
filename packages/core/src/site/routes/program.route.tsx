import { useLocation, useParams } from 'react-router'

import { useContent } from '../../content/content-provider.tsx'
import { useFamilyAlerts } from '../../forms/family-alerts-context.tsx'
import { programMeta } from '../../pages/program/program-meta.ts'
import { ProgramPage } from '../../pages/program/program-page.tsx'
import { useHead } from '../head.tsx'
import { publicPath } from '../../routing/admin-paths.ts'
import { notFoundHead } from '../not-found-head.ts'
import { useNow } from '../render-time.tsx'
import { useProgramOfPage } from './use-program-views.ts'
import { useTeamsView } from './use-teams-view.ts'

export default function ProgramRoute() {
  const { program = '' } = useParams()
  const { pathname } = useLocation()
  // Its own program (its row, `program/<slug>`), or the whole programs while staff edit it.
  const shown = useProgramOfPage(program)
  // The page's documents, under their content keys (its props are named after them).
  const documents = {
    programsContent: shown ? { [program]: shown } : {},
    staff: useContent('staff'),
    // The teams' names, programs and logos (its teams are among them).
    teams: useTeamsView('teamNames'),
  }
  const { programsContent } = documents
  const now = useNow()
  const alerts = useFamilyAlerts()
  const known = shown !== undefined
  useHead(
    known
      ? { ...programMeta(program, programsContent), path: publicPath(pathname) }
      : notFoundHead(pathname),
  )
  return <ProgramPage slug={program} {...documents} now={now} alerts={alerts} />
}
