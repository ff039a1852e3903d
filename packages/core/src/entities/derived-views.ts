/*
 * The rows the database derives from the fields and the programs for the pages that show a part
 * of them (public.derived_views in supabase/migrations/*_derived_views.sql): here for the
 * built-in documents, which are shown while none is stored. Zod-free, for the browser's first
 * bundle. (The views of the teams are team-views.ts's.)
 */
import { isProgramPageKey } from './content-key-list.ts'
import type { ContentViewKey, ProgramPageKey } from './content-keys.ts'
import type { FieldsContent, WeatherPostingTimes } from './fields-content.ts'
import type {
  ProgramPage,
  ProgramsContent,
  ProgramSummaries,
  ProgramSummary,
} from './program-content.ts'

/** The fields of a program its summary keeps (public.derived_views's `programSummaries`). */
const SUMMARY_FIELDS = ['name', 'fees', 'registration', 'eligibility'] as const

/** What the pages that name a program show of it: its name, fees, registration and eligibility. */
function summaryOf(program: ProgramPage): ProgramSummary {
  const summary: Record<string, unknown> = {}
  for (const field of SUMMARY_FIELDS)
    if (program[field] !== undefined) summary[field] = program[field]
  return summary as ProgramSummary
}

/**
 * The row `key` derived from these documents: the posting times, the programs' summaries, or a
 * program's page; undefined for a program not among them.
 *
 * @example
 * contentView(DEFAULT_CONTENT, 'program/select') // the Select program's page
 * contentView(DEFAULT_CONTENT, 'programSummaries') // every program's name, fees and registration
 */
export function contentView(
  documents: { fieldsContent: FieldsContent; programsContent: Partial<ProgramsContent> },
  key: ContentViewKey,
): WeatherPostingTimes | ProgramSummaries | ProgramPage | undefined {
  if (isProgramPageKey(key)) {
    const slug = key.slice('program/'.length)
    return Object.hasOwn(documents.programsContent, slug)
      ? documents.programsContent[slug as keyof ProgramsContent]
      : undefined
  }
  if (key === 'weatherPostingTimes') return documents.fieldsContent.weatherPostingTimes
  return Object.fromEntries(
    Object.entries(documents.programsContent).map(([slug, program]) => [slug, summaryOf(program)]),
  ) as ProgramSummaries
}

/**
 * Every row derived from these documents by its key, as the database stores them for stored
 * ones: what a page built from the documents is given (tests' prerenders).
 *
 * @example
 * contentViews(DEFAULT_CONTENT)['program/select'] // the Select program's page
 */
export function contentViews(documents: {
  fieldsContent: FieldsContent
  programsContent: Partial<ProgramsContent>
}): { weatherPostingTimes: WeatherPostingTimes; programSummaries: ProgramSummaries } & Record<
  ProgramPageKey,
  ProgramPage
> {
  const views: Record<string, unknown> = {
    weatherPostingTimes: contentView(documents, 'weatherPostingTimes'),
    programSummaries: contentView(documents, 'programSummaries'),
  }
  for (const [slug, program] of Object.entries(documents.programsContent))
    views[`program/${slug}`] = program
  return views as ReturnType<typeof contentViews>
}
