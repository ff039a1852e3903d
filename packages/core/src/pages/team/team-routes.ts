/*
 * The spec serves team pages at several addresses: /programs/{program}/{team} for Flash and Big
 * Train, /dmv/{year} for the DMV Prospects classes and /team/{teamKey} for any team. The rules
 * live with every other public address in routing/public-paths.ts.
 */
import { paths } from '../../routing/public-paths.ts'

export { teamKeyFor } from '../../routing/public-paths.ts'
export type { TeamRouteParams } from '../../routing/public-paths.ts'

/**
 * The address pages link to for a team: {@link paths.team}.
 *
 * @example
 * teamPathFor('big-train-12u') // '/programs/big-train/12u'
 * teamPathFor('select-13u') // '/team/select-13u'
 */
export const teamPathFor = paths.team
