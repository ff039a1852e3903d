import { useContent } from '../../content/content-provider.tsx'
import { ProgramsPage, programsMeta } from '../../pages/programs/programs-page.tsx'
import { useHead } from '../head.tsx'

export default function ProgramsRoute() {
  const programCards = useContent('programCards')
  const programsContent = useContent('programsContent')
  useHead({ ...programsMeta(programCards), path: '/programs' })
  return <ProgramsPage programCards={programCards} programsContent={programsContent} />
}
