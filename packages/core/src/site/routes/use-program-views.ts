import { useContent } from '../../content/content-provider.tsx'
import { programPageKey } from '../../entities/content-key-list.ts'
import type { ProgramPage, ProgramSummaries } from '../../entities/program-content.ts'
import { useEditing } from '../../editing/editing-context.ts'
import { isProgramSlug } from '../../pages/shared/programs.ts'

/**
 * What the pages that name the programs show of each (the header, /programs, /contact): the
 * summaries the database derives from `programsContent` (`programSummaries`), or, while staff
 * edit the page, the whole `programsContent` they edit (shown-keys.ts reads it there).
 *
 * @example
 * const programs = useProgramSummaries()
 * programs.select.registration // the Select program's registration
 */
export function useProgramSummaries(): ProgramSummaries {
  const { isEditing } = useEditing()
  return useContent(isEditing ? 'programsContent' : 'programSummaries')
}

/**
 * The program a program page shows: its own row (`program/<slug>`), or, while staff edit the
 * page, the program in the whole `programsContent`. Undefined for a slug that names no program.
 *
 * @example
 * const program = useProgramOfPage('select') // the Select program's page
 */
export function useProgramOfPage(slug: string): ProgramPage | undefined {
  const { isEditing } = useEditing()
  const known = isProgramSlug(slug)
  // An unknown slug has no row: a document every page shows stands in (the hook is called alike).
  const shown: unknown = useContent(
    isEditing ? 'programsContent' : known ? programPageKey(slug) : 'siteFooter',
  )
  if (!known) return undefined
  if (isEditing) return (shown as Partial<Record<string, ProgramPage>>)[slug]
  return shown as ProgramPage
}
