import { useContent } from '../../content/content-provider.tsx'
import { ProgramsPage, programsMeta } from '../../pages/programs/programs-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function ProgramsRoute() {
  const programCards = useContent('programCards')
  const programsContent = useContent('programsContent')
  useHead({ ...programsMeta(programCards), path: paths.programs() })
  return <ProgramsPage programCards={programCards} programsContent={programsContent} />
}
