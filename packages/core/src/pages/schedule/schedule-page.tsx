import { EditableText } from '../../editing/editable.tsx'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { Teams } from '../../entities/team.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { teamsOfProgram } from '../shared-a/programs.ts'
import { teamPathFor } from '../team/team-routes.ts'
import './schedule-page.css'

/** Props of {@link SchedulePage}. */
export type SchedulePageProps = {
  /** Content key `programsContent`: season formats and tryout dates. */
  programsContent: ProgramsContent
  /** Content key `teams`: the team pages to link. */
  teams: Teams
}

function ProgramSchedule({
  slug,
  programsContent,
  teams,
}: {
  slug: ProgramSlug
  programsContent: ProgramsContent
  teams: Teams
}) {
  const page = programsContent[slug]
  const programTeams = teamsOfProgram(teams, slug)
  const tryouts = page.tryouts
  return (
    <li className="schedule-program">
      <h3 id={`schedule-${slug}`}>{page.name}</h3>
      <dl className="schedule-program__facts">
        <dt>Season</dt>
        <dd>
          {page.seasonFormat ? (
            <EditableText
              contentKey="programsContent"
              path={[slug, 'seasonFormat']}
              value={page.seasonFormat}
            />
          ) : (
            'Season dates will be announced.'
          )}
        </dd>
        <dt>Tryouts</dt>
        <dd>
          {tryouts && tryouts.teams.length > 0 ? (
            <ul className="schedule-program__tryouts">
              {tryouts.teams.map((team, i) => (
                <li key={team.id}>
                  <strong>{team.name}:</strong>{' '}
                  {team.dates.length > 0
                    ? team.dates.map((date, j) => (
                        <span key={`${j}-${date}`}>
                          {j > 0 && '; '}
                          <EditableText
                            contentKey="programsContent"
                            path={[slug, 'tryouts', 'teams', i, 'dates', j]}
                            value={date}
                          />
                        </span>
                      ))
                    : 'dates to be announced'}
                </li>
              ))}
            </ul>
          ) : tryouts ? (
            'Tryout dates will be announced.'
          ) : (
            'No tryouts for this program.'
          )}
        </dd>
        {programTeams.length > 0 && (
          <>
            <dt>Team pages</dt>
            <dd>
              <ul className="schedule-program__teams" role="list">
                {programTeams.map(({ key, team }) => (
                  <li key={key}>
                    <SmartLink to={teamPathFor(key)}>{team.name}</SmartLink>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <p className="schedule-program__more">
        <SmartLink to={tryouts ? `/programs/${slug}#tryouts` : `/programs/${slug}`}>
          {tryouts ? `${page.name} tryout details and fee` : `About ${page.name}`}
        </SmartLink>
      </p>
    </li>
  )
}

/**
 * Schedules (`/schedule`, linked from the home page's quick links): where game schedules are
 * published, and for each program when its season runs, its tryout dates and its team pages.
 * It shows only what the content holds: no game times are made up here.
 */
export function SchedulePage({ programsContent, teams }: SchedulePageProps) {
  return (
    <>
      <section className="page-hero" aria-labelledby="schedule-title">
        <div className="container">
          <h1 id="schedule-title">Schedules &amp; Season Dates</h1>
          <p>
            When each program plays, when tryouts are held, and where to find your team’s game
            schedule.
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="schedule-games-title">
        <div className="container">
          <h2 id="schedule-games-title">Game Schedules</h2>
          <p className="schedule-lead">
            Game schedules are posted on each team page and in{' '}
            <SmartLink to="/live-updates">Live Updates</SmartLink>. On game days, check the{' '}
            <SmartLink to="/fields#field-status">field status</SmartLink> before you leave home.
          </p>
          <ul className="schedule-links" role="list">
            <li>
              <SmartLink to="/live-updates">Live Updates: game-day news and changes</SmartLink>
            </li>
            <li>
              <SmartLink to="/fields#field-status">Field status and directions</SmartLink>
            </li>
            <li>
              <SmartLink to="/weather-policy">
                Weather policy: when cancellations are posted
              </SmartLink>
            </li>
            <li>
              <SmartLink to="/teams">All teams and rosters</SmartLink>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="schedule-seasons-title">
        <div className="container">
          <h2 id="schedule-seasons-title">Seasons and Tryouts by Program</h2>
          <ul className="schedule-programs" role="list">
            {PROGRAM_SLUGS.map((slug) => (
              <ProgramSchedule
                key={slug}
                slug={slug}
                programsContent={programsContent}
                teams={teams}
              />
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}

/** SEO tags for Schedules. */
export function scheduleMeta(): PageMeta {
  return {
    title: pageTitle('Schedules & Season Dates'),
    description: metaDescription(
      'Season dates and tryout dates for every program, links to team pages, and where game schedules, field status and weather updates are posted.',
    ),
  }
}

export default SchedulePage
