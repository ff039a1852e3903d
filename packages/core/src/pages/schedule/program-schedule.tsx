import { EditableText } from '../../editing/editable.tsx'
import type { ProgramsContent } from '../../entities/program-content.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { Teams } from '../../entities/team.ts'
import { currentTeams, isPastClass } from '../../club/graduation.ts'
import { paths } from '../../routing/public-paths.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { teamsOfProgram } from '../shared/programs.ts'
import './program-schedule.css'

/**
 * One program on Schedules: its season, each team's tryout dates (editable in place), its
 * current teams' pages, and a link to the program's page.
 */
export function ProgramSchedule({
  slug,
  programsContent,
  teams,
  now,
}: {
  slug: ProgramSlug
  programsContent: ProgramsContent
  teams: Teams
  now: Date
}) {
  const page = programsContent[slug]
  const programTeams = teamsOfProgram(currentTeams(teams, now), slug)
  const tryouts = page.tryouts
  // A graduated class holds no more tryouts (club/graduation.ts); the others keep their place.
  const tryoutTeams = (tryouts?.teams ?? [])
    .map((team, i) => ({ team, i }))
    .filter(({ team }) => !isPastClass(team.name, now))
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
          {tryouts && tryoutTeams.length > 0 ? (
            <ul className="schedule-program__tryouts">
              {tryoutTeams.map(({ team, i }) => (
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
                    <SmartLink to={paths.team(key)}>{team.name}</SmartLink>
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <p className="schedule-program__more">
        <SmartLink to={paths.program(slug, tryouts ? 'tryouts' : undefined)}>
          {tryouts ? `${page.name} tryout details and fee` : `About ${page.name}`}
        </SmartLink>
      </p>
    </li>
  )
}
