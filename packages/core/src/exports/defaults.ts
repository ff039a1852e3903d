/** The public entry for the built-in sample content and the club's constants. */
export { DEFAULT_CONTENT, defaultFor } from '../defaults/default-content.ts'
export { CLUB } from '../club/club-identity.ts'
export {
  CAMP_PRICES,
  LEGACY_FACTS,
  PROGRAM_FACTS,
  RECREATION_SEASONS,
  ROSTER_SEASON_YEAR,
  RULES_COMMITTEE_SIZE,
  SAMPLE_ALERT_WINDOW,
  SAMPLE_ROSTER,
  TEE_BALL,
  TRYOUT_FEE,
  TRYOUT_FEE_NOTE,
  WEATHER_POLICY,
} from '../club/club-facts.ts'
export { WEATHER_POLICY_SECTIONS } from '../defaults/rules-and-faq-content.ts'
export { IMAGES, SCENE_SIZE } from '../defaults/images.ts'
export { placeholderRoster } from '../defaults/roster.ts'
export { CLUB_DETAILS, isSampleDetail, SAMPLE_DETAILS } from '../defaults/club-details.ts'
