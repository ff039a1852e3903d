import { useContent } from '../../content/content-provider.tsx'
import { ProgramsPage, programsMeta } from '../../pages/programs/programs-page.tsx'
import { clubToday } from '../../club/club-time.ts'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { useProgramSummaries } from './use-program-views.ts'
import { paths } from '../../routing/public-paths.ts'

export default function ProgramsRoute() {
  const programCards = useContent('programCards')
  // What its finder and registration list show of each program (the whole programs while edited).
  const programsContent = useProgramSummaries()
  const today = clubToday(useNow())
  useHead({ ...programsMeta(programCards), path: paths.programs() })
  return (
    <ProgramsPage programCards={programCards} programsContent={programsContent} today={today} />
  )
}
