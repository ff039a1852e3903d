import { useState } from 'react'

import { EditableText } from '../../editing/editable.tsx'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { PagedList } from '../shared/paged-list.tsx'
import { programLabel, teamsOfProgram, type KeyedTeam } from '../shared/programs.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import { RosterTable } from '../rosters-and-staff/roster-table.tsx'
import { resolveStaff } from '../rosters-and-staff/staff.ts'
import './teams-page.css'
import { paths } from '../../routing/public-paths.ts'
import { currentTeams, pastTeams } from '../../club/graduation.ts'
import { formatCount } from '../../entities/counts.ts'

/** Props of {@link TeamsPage}. */
export type TeamsPageProps = {
  /** Content key `teams`. */
  teams: Teams
  /** Content key `staff`, to name each team's coaches. */
  staff: readonly StaffMember[]
  /**
   * The moment the page is rendered for: a class past its graduation year then (see
   * club/graduation.ts) is listed among the past teams, not the current ones.
   */
  now: Date
}

const anchorOf = (key: string) => `team-${key}`
const anchorOfEntry = (entry: KeyedTeam) => anchorOf(entry.key)
const keyOfEntry = (entry: KeyedTeam) => entry.key

/** Teams shown per program at first, and added by each "Show more": each has a roster table. */
export const TEAMS_PAGE_SIZE = 10

function TeamRoster({ entry, staff }: { entry: KeyedTeam; staff: readonly StaffMember[] }) {
  const { key, team } = entry
  const coaches = resolveStaff(team.coaches, staff)
  return (
    <section id={anchorOf(key)} className="teams-team" aria-labelledby={`${anchorOf(key)}-title`}>
      <div className="teams-team__head">
        <EditableText
          as="h3"
          id={`${anchorOf(key)}-title`}
          contentKey="teams"
          path={[key, 'name']}
          value={team.name}
        />
        <SmartLink to={paths.team(key)} className="teams-team__page">
          {team.name} team page
        </SmartLink>
      </div>
      <p className="teams-team__coaches">
        <strong>{coaches.length === 1 ? 'Coach' : 'Coaches'}:</strong>{' '}
        {coaches.length === 0
          ? 'to be announced'
          : coaches
              .map(({ member }) =>
                member.subtitle ? `${member.name} (${member.subtitle})` : member.name,
              )
              .join('; ')}
      </p>
      {/* Collapsed: the page lists every team, and a family opens the one it came for. */}
      <details className="teams-team__roster">
        <summary>
          Roster
          <span className="teams-team__count">
            {' '}
            ({team.roster.length} {team.roster.length === 1 ? 'player' : 'players'})
          </span>
          <span className="visually-hidden">: {team.name}</span>
        </summary>
        <RosterTable teamKey={key} team={team} />
      </details>
      <p className="teams-team__back">
        <a href="#teams-jump">Back to the team list</a>
      </p>
    </section>
  )
}

/**
 * Teams and Rosters (`/teams`): every current team in the `teams` document, grouped by program, each with
 * its coaches and roster, and a jump list at the top. A program with many teams shows them a
 * page at a time ({@link TEAMS_PAGE_SIZE}); the jump list lists the teams shown and leads to the
 * program's "Show more" for the rest.
 */
export function TeamsPage({ teams, staff, now }: TeamsPageProps) {
  const current = currentTeams(teams, now)
  const past = pastTeams(teams, now)
  const groups = PROGRAM_SLUGS.map((slug) => ({
    slug,
    entries: teamsOfProgram(current, slug),
  })).filter((group) => group.entries.length > 0)
  // Held here, not in each list, because the jump list shows the same teams as the sections.
  const [shown, setShown] = useState<Partial<Record<ProgramSlug, number>>>({})
  const shownOf = (slug: ProgramSlug) => shown[slug] ?? TEAMS_PAGE_SIZE
  return (
    <>
      <section className="page-hero" aria-labelledby="teams-title">
        <div className="container">
          <h1 id="teams-title">Teams &amp; Rosters</h1>
          <p>
            Every select, travel and showcase team in the club, with its coaches and current roster.
          </p>
        </div>
      </section>

      {groups.length === 0 ? (
        <section className="section">
          <div className="container">
            <p>Rosters for the coming season will be posted after tryouts.</p>
          </div>
        </section>
      ) : (
        <>
          <nav className="section section--tint" aria-labelledby="teams-jump">
            <div className="container">
              <h2 id="teams-jump">Jump to a Team</h2>
              <ul className="teams-jump" role="list">
                {groups.map(({ slug, entries }) => {
                  const hidden = entries.length - shownOf(slug)
                  return (
                    <li key={slug}>
                      <span className="teams-jump__program">{programLabel(slug)}</span>
                      <ul role="list">
                        {entries.slice(0, shownOf(slug)).map(({ key, team }) => (
                          <li key={key}>
                            <a href={`#${anchorOf(key)}`}>{team.name}</a>
                          </li>
                        ))}
                        {hidden > 0 && (
                          <li>
                            <a href={`#teams-${slug}-more`} className="teams-jump__more">
                              {formatCount(hidden)} more {programLabel(slug)}{' '}
                              {hidden === 1 ? 'team' : 'teams'}
                            </a>
                          </li>
                        )}
                      </ul>
                    </li>
                  )
                })}
              </ul>
            </div>
          </nav>

          {groups.map(({ slug, entries }) => (
            <section key={slug} className="section teams-program" aria-labelledby={`teams-${slug}`}>
              <div className="container">
                <h2 id={`teams-${slug}`}>{programLabel(slug)}</h2>
                <p className="teams-program__link">
                  <SmartLink to={paths.program(slug)}>
                    About the {programLabel(slug)} program
                  </SmartLink>
                </p>
                <PagedList
                  items={entries}
                  pageSize={TEAMS_PAGE_SIZE}
                  shown={shownOf(slug)}
                  onShownChange={(count) => setShown((all) => ({ ...all, [slug]: count }))}
                  anchorOf={anchorOfEntry}
                  itemKey={keyOfEntry}
                  as="div"
                  listProps={{ className: 'teams-program__teams' }}
                  noun={`${programLabel(slug)} teams`}
                  moreId={`teams-${slug}-more`}
                  renderItem={(entry) => <TeamRoster entry={entry} staff={staff} />}
                />
              </div>
            </section>
          ))}
        </>
      )}

      {past.length > 0 && (
        <section
          id="teams-past"
          className="section section--tint"
          aria-labelledby="teams-past-title"
        >
          <div className="container">
            <h2 id="teams-past-title">Past Teams</h2>
            <p>
              Classes that have graduated. Their players are among our{' '}
              <SmartLink to={paths.alumni()}>alumni</SmartLink>.
            </p>
            <ul className="teams-past" role="list">
              {past.map(({ key, team }) => (
                <li key={key}>
                  <SmartLink to={paths.team(key)}>{team.name}</SmartLink>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  )
}

/** SEO tags for Teams and Rosters. */
export function teamsMeta(): PageMeta {
  return {
    title: pageTitle('Teams & Rosters'),
    description: metaDescription(
      'Rosters and coaches for every Select, Flash fastpitch, Big Train travel and DMV Prospects showcase team in our Montgomery County and D.C. club.',
    ),
  }
}

export default TeamsPage
