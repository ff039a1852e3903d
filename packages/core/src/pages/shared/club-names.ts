import { CLUB } from '../../club/club-identity.ts'

/**
 * The club's names as pages print them. Pages read them here; the site's navigation
 * re-exports them, so the dependency runs one way (site → pages, never back up).
 *
 * @example
 * pageTitle('Rules') // `Rules | ${CLUB_SHORT_NAME}`
 */
export const CLUB_NAME = CLUB.name
/** The name beside the logo in the header, where space is short. */
export const CLUB_SHORT_NAME = CLUB.name.replace(/ Club$/, '')
