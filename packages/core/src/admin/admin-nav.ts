import { EDIT_PREFIX } from '../site/site-paths.ts'

/** One entry of the admin sidebar. */
export type AdminNavItem = {
  label: string
  to: string
  /** Marked current only on its exact path, not on the paths below it. */
  end?: boolean
}

/**
 * Every admin area, in the sidebar's order (spec §2, issue 12).
 */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { label: 'Home', to: '/admin/home' },
  { label: 'Edit site', to: EDIT_PREFIX, end: true },
  { label: 'About editor', to: `${EDIT_PREFIX}/about-editor` },
  { label: 'News', to: '/admin/news' },
  { label: 'Rosters & staff', to: '/admin/rosters-staff' },
  { label: 'Alerts', to: '/admin/alerts' },
  { label: 'Field status', to: '/admin/field-status' },
  { label: 'Communications', to: '/admin/communications' },
  { label: 'Photo library', to: '/admin/photo-library' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Profile', to: '/admin/profile' },
]
