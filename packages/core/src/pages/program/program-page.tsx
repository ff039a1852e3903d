import { EditableImage, EditableText } from '../../editing/editable.tsx'
import type { ProgramsContent } from '../../entities/program-content.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { NotFoundPage } from '../not-found/not-found-page.tsx'
import { DETAIL_HERO_IMAGE } from '../shared/detail-hero.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { TitledSection } from '../shared/titled-section.tsx'
import { storedItem } from '../shared/stored-item.ts'
import { isProgramSlug, teamsOfProgram } from '../shared/programs.ts'
import { StaffCards } from '../rosters-and-staff/staff-cards.tsx'
import { ProgramAbout, ProgramDetails } from './program-details.tsx'
import { ProgramTryouts } from './program-tryouts.tsx'
import { RegisterAction } from './register-action.tsx'
import { programRegistration } from './registration.ts'
import '../shared/detail-hero.css'
import './program-page.css'
import { paths } from '../../routing/public-paths.ts'
import { currentTeams } from '../../club/graduation.ts'
import type { FamilyAlertsService } from '../../forms/family-alerts-types.ts'
import { GetAlerts } from '../family-alerts/get-alerts.tsx'

/** Props of {@link ProgramPage}. */
export type ProgramPageProps = {
  /** Families' alerts: a "Get alerts" button for the program (none without it). */
  alerts?: Pick<FamilyAlertsService, 'subscribe'>
  /** The route's program slug, e.g. `big-train`; anything else shows not-found. */
  slug: string
  /**
   * The program's page by its slug: its own row (`program/<slug>`) alone, or the whole
   * `programsContent` while staff edit it. A program not among them shows not-found.
   */
  programsContent: Partial<ProgramsContent>
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
  const page = isProgramSlug(slug) ? programsContent[slug] : undefined
  if (!isProgramSlug(slug) || !page) return <NotFoundPage />
  const programTeams = teamsOfProgram(now ? currentTeams(teams, now) : teams, slug)
  const registration = programRegistration(slug, programsContent)
  const stored = storedItem('programsContent', [slug], page)
  return (
    <>
      <section className="program-hero detail-hero" aria-labelledby="program-title">
        <div className="container detail-hero__inner">
          <div>
            <p className="detail-hero__eyebrow">
              <SmartLink to={paths.programs()}>Programs</SmartLink>
            </p>
            <EditableText as="h1" id="program-title" {...stored.text('name')} />
            <EditableText
              as="p"
              className="detail-hero__lead program-hero__overview"
              {...stored.text('overview')}
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
            {...stored.image('heroImage')}
            alt=""
            {...DETAIL_HERO_IMAGE}
            className="detail-hero__image program-hero__image"
          />
        </div>
      </section>

      <ProgramAbout slug={slug} page={page} />

      <ProgramDetails slug={slug} page={page} />

      {programTeams.length > 0 && (
        <TitledSection className="section" titleId="program-teams-title" title="Teams and Rosters">
          <ul className="tile-list" role="list">
            {programTeams.map(({ key, team }) => (
              <li key={key}>
                <SmartLink to={paths.team(key)} className="program-team">
                  {team.logoUrl && (
                    <EditableImage
                      {...storedItem('teams', [key], team).image('logoUrl')}
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
        </TitledSection>
      )}

      <TitledSection className="section" titleId="program-staff-title" title="Program Staff">
        <StaffCards ids={page.staff} staff={staff} idsAt={stored.at('staff')} />
      </TitledSection>

      <ProgramTryouts slug={slug} page={page} teams={teams} registration={registration} now={now} />
    </>
  )
}

export default ProgramPage
