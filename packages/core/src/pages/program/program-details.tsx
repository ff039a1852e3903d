import { EditablePanel, EditableText } from '../../editing/editable.tsx'
import { formatClubDate } from '../../club/club-time.ts'
import type { DocumentPath } from '../../entities/document-path.ts'
import type { ProgramPage as ProgramPageContent } from '../../entities/program-content.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import './program-details.css'

type DetailField = 'seasonFormat' | 'teamFormation' | 'equipment' | 'fees' | 'coaching'

const DETAILS: readonly { field: DetailField; title: string }[] = [
  { field: 'seasonFormat', title: 'Season Format' },
  { field: 'teamFormation', title: 'Team Formation' },
  { field: 'equipment', title: 'Equipment' },
  { field: 'fees', title: 'Fees' },
  { field: 'coaching', title: 'Coaching' },
]

/** A program's philosophy (recreational) or description (competitive); nothing without either. */
export function ProgramAbout({ slug, page }: { slug: ProgramSlug; page: ProgramPageContent }) {
  // Recreational programs describe a philosophy, competitive ones a description (spec §3).
  const field = page.philosophy ? 'philosophy' : page.description ? 'description' : undefined
  if (!field) return null
  return (
    <section className="section" aria-labelledby="program-about-title">
      <div className="container program-about">
        <h2 id="program-about-title">
          {field === 'philosophy' ? 'Our Philosophy' : `About ${page.name}`}
        </h2>
        <EditableText
          as="p"
          className="program-about__text"
          contentKey="programsContent"
          path={[slug, field]}
          value={page[field] ?? ''}
        />
      </div>
    </section>
  )
}

/**
 * Who the program is for and the last day to register, as stored (the program finder reads the
 * same facts); nothing when neither is stored. Staff edit both in one panel.
 */
function ProgramFacts({ slug, page }: { slug: ProgramSlug; page: ProgramPageContent }) {
  const eligibility = page.eligibility
  const deadline = page.registration?.deadline ?? ''
  return (
    <EditablePanel
      contentKey="programsContent"
      path={[slug]}
      panel="programFacts"
      label="Ages and deadline"
    >
      {(eligibility || deadline) && (
        <div className="card card__body program-detail program-facts">
          <h3>Ages and Deadline</h3>
          {eligibility && (
            <p className="program-facts__ages">
              Ages {eligibility.minAge}–{eligibility.maxAge} on{' '}
              {formatClubDate(eligibility.ageCutoff)}
            </p>
          )}
          {deadline && (
            <p className="program-facts__deadline">
              Registration deadline: {formatClubDate(deadline)}
            </p>
          )}
        </div>
      )}
    </EditablePanel>
  )
}

/** Program Details: its ages and deadline, then each of the season, team, equipment, fee and coaching texts it has. */
export function ProgramDetails({ slug, page }: { slug: ProgramSlug; page: ProgramPageContent }) {
  const details = DETAILS.filter(({ field }) => page[field])
  if (details.length === 0) return null
  return (
    <section className="section section--tint" aria-labelledby="program-details-title">
      <div className="container">
        <h2 id="program-details-title">Program Details</h2>
        <div className="program-details">
          <ProgramFacts slug={slug} page={page} />
          {details.map(({ field, title }) => (
            <div key={field} className="card card__body program-detail">
              <h3>{title}</h3>
              <EditableText
                as="p"
                contentKey="programsContent"
                // `page[field]` proves the field; tsc cannot pair 7 slugs with 5 fields.
                path={[slug, field] as DocumentPath<'programsContent'>}
                value={page[field]}
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}
