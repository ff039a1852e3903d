/*
 * The rows the database derives from the home document, the fields, the programs and the events
 * for the pages that show a part of them (public.derived_views in
 * supabase/migrations/*_derived_views.sql, *_event_views.sql and *_footer_registrations_fields.sql):
 * here for the built-in documents, which are shown while none is stored. Zod-free, for the
 * browser's first bundle. (The views of the teams are team-views.ts's.)
 */
import type { Clinic } from './clinic.ts'
import { isEventPageKey, isProgramPageKey } from './content-key-list.ts'
import type { ContentViewKey, EventPageKey, ProgramPageKey } from './content-keys.ts'
import type { Field, FieldsContent, WeatherPostingTimes } from './fields-content.ts'
import type { HomeContent, SiteFooterContent } from './home-content.ts'
import type {
  ProgramPage,
  ProgramRegistrationRows,
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

/** What every page's footer shows of the home document: its social links and contact details. */
function footerOf(home: HomeContent): SiteFooterContent {
  return home.contact === undefined
    ? { footer: home.footer }
    : { footer: home.footer, contact: home.contact }
}

/** A field as the pages that say where games are played show it: without `notifyFamilies`. */
function listedField(field: Field): Field {
  const { notifyFamilies: _notify, ...shown } = field
  return shown
}

/** The documents rows are derived from here. */
type Sources = {
  content: HomeContent
  fieldsContent: FieldsContent
  programsContent: Partial<ProgramsContent>
  clinics: readonly Clinic[]
}

/** An event as its card shows it: no description paragraphs or capacity note. */
function cardOf(clinic: Clinic): Clinic {
  const { capacityNote: _note, ...card } = clinic
  return { ...card, description: [] }
}

/**
 * The row `key` derived from these documents: the footer's part of the home document, the
 * posting times, the fields alone, the programs' summaries or registrations, a program's page, the events'
 * cards, the events' slugs or an event's page; undefined for a program or an event not among
 * them.
 *
 * @example
 * contentView(DEFAULT_CONTENT, 'program/select') // the Select program's page
 * contentView(DEFAULT_CONTENT, 'eventCards') // every event without its description
 */
export function contentView(
  documents: Sources,
  key: ContentViewKey,
):
  | SiteFooterContent
  | WeatherPostingTimes
  | Field[]
  | ProgramSummaries
  | ProgramRegistrationRows
  | ProgramPage
  | Clinic[]
  | Clinic
  | string[]
  | undefined {
  if (isProgramPageKey(key)) {
    const slug = key.slice('program/'.length)
    return Object.hasOwn(documents.programsContent, slug)
      ? documents.programsContent[slug as keyof ProgramsContent]
      : undefined
  }
  if (isEventPageKey(key)) {
    const slug = key.slice('event/'.length)
    return documents.clinics.find((clinic) => clinic.slug === slug)
  }
  if (key === 'siteFooter') return footerOf(documents.content)
  if (key === 'weatherPostingTimes') return documents.fieldsContent.weatherPostingTimes
  if (key === 'fieldList') return documents.fieldsContent.fields.map(listedField)
  if (key === 'eventCards') return documents.clinics.map(cardOf)
  if (key === 'programRegistrations')
    return Object.fromEntries(
      Object.entries(documents.programsContent).map(([slug, program]) => [
        slug,
        program.registration === undefined ? {} : { registration: program.registration },
      ]),
    ) as ProgramRegistrationRows
  // Each once, in code-point order (the database's `collate "C"`).
  if (key === 'eventSlugs')
    return [...new Set(documents.clinics.map((clinic) => clinic.slug))].sort()
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
export function contentViews(documents: Sources): {
  siteFooter: SiteFooterContent
  weatherPostingTimes: WeatherPostingTimes
  fieldList: Field[]
  programSummaries: ProgramSummaries
  programRegistrations: ProgramRegistrationRows
  eventCards: Clinic[]
  eventSlugs: string[]
} & Record<ProgramPageKey, ProgramPage> &
  Record<EventPageKey, Clinic> {
  const views: Record<string, unknown> = {
    siteFooter: contentView(documents, 'siteFooter'),
    weatherPostingTimes: contentView(documents, 'weatherPostingTimes'),
    fieldList: contentView(documents, 'fieldList'),
    programSummaries: contentView(documents, 'programSummaries'),
    programRegistrations: contentView(documents, 'programRegistrations'),
    eventCards: contentView(documents, 'eventCards'),
    eventSlugs: contentView(documents, 'eventSlugs'),
  }
  for (const [slug, program] of Object.entries(documents.programsContent))
    views[`program/${slug}`] = program
  // The first event of each slug, as its page finds it.
  for (const clinic of [...documents.clinics].reverse()) views[`event/${clinic.slug}`] = clinic
  return views as ReturnType<typeof contentViews>
}
