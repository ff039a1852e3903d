import type { StaffMember } from '../../entities/staff.ts'
import { tidyText } from './roster-rules.ts'

/*
 * How the rosters editor names a staff member: the name as typed, tidied, or words that say
 * the card has none yet.
 */

/** On the staff cards' list buttons ("Move J. Whitfield up"). */
export function staffLabel(member: StaffMember): string {
  return tidyText(member.name) || 'new staff member'
}

/** In a team's coaches, where a coach's card may be gone (then named by its id). */
export function staffName(member: StaffMember | undefined, id: string): string {
  if (!member) return `Unknown staff member (${id})`
  return tidyText(member.name) || 'New staff member (no name yet)'
}
