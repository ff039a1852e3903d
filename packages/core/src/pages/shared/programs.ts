import { PROGRAM_FACTS } from '../../club/club-facts.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import type { Team, Teams } from '../../entities/team.ts'

/** True when `slug` names one of the club's programs. */
export function isProgramSlug(slug: string): slug is ProgramSlug {
  return (PROGRAM_SLUGS as readonly string[]).includes(slug)
}

/**
 * A program's built-in name, for labels on pages that do not receive the programs document
 * (teams and team pages). Program pages show the editable name instead.
 */
export function programLabel(slug: ProgramSlug): string {
  return PROGRAM_FACTS[slug].name
}

/** A team with its key in the `teams` document. */
export type KeyedTeam = { key: string; team: Team }

/** The teams of one program, in the order the `teams` document holds them. */
export function teamsOfProgram(teams: Teams, slug: ProgramSlug): KeyedTeam[] {
  return Object.entries(teams)
    .filter(([, team]) => team.programSlug === slug)
    .map(([key, team]) => ({ key, team }))
}
