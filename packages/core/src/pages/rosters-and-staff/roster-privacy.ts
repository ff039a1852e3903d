import type { RosterNameStyle, Team } from '../../entities/team.ts'

/** The age below which rosters hide heights and weights and shorten names by default. */
export const PRIVATE_ROSTER_BELOW_AGE = 13

/** The age group a team's name or id carries ("Flash 12U" → 12), if any. */
export function teamAge(team: Pick<Team, 'id' | 'name'>): number | undefined {
  const match = /\b(\d{1,2})\s*U\b/i.exec(team.name) ?? /(?:^|-)(\d{1,2})u(?:-|$)/i.exec(team.id)
  return match ? Number(match[1]) : undefined
}

/** What a team's public roster shows: its own setting, else the default for its age. */
export function rosterPrivacyFor(team: Pick<Team, 'id' | 'name' | 'rosterPrivacy'>): {
  showHeightWeight: boolean
  names: RosterNameStyle
} {
  const age = teamAge(team)
  const young = age !== undefined && age < PRIVATE_ROSTER_BELOW_AGE
  return {
    showHeightWeight: team.rosterPrivacy?.showHeightWeight ?? !young,
    names: team.rosterPrivacy?.names ?? (young ? 'first-initial' : 'full'),
  }
}

/**
 * A player's name as the roster shows it: whole, or the first name and the last name's
 * initial ("Sam Rivera" → "Sam R."). A single name stays as it is.
 */
export function rosterName(name: string, style: RosterNameStyle): string {
  if (style === 'full') return name
  const parts = name.trim().split(/\s+/)
  const first = parts[0] ?? ''
  const last = parts.length > 1 ? parts.at(-1) : undefined
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first
}
