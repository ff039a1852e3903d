import type { Team } from '../../entities/team.ts'
import { rosterPrivacyFor } from '../../pages/rosters-and-staff/roster-privacy.ts'
import { tidyText } from './roster-rules.ts'

/** A roster entry as stored (a Player) or as the form holds it (a PlayerForm). */
export type MovablePlayer = { id: string; name: string; number: string | number | null }
/** A team with such a roster: a stored Team or a TeamForm. */
export type MovableTeam<P extends MovablePlayer = MovablePlayer> = Pick<
  Team,
  'id' | 'name' | 'rosterPrivacy'
> & { roster: readonly P[] }

/** A player's number as text ('' when none). */
export const numberOf = (player: MovablePlayer) => tidyText(String(player.number ?? ''))

/** What the public roster would newly show of a player moved between two teams. */
export type Exposure = 'full name' | 'height and weight'

/** What moving a player to a team would do, for the move dialog to say before it happens. */
export type MovePlan<P extends MovablePlayer = MovablePlayer> = {
  player: P
  from: MovableTeam<P>
  to: MovableTeam<P>
  /** The players of the other team who already wear the moved player's number. */
  clashesWith: P[]
  /** What visitors would see of the player on the new team that the old one hides. */
  exposes: Exposure[]
}

/**
 * What moving `playerId` from `fromKey` to `toKey` would do; undefined when either team or
 * the player is not in the values, or the teams are one.
 */
export function planMove<P extends MovablePlayer>(
  teams: Readonly<Record<string, MovableTeam<P>>>,
  fromKey: string,
  playerId: string,
  toKey: string,
): MovePlan<P> | undefined {
  const from = teams[fromKey]
  const to = teams[toKey]
  const player = from?.roster.find((p) => p.id === playerId)
  if (!from || !to || !player || fromKey === toKey) return undefined
  const number = numberOf(player)
  const clashesWith = number === '' ? [] : to.roster.filter((other) => numberOf(other) === number)
  const before = rosterPrivacyFor(from)
  const after = rosterPrivacyFor(to)
  const exposes: Exposure[] = []
  if (before.names !== 'full' && after.names === 'full') exposes.push('full name')
  if (!before.showHeightWeight && after.showHeightWeight) exposes.push('height and weight')
  return { player, from, to, clashesWith, exposes }
}

/**
 * The teams with the player moved: taken off the old roster and added at the end of the new
 * one with every field as it was (its id too, unless the new roster already uses it).
 */
export function movePlayer<P extends MovablePlayer, T extends MovableTeam<P>>(
  teams: Readonly<Record<string, T>>,
  fromKey: string,
  playerId: string,
  toKey: string,
  newId: () => string,
): Record<string, T> {
  const from = teams[fromKey]
  const to = teams[toKey]
  const player = from?.roster.find((p) => p.id === playerId)
  if (!from || !to || !player || fromKey === toKey) return teams
  let id = player.id
  while (to.roster.some((other) => other.id === id)) id = newId()
  return {
    ...teams,
    [fromKey]: { ...from, roster: from.roster.filter((p) => p.id !== playerId) },
    [toKey]: { ...to, roster: [...to.roster, { ...player, id }] },
  }
}
