import type { StaffMember } from '../../entities/staff.ts'

/** A staff member found by id, with its position in the `staff` document (for edit paths). */
export type ResolvedStaff = { member: StaffMember; index: number }

/**
 * Looks staff ids up in the `staff` document, in the order given. Unknown ids (a coach removed
 * from staff but still named on a team) are skipped, and an id listed twice shows once.
 */
export function resolveStaff(
  ids: readonly string[],
  staff: readonly StaffMember[],
): ResolvedStaff[] {
  const byId = new Map<string, ResolvedStaff>()
  staff.forEach((member, index) => {
    if (!byId.has(member.id)) byId.set(member.id, { member, index })
  })
  const seen = new Set<string>()
  const out: ResolvedStaff[] = []
  for (const id of ids) {
    const found = byId.get(id)
    if (found && !seen.has(id)) {
      seen.add(id)
      out.push(found)
    }
  }
  return out
}
