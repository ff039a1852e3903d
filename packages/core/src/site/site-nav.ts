import { CLUB } from '../defaults/constants.ts'

/** The main navigation, in the spec's order (§2). */
export const NAV_ITEMS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/programs', label: 'Programs' },
  { to: '/teams', label: 'Teams & Rosters' },
  { to: '/dmv', label: 'DMV Prospects' },
  { to: '/camps-events', label: 'Events' },
  { to: '/alumni', label: 'Alumni' },
  { to: '/fields', label: 'Facilities' },
  { to: '/rules', label: 'Rules' },
  { to: '/weather-policy', label: 'Weather Policy' },
  { to: '/news-and-updates', label: 'News' },
  { to: '/contact', label: 'Contact' },
  { to: '/donate', label: 'Donate' },
  { to: '/sponsors', label: 'Sponsors' },
] as const

export const CLUB_NAME = CLUB.name
/** The name beside the logo in the header, where space is short. */
export const CLUB_SHORT_NAME = CLUB.name.replace(/ Club$/, '')
