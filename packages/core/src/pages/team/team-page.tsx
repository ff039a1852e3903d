import { Fragment } from 'react'

import { EditableImage, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import type { Field } from '../../entities/fields-content.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Team, Teams } from '../../entities/team.ts'
import { NotFoundPage } from '../not-found/not-found-page.tsx'
import { SmartLink } from '../shared/smart-link.tsx'
import { TitledSection } from '../shared/titled-section.tsx'
import { DETAIL_HERO_IMAGE } from '../shared/detail-hero.ts'
import { storedItem } from '../shared/stored-item.ts'
import { itemMeta, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { programLabel } from '../shared/programs.ts'
import { RosterTable } from '../rosters-and-staff/roster-table.tsx'
import { StaffCards } from '../rosters-and-staff/staff-cards.tsx'
import { teamCalendarPath } from '../../calendar/schedule-text.ts'
import { CalendarDownload, CalendarSubscribe } from '../schedule/calendar-download.tsx'
import { ScheduleList } from '../schedule/schedule-list.tsx'
import { scheduleHref, upcomingForTeam } from '../schedule/season-schedule.ts'
import '../shared/detail-hero.css'
import './team-page.css'
import { ShareAction } from '../shared/share-action.tsx'
import { paths } from '../../routing/public-paths.ts'
import { classYearOf, isGraduated } from '../../club/graduation.ts'
import type { FamilyAlertsService } from '../../forms/family-alerts-types.ts'
import { GetAlerts } from '../family-alerts/get-alerts.tsx'

/** How many upcoming entries a team page lists before pointing to the full schedule. */
export const TEAM_PAGE_UPCOMING = 5

/** Props of {@link TeamPage}. */
export type TeamPageProps = {
  /** The team's key in the `teams` document (see `teamKeyFor`); an unknown key shows not-found. */
  teamKey: string
  /** Content key `teams`. */
  teams: Teams
  /** Content key `staff`, to resolve the coaches' ids. */
  staff: readonly StaffMember[]
  /** The club's fields (`fieldsContent.fields`), to name and link where the team plays. */
  fields?: readonly Field[]
  /** The moment the page is rendered for: decides which games are upcoming. */
  now: Date
  /** The site's public origin, for links inside the calendar file. */
  siteUrl?: string
  /** Families' alerts: a "Get alerts" button for the team (none without it). */
  alerts?: Pick<FamilyAlertsService, 'subscribe'>
}

function findTeam(teams: Teams, teamKey: string): Team | undefined {
  return Object.hasOwn(teams, teamKey) ? teams[teamKey] : undefined
}

function UpcomingSchedule({
  teamKey,
  team,
  fields,
  now,
  siteUrl,
}: {
  teamKey: string
  team: Team
  fields: readonly Field[]
  now: Date
  siteUrl?: string
}) {
  const hasSchedule = (team.schedule ?? []).length > 0
  const upcoming = upcomingForTeam(teamKey, team, now, TEAM_PAGE_UPCOMING)
  return (
    <TitledSection
      className="section section--tint"
      titleId="team-schedule-title"
      title="Upcoming Schedule"
    >
      {upcoming.length > 0 ? (
        <ScheduleList rows={upcoming} fields={fields} showTeam={false} />
      ) : (
        <p>
          {hasSchedule
            ? 'Nothing more is scheduled this season. New dates will be posted here.'
            : 'The team’s schedule will be posted here.'}
        </p>
      )}
      {hasSchedule && (
        <p className="team-schedule__actions">
          <SmartLink
            to={scheduleHref({ program: team.programSlug, team: teamKey })}
            className="btn btn--secondary"
          >
            Full season schedule
          </SmartLink>
          <CalendarSubscribe
            path={teamCalendarPath(team.id)}
            description={`: ${team.name} schedule (updates itself)`}
            siteUrl={siteUrl}
            label="Subscribe to calendar"
            className="btn btn--outline"
          />
          <CalendarDownload team={team} fields={fields} siteUrl={siteUrl} />
        </p>
      )}
    </TitledSection>
  )
}

/**
 * What a graduated class's page shows instead of its schedule: it is a past team, with no
 * games, practices or tryouts ahead, and its players are among the club's alumni.
 */
function GraduatedNotice({ team }: { team: Team }) {
  const year = classYearOf(team.name)
  return (
    <TitledSection
      className="section section--tint"
      innerClassName="container team-graduated"
      titleId="team-graduated-title"
      title="A past team"
    >
      <p>
        {year === undefined
          ? `The ${team.name} graduated.`
          : `The Class of ${year} graduated in ${year}.`}{' '}
        This team has no more games on its schedule; its roster below is the class as it last played
        for the club.
      </p>
      <p>
        <SmartLink to={paths.alumni()} className="btn btn--secondary">
          See our alumni
        </SmartLink>
      </p>
    </TitledSection>
  )
}

/**
 * A team page: the hero (the team's own, or one built from its name and logo), the team's
 * story, its upcoming games and practices, its coaches and its roster. Served at the program
 * team routes, /team/{teamKey} and /dmv/{year}. A class past its graduation year at `now`
 * (club/graduation.ts) is a past team: it says so and points to the alumni, with no schedule
 * and no tryouts.
 */
export function TeamPage({
  teamKey,
  teams,
  staff,
  fields = [],
  now,
  siteUrl,
  alerts,
}: TeamPageProps) {
  const team = findTeam(teams, teamKey)
  if (!team) return <NotFoundPage />
  const program = programLabel(team.programSlug)
  const hero = team.heroContent
  const content = team.teamPageContent
  const graduated = isGraduated(team, now)
  const stored = storedItem('teams', [teamKey], team)
  const storedAbout = storedItem('teams', [teamKey, 'teamPageContent'], content)
  return (
    <>
      <section className="team-hero detail-hero" aria-labelledby="team-title">
        <div className={`container detail-hero__inner${hero ? '' : ' team-hero__inner--plain'}`}>
          <div>
            <p className="detail-hero__eyebrow">
              <SmartLink to={paths.program(team.programSlug)}>{program}</SmartLink>
            </p>
            {hero ? (
              <>
                <EditableText
                  as="h1"
                  id="team-title"
                  {...stored.at('heroContent', 'title')}
                  value={hero.title}
                />
                {hero.subtitle && (
                  <EditableText
                    as="p"
                    className="detail-hero__lead team-hero__subtitle"
                    {...stored.at('heroContent', 'subtitle')}
                    value={hero.subtitle}
                  />
                )}
              </>
            ) : (
              <>
                <EditableText as="h1" id="team-title" {...stored.text('name')} />
                <p className="detail-hero__lead team-hero__subtitle">
                  Roster, coaches and team news for the {team.name}.
                </p>
              </>
            )}
            <ShareAction title={hero?.title || team.name} path={paths.team(teamKey)} tone="dark" />
            {alerts && !graduated && (
              <div className="get-alerts__place">
                <GetAlerts
                  follow={{ kind: 'team', ref: teamKey }}
                  name={team.name}
                  alerts={alerts}
                  tone="dark"
                />
              </div>
            )}
          </div>
          {hero ? (
            <EditableImage
              {...stored.at('heroContent', 'imageUrl')}
              src={hero.imageUrl}
              alt=""
              {...DETAIL_HERO_IMAGE}
              className="detail-hero__image"
            />
          ) : (
            team.logoUrl && (
              <EditableImage
                {...stored.image('logoUrl')}
                alt=""
                width={160}
                height={160}
                sizes="10rem"
                priority
                className="team-hero__logo"
              />
            )
          )}
        </div>
      </section>

      <TitledSection
        className="section"
        innerClassName="container team-about"
        titleId="team-about-title"
        title="About the Team"
      >
        <EditableText as="p" className="team-about__intro" {...storedAbout.text('intro')} />
        {content.highlights && content.highlights.length > 0 && (
          <EditableList
            className="team-about__highlights"
            {...storedAbout.at('highlights')}
            items={content.highlights}
            itemKey={(highlight, i) => `${i}-${highlight}`}
            itemLabel={(highlight) => highlight}
            newItem={() => 'New highlight'}
            renderItem={(highlight, i) => (
              <EditableText
                // The list item is the highlight's element, as it is for visitors.
                as={Fragment}
                {...storedAbout.at('highlights', i)}
                value={highlight}
              />
            )}
          />
        )}
        {content.details?.map((paragraph, i) => (
          <EditableText key={i} as="p" {...storedAbout.at('details', i)} value={paragraph} />
        ))}
      </TitledSection>

      {graduated ? (
        <GraduatedNotice team={team} />
      ) : (
        <UpcomingSchedule
          teamKey={teamKey}
          team={team}
          fields={fields}
          now={now}
          siteUrl={siteUrl}
        />
      )}

      <TitledSection className="section" titleId="team-coaches-title" title="Coaches">
        <StaffCards
          ids={team.coaches}
          staff={staff}
          emptyText="Coaches will be announced soon."
          idsAt={stored.at('coaches')}
        />
      </TitledSection>

      <TitledSection className="section section--tint" titleId="team-roster-title" title="Roster">
        <RosterTable teamKey={teamKey} team={team} />
        <ul className="team-more" role="list">
          <li>
            <SmartLink to={paths.teams()}>All teams and rosters</SmartLink>
          </li>
          {graduated ? (
            <li>
              <SmartLink to={paths.alumni()}>Alumni</SmartLink>
            </li>
          ) : (
            <li>
              <SmartLink to={paths.program(team.programSlug)}>Tryouts and registration</SmartLink>
            </li>
          )}
          <li>
            <SmartLink to={paths.fields('field-status')}>Field status</SmartLink>
          </li>
        </ul>
      </TitledSection>
    </>
  )
}

/** SEO tags for a team page, e.g. 'Big Train 10U Roster | {club short name}'. */
export function teamMeta(teamKey: string, teams: Teams, now?: Date): PageMeta {
  const team = findTeam(teams, teamKey)
  if (!team) {
    return {
      title: pageTitle('Page Not Found'),
      description:
        'We couldn’t find that team. See every team and roster of our youth baseball and softball club.',
    }
  }
  return itemMeta({
    name: `${team.name} Roster`,
    text:
      now && isGraduated(team, now)
        ? `The ${team.name}, a past team of our youth baseball and softball club in Montgomery County and D.C.: its roster and coaches.`
        : `Meet the ${team.name}: the roster, coaches, upcoming games and practices, from our youth baseball and softball club in Montgomery County and D.C.`,
    image: team.heroContent?.imageUrl || team.logoUrl,
  })
}

export default TeamPage
