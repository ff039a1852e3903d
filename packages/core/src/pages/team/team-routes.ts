/*
 * The spec serves team pages at several addresses: /programs/{program}/{team} for Flash and
 * Big Train, /dmv/{year} for the DMV Prospects classes and /team/{teamKey} for any team.
 * These helpers translate between those addresses and keys of the `teams` document.
 */

/** Route parameters a team page may be reached with (react-router's `useParams()` output). */
export type TeamRouteParams = {
  /** `/team/:teamKey` */
  teamKey?: string
  /** `/programs/:program/:team`; `dmv` is accepted for `/dmv/:team`. */
  program?: string
  team?: string
  /** `/dmv/:year` */
  year?: string
}

// Team keys start with the program slug, except Flash, whose keys start with `flash-`.
const KEY_PREFIX: Record<string, string> = {
  'flash-softball': 'flash',
  dmv: 'dmv-prospects',
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function slugOrUndefined(value: string | undefined): string | undefined {
  const normalized = value?.trim().toLowerCase()
  return normalized && normalized.length <= 100 && SLUG.test(normalized) ? normalized : undefined
}

/**
 * The team key a team route names, or `undefined` when the parameters cannot name one (the page
 * then shows not-found). Case is ignored, so `/programs/big-train/10U` works.
 *
 * @example
 * teamKeyFor({ program: 'big-train', team: '10u' }) // 'big-train-10u'
 * teamKeyFor({ program: 'flash-softball', team: '18u' }) // 'flash-18u'
 * teamKeyFor({ year: '2026' }) // 'dmv-prospects-2026'
 * teamKeyFor({ teamKey: 'select-13u' }) // 'select-13u'
 */
export function teamKeyFor(params: TeamRouteParams): string | undefined {
  if (params.teamKey !== undefined) return slugOrUndefined(params.teamKey)
  if (params.year !== undefined) {
    const year = slugOrUndefined(params.year)
    return year ? `dmv-prospects-${year}` : undefined
  }
  const program = slugOrUndefined(params.program)
  const team = slugOrUndefined(params.team)
  if (!program || !team) return undefined
  return `${KEY_PREFIX[program] ?? program}-${team}`
}

/** The fixed team addresses the spec lists, with the team each one shows. */
export const TEAM_ROUTES: readonly { path: string; teamKey: string }[] = [
  { path: '/programs/flash-softball/18u', teamKey: 'flash-18u' },
  { path: '/programs/flash-softball/12u', teamKey: 'flash-12u' },
  { path: '/programs/big-train/10u', teamKey: 'big-train-10u' },
  { path: '/programs/big-train/12u', teamKey: 'big-train-12u' },
  { path: '/programs/big-train/14u', teamKey: 'big-train-14u' },
  { path: '/dmv/2026', teamKey: 'dmv-prospects-2026' },
  { path: '/dmv/2027', teamKey: 'dmv-prospects-2027' },
  { path: '/dmv/2028', teamKey: 'dmv-prospects-2028' },
]

const PATH_BY_KEY = new Map(TEAM_ROUTES.map((route) => [route.teamKey, route.path]))

/**
 * The address pages link to for a team: its program address when the spec lists one, otherwise
 * `/team/{teamKey}` (which serves every team, including ones staff add later).
 *
 * @example
 * teamPathFor('big-train-12u') // '/programs/big-train/12u'
 * teamPathFor('select-13u') // '/team/select-13u'
 */
export function teamPathFor(teamKey: string): string {
  return PATH_BY_KEY.get(teamKey) ?? `/team/${encodeURIComponent(teamKey)}`
}
