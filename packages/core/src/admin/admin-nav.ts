import { ADMIN_NAV_EXTRA, ADMIN_SCREENS } from '../routing/admin-screens.ts'
import { ADMIN_PREFIX } from '../routing/admin-paths.ts'
import type { AdminScreen } from '../routing/admin-screens.ts'

/** One entry of the admin sidebar. */
export type AdminNavItem = {
  label: string
  to: string
  /** Marked current only on its exact path, not on the paths below it. */
  end?: boolean
  /** Shown to directors only (issue 34). */
  directorsOnly?: boolean
}

/**
 * Every admin area, in the sidebar's order (spec §2, issue 12), from the list of screens
 * (admin-screens.ts).
 */
export const ADMIN_NAV: readonly AdminNavItem[] = ADMIN_SCREENS.flatMap(
  (screen: AdminScreen): AdminNavItem[] => {
    if (!screen.label) return []
    const item = {
      label: screen.label,
      to: `${ADMIN_PREFIX}/${screen.path.replace(/\/\*$/, '')}`,
      ...(screen.directorsOnly ? { directorsOnly: true } : {}),
    }
    const extra = ADMIN_NAV_EXTRA.filter((entry) => entry.after === screen.label).map(
      ({ label, to, end }) => ({ label, to, end }),
    )
    return [item, ...extra]
  },
)

/**
 * The sidebar a staff member of `role` sees: editors do not see the directors' screens.
 *
 * @example
 * adminNavFor('editor').some((item) => item.label === 'Staff') // false
 */
export function adminNavFor(role: 'director' | 'editor' | null): readonly AdminNavItem[] {
  return role === 'director' ? ADMIN_NAV : ADMIN_NAV.filter((item) => !item.directorsOnly)
}
