import { Fragment } from 'react'

import {
  EditableImage,
  EditablePanel,
  EditableRegion,
  EditableText,
} from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type {
  ProgramPage as ProgramPageContent,
  ProgramsContent,
  TryoutTeam,
} from '../../entities/program-content.ts'
import type { DocumentPath } from '../../entities/document-path.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { NotFoundPage } from '../not-found/not-found-page.tsx'
import { SmartLink } from '../shared/smart-link.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { formatClubDate } from '../../club/club-time.ts'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import { isProgramSlug, teamsOfProgram } from '../shared/programs.ts'
import { StaffCards } from '../rosters-and-staff/staff-cards.tsx'
import { MarkedLink } from './external-mark.tsx'
import { RegisterAction } from './register-action.tsx'
import { programRegistration, type RegistrationState } from './registration.ts'
import '../shared/detail-hero.css'
import './program-page.css'
import { paths } from '../../routing/public-paths.ts'
import { currentTeams, isGraduated, isPastClass } from '../../club/graduation.ts'
import { useEditing } from '../../editing/editing-context.ts'
import type { FamilyAlertsService } from '../../forms/family-alerts-types.ts'
import { GetAlerts } from '../family-alerts/get-alerts.tsx'

/** Props of {@link ProgramPage}. */
export type ProgramPageProps = {
  /** Families' alerts: a "Get alerts" button for the program (none without it). */
  alerts?: Pick<FamilyAlertsService, 'subscribe'>
  /** The route's program slug, e.g. `big-train`; anything else shows not-found. */
  slug: string
  /** Content key `programsContent`. */
  programsContent: ProgramsContent
  /** Content key `staff`, to resolve the program's staff ids. */
  staff: readonly StaffMember[]
  /** Content key `teams`, to link the program's team pages. */
  teams: Teams
  /**
   * The moment the page is rendered for: a class past its graduation year then (see
   * club/graduation.ts) is neither listed nor offered tryouts. Without it every team is current.
   */
  now?: Date
}

type DetailField = 'seasonFormat' | 'teamFormation' | 'equipment' | 'fees' | 'coaching'

const DETAILS: readonly { field: DetailField; title: string }[] = [
  { field: 'seasonFormat', title: 'Season Format' },
  { field: 'teamFormation', title: 'Team Formation' },
  { field: 'equipment', title: 'Equipment' },
  { field: 'fees', title: 'Fees' },
  { field: 'coaching', title: 'Coaching' },
]

function About({ slug, page }: { slug: ProgramSlug; page: ProgramPageContent }) {
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

// What an editor adds in place to the tryouts panel: placeholders to type over.
const newTryoutTeam = (): TryoutTeam => ({
  id: uniqueId('tryout-team'),
  name: 'New team',
  dates: [],
})
const newTryoutDate = () => 'Day, date and time'

function Tryouts({
  slug,
  page,
  teams,
  registration,
  now,
}: {
  slug: ProgramSlug
  page: ProgramPageContent
  teams: Teams
  registration: RegistrationState
  now?: Date
}) {
  const { isEditing } = useEditing()
  const tryouts = page.tryouts
  if (!tryouts) return null
  // A graduated class holds no more tryouts: families do not see its dates. Staff still do,
  // marked, so the stored list keeps its order and the entry can be removed.
  const isPast = (team: { id: string; name: string }) => {
    if (!now) return false
    const stored = Object.hasOwn(teams, team.id) ? teams[team.id] : undefined
    return isPastClass(team.name, now) || (stored !== undefined && isGraduated(stored, now))
  }
  const tryoutTeams = isEditing ? tryouts.teams : tryouts.teams.filter((team) => !isPast(team))
  const at = <const R extends readonly (string | number)[]>(...rest: R) =>
    [slug, 'tryouts', ...rest] as const
  return (
    <section id="tryouts" className="section section--tint" aria-labelledby="program-tryouts-title">
      <div className="container">
        <div className="program-tryouts">
          <EditableText
            as="h2"
            id="program-tryouts-title"
            contentKey="programsContent"
            path={at('title')}
            value={tryouts.title}
          />
          <EditableText
            as="p"
            contentKey="programsContent"
            path={at('description')}
            value={tryouts.description}
          />
          <EditableList
            className="program-tryouts__teams"
            role="list"
            contentKey="programsContent"
            path={at('teams')}
            items={tryoutTeams}
            itemKey={(team) => team.id}
            itemProps={() => ({ className: 'program-tryouts__team' })}
            itemLabel={(team) => team.name}
            newItem={newTryoutTeam}
            empty={null}
            renderItem={(team, i) => (
              <>
                <h3>
                  {teams[team.id] ? (
                    <SmartLink to={paths.team(team.id)}>
                      <EditableText
                        contentKey="programsContent"
                        path={at('teams', i, 'name')}
                        value={team.name}
                      />
                    </SmartLink>
                  ) : (
                    <EditableText
                      contentKey="programsContent"
                      path={at('teams', i, 'name')}
                      value={team.name}
                    />
                  )}
                  {isEditing && isPast(team) && (
                    <span className="badge"> Graduated: families do not see it</span>
                  )}
                </h3>
                <EditableList
                  className="program-tryouts__dates"
                  contentKey="programsContent"
                  path={at('teams', i, 'dates')}
                  items={team.dates}
                  // Dates are plain strings with no id; their position is their identity.
                  itemKey={(date, j) => `${j}-${date}`}
                  itemLabel={(date) => `${team.name} tryout ${date}`}
                  newItem={newTryoutDate}
                  empty={<p className="program-tryouts__tba">Dates to be announced.</p>}
                  renderItem={(date, j) => (
                    <EditableText
                      // The list item is the date's element, as it is for visitors.
                      as={Fragment}
                      contentKey="programsContent"
                      path={at('teams', i, 'dates', j)}
                      value={date}
                    />
                  )}
                />
              </>
            )}
          />
          <EditableText
            as="p"
            className="program-tryouts__fee"
            contentKey="programsContent"
            path={at('feeNote')}
            value={tryouts.feeNote}
          />
          <div className="program-tryouts__actions">
            <RegisterAction
              state={registration}
              programName={page.name}
              label="Register for tryouts"
            />
            {tryouts.buttonText && tryouts.buttonLink && !isPlaceholderLink(tryouts.buttonLink) && (
              <EditableRegion contentKey="programsContent" path={at('buttonLink')}>
                <MarkedLink to={tryouts.buttonLink} className="btn btn--outline">
                  {tryouts.buttonText}
                </MarkedLink>
              </EditableRegion>
            )}
          </div>
        </div>
      </div>
    </section>
  )
}

/**
 * A program page (`/programs/{slug}`): hero, philosophy or description, the season, team,
 * equipment, fee and coaching details, the program's teams, its staff and, for competitive
 * programs, tryouts with the fee note. An unknown slug shows the not-found page.
 */
export function ProgramPage({
  slug,
  programsContent,
  staff,
  teams,
  now,
  alerts,
}: ProgramPageProps) {
  if (!isProgramSlug(slug)) return <NotFoundPage />
  const page = programsContent[slug]
  const details = DETAILS.filter(({ field }) => page[field])
  const programTeams = teamsOfProgram(now ? currentTeams(teams, now) : teams, slug)
  const registration = programRegistration(slug, programsContent)
  return (
    <>
      <section className="program-hero detail-hero" aria-labelledby="program-title">
        <div className="container detail-hero__inner">
          <div>
            <p className="detail-hero__eyebrow">
              <SmartLink to={paths.programs()}>Programs</SmartLink>
            </p>
            <EditableText
              as="h1"
              id="program-title"
              contentKey="programsContent"
              path={[slug, 'name']}
              value={page.name}
            />
            <EditableText
              as="p"
              className="detail-hero__lead program-hero__overview"
              contentKey="programsContent"
              path={[slug, 'overview']}
              value={page.overview}
            />
            <div className="program-hero__actions">
              <RegisterAction
                state={registration}
                programName={page.name}
                label={page.tryouts ? 'Register for tryouts' : 'Register'}
                tone="dark"
              />
              {page.tryouts && (
                <a className="btn btn--outline program-hero__tryouts" href="#tryouts">
                  Tryout dates
                </a>
              )}
              {alerts && (
                <GetAlerts
                  follow={{ kind: 'program', ref: slug }}
                  name={page.name}
                  alerts={alerts}
                  tone="dark"
                />
              )}
            </div>
          </div>
          <EditableImage
            contentKey="programsContent"
            path={[slug, 'heroImage']}
            src={page.heroImage}
            alt=""
            width={1200}
            height={675}
            sizes="(min-width: 56rem) 36rem, 100vw"
            priority
            className="detail-hero__image program-hero__image"
          />
        </div>
      </section>

      <About slug={slug} page={page} />

      {details.length > 0 && (
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
      )}

      {programTeams.length > 0 && (
        <section className="section" aria-labelledby="program-teams-title">
          <div className="container">
            <h2 id="program-teams-title">Teams and Rosters</h2>
            <ul className="tile-list" role="list">
              {programTeams.map(({ key, team }) => (
                <li key={key}>
                  <SmartLink to={paths.team(key)} className="program-team">
                    {team.logoUrl && (
                      <EditableImage
                        contentKey="teams"
                        path={[key, 'logoUrl']}
                        src={team.logoUrl}
                        alt=""
                        width={64}
                        height={64}
                        sizes="3rem"
                        className="program-team__logo"
                      />
                    )}
                    <span className="program-team__name">{team.name}</span>
                  </SmartLink>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      <section className="section" aria-labelledby="program-staff-title">
        <div className="container">
          <h2 id="program-staff-title">Program Staff</h2>
          <StaffCards
            ids={page.staff}
            staff={staff}
            idsAt={{ contentKey: 'programsContent', path: [slug, 'staff'] }}
          />
        </div>
      </section>

      <Tryouts slug={slug} page={page} teams={teams} registration={registration} now={now} />
    </>
  )
}

// Written per program for search results; they describe what the page offers, not figures that
// editors may change.
const DESCRIPTIONS: Record<ProgramSlug, { suffix: string; description: string }> = {
  'tee-ball': {
    suffix: 'for Ages 4–6',
    description:
      'Tee Ball is a gentle first season of baseball for young children: how the season works, what to bring, fees and who coaches, from our Montgomery County club.',
  },
  recreation: {
    suffix: '',
    description:
      'Neighbourhood recreation baseball for every child who registers: spring and fall seasons, team placement, equipment, fees and volunteer coaching.',
  },
  'recreation-softball': {
    suffix: '',
    description:
      'No-tryout recreation fastpitch softball for girls in Montgomery County and D.C.: season format, teams, equipment, fees and coaching for new families.',
  },
  select: {
    suffix: 'Baseball Teams',
    description:
      'Select baseball is the step up from recreation: more games and practice close to home. See the season, fees, coaches, teams and tryout dates.',
  },
  'flash-softball': {
    suffix: 'Travel Teams',
    description:
      'Flash competitive fastpitch softball teams: tournament season, coaching, fees, team rosters and tryout dates for players and their families.',
  },
  'big-train': {
    suffix: 'Travel Baseball',
    description:
      'Big Train travel baseball teams play regional tournaments from spring into summer. See rosters, coaches, fees, equipment and the tryout dates.',
  },
  'dmv-prospects': {
    suffix: 'Showcase Baseball',
    description:
      'DMV Prospects high-school showcase baseball, one team per graduating class: college exposure, recruiting help, rosters, coaches and tryout dates.',
  },
}

/** SEO tags for a program page, e.g. 'Big Train Travel Baseball | {club short name}'. */
export function programMeta(slug: string, programsContent: ProgramsContent): PageMeta {
  if (!isProgramSlug(slug)) {
    return {
      title: pageTitle('Page Not Found'),
      description:
        'We couldn’t find that program. See all of our youth baseball and softball programs.',
    }
  }
  const page = programsContent[slug]
  const { suffix, description } = DESCRIPTIONS[slug]
  return {
    title: pageTitle(suffix ? `${page.name} ${suffix}` : page.name),
    description: metaDescription(description),
    image: page.heroImage,
  }
}

export default ProgramPage
