import type { ContentKey } from '../entities/content-keys.ts'
import { ADMIN_PREFIX, EDIT_SEGMENT } from './admin-paths.ts'

/*
 * IMPORTANT: the one list of the admin area's screens. The `AdminArea` type (admin-area.tsx),
 * the routes (admin-routes.tsx), the sidebar (admin-nav.ts), each screen's address and head
 * (screenAddress), the history's links (historyAddress) and the end-to-end tests' list of
 * screens all come from it. Plain data below the layers that link to a screen: it may sit in
 * a first bundle.
 */

/** One admin screen. */
export type AdminScreen = {
  /** The screen's component in the admin area (a key of `AdminArea`). */
  readonly part: string
  /** Its route below /admin (react-router pattern; `/*` for screens with addresses below). */
  readonly path: string
  /** Its label in the sidebar; none: reached from other screens only. */
  readonly label?: string
  /** An address that opens it, for the tests (a pattern with parameters filled in). */
  readonly example?: string
  /** The content it edits, whose history (and presence) the shell offers above it. */
  readonly content?: readonly ContentKey[]
  /**
   * Only directors open it (issue 34): editors do not see it in the sidebar, and the shell
   * shows them why instead. The database refuses their writes either way.
   */
  readonly directorsOnly?: boolean
}

/**
 * The screens, in the sidebar's order (spec §2, issue 12). "Edit site" (the public pages in
 * edit mode) sits second in the sidebar but is not a screen of the admin shell: see
 * {@link ADMIN_NAV_EXTRA}.
 */
export const ADMIN_SCREENS = [
  // The home screen's form is the reminders list.
  { part: 'AdminHomeRoute', path: 'home', label: 'Home', content: ['adminReminders'] },
  // The About editor sits under /admin/edit (spec §2) but is an admin screen, not a public
  // page in edit mode.
  {
    part: 'AboutEditorRoute',
    path: `${EDIT_SEGMENT}/about-editor`,
    label: 'About editor',
    content: ['aboutContent'],
  },
  { part: 'NewsEditorRoute', path: 'news/*', label: 'News', content: ['newsPosts'] },
  {
    part: 'RostersStaffRoute',
    path: 'rosters-staff',
    label: 'Rosters & staff',
    content: ['teams', 'staff'],
  },
  { part: 'AlertsRoute', path: 'alerts', label: 'Alerts', content: ['alerts'] },
  {
    part: 'FieldStatusRoute',
    path: 'field-status',
    label: 'Field status',
    content: ['fieldsContent', 'alerts'],
  },
  // The announcement composer saves a news post and its alert.
  {
    part: 'CommunicationsRoute',
    path: 'communications/*',
    label: 'Communications',
    content: ['newsPosts', 'alerts'],
  },
  {
    part: 'PhotoLibraryRoute',
    path: 'photo-library',
    label: 'Photo library',
    content: ['photoLibrary'],
  },
  // Who is staff, their roles and invitations (directors only, like Settings, whose document
  // only directors may write).
  { part: 'StaffRoute', path: 'staff', label: 'Staff', directorsOnly: true },
  {
    part: 'SettingsRoute',
    path: 'settings',
    label: 'Settings',
    content: ['adminSettings'],
    directorsOnly: true,
  },
  {
    part: 'ProfileRoute',
    path: 'profile',
    label: 'Profile',
    // Every staff member's own sign-in (two-factor); the club's contact details (the
    // `adminProfile` document, which only directors may write) for directors only.
    content: ['adminProfile'],
  },
  { part: 'HistoryRoute', path: 'history/:key', example: 'history/alerts' },
] as const satisfies readonly AdminScreen[]

/** The component name of each admin screen. */
export type AdminScreenPart = (typeof ADMIN_SCREENS)[number]['part']

/** A screen's route below /admin without its `/*`: `news/*` → `news`. */
const ownPath = (screen: AdminScreen) => screen.path.replace(/\/\*$/, '')

/**
 * The address of a screen (with `below`, an address under it), from its route.
 *
 * @example
 * screenAddress('AlertsRoute') // '/admin/alerts'
 * screenAddress('NewsEditorRoute', 'new') // '/admin/news/new'
 */
export function screenAddress(
  part: Exclude<AdminScreenPart, 'HistoryRoute'>,
  below?: string,
): string {
  const screen = ADMIN_SCREENS.find((candidate: AdminScreen) => candidate.part === part)
  if (!screen) throw new Error(`no admin screen ${part}`)
  return `${ADMIN_PREFIX}/${ownPath(screen)}${below ? `/${below}` : ''}`
}

/**
 * The history screen of one content key (the HistoryRoute's `history/:key`).
 *
 * @example
 * historyAddress('alerts') // '/admin/history/alerts'
 */
export function historyAddress(key: string): string {
  const history = ADMIN_SCREENS.find((screen: AdminScreen) => screen.part === 'HistoryRoute')
  if (!history) throw new Error('no history screen')
  return `${ADMIN_PREFIX}/${history.path.replace(':key', encodeURIComponent(key))}`
}

/** The sidebar entries that are not screens of the shell, with the label they follow. */
export const ADMIN_NAV_EXTRA = [
  { after: 'Home', label: 'Edit site', to: `${ADMIN_PREFIX}/${EDIT_SEGMENT}`, end: true },
] as const

/**
 * An address that opens each screen, in the sidebar's order: what the tests visit.
 *
 * @example
 * adminScreenPaths()[0] // '/admin/home'
 */
export function adminScreenPaths(): string[] {
  return ADMIN_SCREENS.map(
    (screen: AdminScreen) => `${ADMIN_PREFIX}/${screen.example ?? ownPath(screen)}`,
  )
}

/**
 * The screen shown at an admin address, by its route (a `/*` screen covers the addresses
 * below it); undefined for the public pages in edit mode and unknown addresses.
 *
 * @example
 * adminScreenAt('/admin/news/abc')?.label // 'News'
 */
export function adminScreenAt(pathname: string): AdminScreen | undefined {
  const prefix = `${ADMIN_PREFIX}/`
  if (!pathname.startsWith(prefix)) return undefined
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '')
  return ADMIN_SCREENS.find((screen: AdminScreen) => {
    const pattern = screen.path
      .split('/')
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part))
      .join('/')
      .replace(/\/\.\*$/, '(?:/.*)?')
    return new RegExp(`^${pattern}$`).test(rest)
  })
}
