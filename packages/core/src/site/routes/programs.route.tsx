import { useContent } from '../../content/content-provider.tsx'
import { ProgramsPage, programsMeta } from '../../pages/programs/programs-page.tsx'
import { clubToday } from '../../club/club-time.ts'
import { useHead } from '../head.tsx'
import { useNow } from '../render-time.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function ProgramsRoute() {
  const programCards = useContent('programCards')
  const programsContent = useContent('programsContent')
  const today = clubToday(useNow())
  useHead({ ...programsMeta(programCards), path: paths.programs() })
  return (
    <ProgramsPage programCards={programCards} programsContent={programsContent} today={today} />
  )
}
