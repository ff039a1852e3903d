import { CLUB } from '../club/club-identity.ts'
import type { StaffMember } from '../entities/staff.ts'
import type { Team } from '../entities/team.ts'
import { paths } from '../routing/public-paths.ts'

const absolute = (siteUrl: string, path: string) =>
  /^https?:\/\//.test(path) ? path : `${siteUrl}${path}`

/**
 * schema.org SportsTeam for a team page: its name, sport, address, logo and coaches, as part of
 * the club. Players are minors: none is named here.
 *
 * @example
 * teamJsonLd(teams['big-train-12u'], staff, 'https://club.example.org')
 */
export function teamJsonLd(
  team: Team,
  staff: readonly StaffMember[],
  siteUrl: string,
): Record<string, unknown> {
  const softball = /softball/.test(team.programSlug)
  const coaches = team.coaches
    .map((id) => staff.find((member) => member.id === id))
    .filter((member): member is StaffMember => member !== undefined)
  const image = team.heroContent?.imageUrl || team.logoUrl
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsTeam',
    name: team.name,
    sport: softball ? 'Softball' : 'Baseball',
    url: absolute(siteUrl, paths.team(team.id)),
    ...(image ? { logo: absolute(siteUrl, image) } : {}),
    ...(coaches.length > 0
      ? { coach: coaches.map((member) => ({ '@type': 'Person', name: member.name })) }
      : {}),
    memberOf: {
      '@type': 'SportsOrganization',
      name: CLUB.name,
      url: absolute(siteUrl, paths.home()),
    },
  }
}
