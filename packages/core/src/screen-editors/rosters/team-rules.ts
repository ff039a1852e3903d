import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import { staffMemberSchema } from '../../entities/staff.ts'
import type { StaffMember } from '../../entities/staff.ts'
import { teamSchema, teamsSchema } from '../../entities/team.ts'
import type { Team, Teams } from '../../entities/team.ts'
import { schemaError } from '../shared/schema-errors.ts'
import { checkPlayer, tidyText, toPlayerForm } from './roster-rules.ts'
import type { PlayerForm, PlayerErrors } from './roster-rules.ts'
import { slugify, uniqueSlug } from '../../entities/slug.ts'

/*
 * The teams and staff documents as the rosters & staff editor holds them, and the checks run
 * before they are saved. The length limits and their words are the schemas' (entities/team.ts,
 * entities/staff.ts).
 */

/** A team as the editor holds it: its roster as the form's text. */
export type TeamForm = Omit<Team, 'roster'> & { roster: PlayerForm[] }

/** The `teams` document as the editor holds it, keyed by team id. */
export type TeamsForm = Record<string, TeamForm>

/** The problems of one team: its own fields, and each roster entry's by player id. */
export type TeamErrors = {
  name?: string
  roster?: string
  players: Record<string, PlayerErrors>
}

/** The problems of one staff card. */
export type StaffErrors = { name?: string; subtitle?: string }

/**
 * The editor's copy of the stored `teams` document.
 *
 * @example
 * toTeamsForm(teams)['big-train-10u']?.roster[0]?.number // '12'
 */
export function toTeamsForm(teams: Teams): TeamsForm {
  return Object.fromEntries(
    Object.entries(teams).map(([key, team]) => [
      key,
      { ...team, roster: team.roster.map(toPlayerForm) },
    ]),
  )
}

/** How many problems a team has (its own and its players'). */
export function teamProblemCount(errors: TeamErrors | undefined): number {
  if (!errors) return 0
  const own = (errors.name ? 1 : 0) + (errors.roster ? 1 : 0)
  return own + Object.values(errors.players).reduce((sum, e) => sum + Object.keys(e).length, 0)
}

/** The outcome of {@link checkTeams}: the document to store, or the problems by team id. */
export type TeamsCheck =
  { ok: true; teams: Teams } | { ok: false; errors: Record<string, TeamErrors> }

/**
 * Checks every team (a name, no more players than a roster holds, each player by the roster
 * rules) and gives the `teams` document to store: names trimmed, roster entries as stored.
 *
 * @example
 * const checked = checkTeams(teamsForm)
 * if (checked.ok) await onSave({ teams: checked.teams })
 */
export function checkTeams(teamsForm: TeamsForm): TeamsCheck {
  const errors: Record<string, TeamErrors> = {}
  const teams: Teams = {}
  for (const [key, team] of Object.entries(teamsForm)) {
    const found: TeamErrors = { players: {} }
    const name = tidyText(team.name)
    const tooLong = schemaError(teamSchema.shape.name, name)
    if (name === '') found.name = 'Give the team a name.'
    else if (tooLong) found.name = tooLong
    // Only the roster's own limit: its entries are checked one by one below.
    const tooMany = schemaError(teamSchema.shape.roster, team.roster, { only: ['too_big'] })
    if (tooMany) found.roster = tooMany
    const roster = team.roster.flatMap((entry) => {
      const checked = checkPlayer(entry)
      if (checked.ok) return [checked.player]
      found.players[entry.id] = checked.errors
      return []
    })
    if (teamProblemCount(found) > 0) errors[key] = found
    else teams[key] = { ...team, name, roster }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  const parsed = teamsSchema.safeParse(teams)
  if (parsed.success) return { ok: true, teams: parsed.data }
  // The checks above mirror the schema; what is left is a stored id or address gone bad.
  const [first] = parsed.error.issues
  const key = String(first?.path[0] ?? Object.keys(teamsForm)[0] ?? '')
  return {
    ok: false,
    errors: {
      [key]: {
        players: {},
        roster: `This team cannot be stored as it is (${first?.message ?? 'invalid'}). Discard the changes and try again.`,
      },
    },
  }
}

/**
 * A slug for a new team from its name, unique among `taken`: `Select 15U` → `select-15u`, then
 * `select-15u-2`. It becomes the team's page address (/team/{id}) and never changes after.
 *
 * @example
 * newTeamId('Big Train 16U', new Set(['big-train-16u'])) // 'big-train-16u-2'
 */
export function newTeamId(name: string, taken: ReadonlySet<string>): string {
  return uniqueSlug(slugify(name, 80) || 'team', taken)
}

/**
 * A new team with no coaches and an empty roster.
 *
 * @example
 * newTeam({ id: 'select-15u', name: 'Select 15U', programSlug: 'select' })
 */
export function newTeam({
  id,
  name,
  programSlug,
}: {
  id: string
  name: string
  programSlug: ProgramSlug
}): TeamForm {
  return {
    id,
    name: tidyText(name),
    programSlug,
    logoUrl: '',
    coaches: [],
    roster: [],
    teamPageContent: { intro: '' },
  }
}

/** True when `value` is one of the club's program slugs. */
export function isProgram(value: string): value is ProgramSlug {
  return (PROGRAM_SLUGS as readonly string[]).includes(value)
}

/**
 * The problems of each staff card by id: a name, within the entity's length; the role line
 * within its length.
 *
 * @example
 * checkStaff([{ id: 'x', name: ' ', subtitle: '', imageUrl: '' }]) // { x: { name: 'Give the staff member a name.' } }
 */
export function checkStaff(staff: readonly StaffMember[]): Record<string, StaffErrors> {
  const errors: Record<string, StaffErrors> = {}
  for (const member of staff) {
    const found: StaffErrors = {}
    const name = tidyText(member.name)
    const tooLong = schemaError(staffMemberSchema.shape.name, name)
    const subtitle = schemaError(staffMemberSchema.shape.subtitle, tidyText(member.subtitle))
    if (name === '') found.name = 'Give the staff member a name.'
    else if (tooLong) found.name = tooLong
    if (subtitle) found.subtitle = subtitle
    if (Object.keys(found).length > 0) errors[member.id] = found
  }
  return errors
}

/** The staff document as stored: names and role lines trimmed. */
export function cleanStaff(staff: readonly StaffMember[]): StaffMember[] {
  return staff.map((member) => ({
    ...member,
    name: tidyText(member.name),
    subtitle: tidyText(member.subtitle),
  }))
}

/**
 * The teams with the given staff ids taken off their coaches, and the names of the teams that
 * changed (for the editor to say so).
 *
 * @example
 * withoutCoaches(teams, new Set(['coach-doyle'])).changed // ['Big Train 10U']
 */
export function withoutCoaches(
  teams: TeamsForm,
  ids: ReadonlySet<string>,
): { teams: TeamsForm; changed: string[] } {
  const changed: string[] = []
  const next = Object.fromEntries(
    Object.entries(teams).map(([key, team]) => {
      if (!team.coaches.some((id) => ids.has(id))) return [key, team]
      changed.push(team.name)
      return [key, { ...team, coaches: team.coaches.filter((id) => !ids.has(id)) }]
    }),
  )
  return { teams: next, changed }
}

/** The teams each staff member coaches, by staff id, in the document's order. */
export function coachedTeams(teams: TeamsForm): Map<string, string[]> {
  const byStaff = new Map<string, string[]>()
  for (const team of Object.values(teams)) {
    for (const id of new Set(team.coaches)) byStaff.set(id, [...(byStaff.get(id) ?? []), team.name])
  }
  return byStaff
}
