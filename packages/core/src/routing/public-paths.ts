/*
 * The public site's addresses, written once. Every route pattern (`/news-and-updates/:slug`)
 * and every typed path builder (`paths.newsPost(slug)`) is here; nothing else in the source
 * spells a public path. It depends on nothing, so pages, defaults, editors and the build may
 * all use it (the route registry, site/route-registry.ts, adds pages and documents to it).
 */

/** Every public route's pattern; a segment starting with `:` matches any one segment. */
export const ROUTE_PATTERNS = {
  home: '/',
  about: '/about',
  programs: '/programs',
  program: '/programs/:program',
  programTeam: '/programs/:program/:team',
  team: '/team/:teamKey',
  dmvTeam: '/dmv/:year',
  teams: '/teams',
  fields: '/fields',
  schedule: '/schedule',
  rules: '/rules',
  weatherPolicy: '/weather-policy',
  news: '/news-and-updates',
  newsPost: '/news-and-updates/:slug',
  events: '/camps-events',
  event: '/camps-events/:slug',
  alumni: '/alumni',
  sponsors: '/sponsors',
  donate: '/donate',
  contact: '/contact',
  liveUpdates: '/live-updates',
  myAlerts: '/my-alerts',
} as const

/** One public route, by name. */
export type PublicRouteId = keyof typeof ROUTE_PATTERNS

/** Old addresses the site keeps answering (spec §2); the hash is kept. */
export const REDIRECT_PATTERNS = {
  dmv: '/dmv',
  rulesFaq: '/rules-faq',
} as const

const CALENDARS = '/calendars'

/** The segment of an address: encoded, so a stored key can never add a segment. */
const segment = (value: string) => encodeURIComponent(value)

/*
 * Team pages have several addresses (spec §2): /programs/{program}/{team} for Flash and Big
 * Train, /dmv/{year} for the DMV Prospects classes and /team/{teamKey} for any team. Team keys
 * start with the program's slug, except Flash's, which start with `flash-`.
 */
const KEY_PREFIX: Readonly<Record<string, string>> = {
  'flash-softball': 'flash',
  dmv: 'dmv-prospects',
}
/** The programs whose teams are addressed below the program's page. */
const TEAMS_BELOW_PROGRAM = ['flash-softball', 'big-train'] as const
const DMV_PREFIX = 'dmv-prospects-'

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function slugOrUndefined(value: string | undefined): string | undefined {
  const normalized = value?.trim().toLowerCase()
  return normalized && normalized.length <= 100 && SLUG.test(normalized) ? normalized : undefined
}

/** Route parameters a team page may be reached with (react-router's `useParams()` output). */
export type TeamRouteParams = {
  /** `/team/:teamKey` */
  teamKey?: string
  /** `/programs/:program/:team` */
  program?: string
  team?: string
  /** `/dmv/:year` */
  year?: string
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
    return year ? `${DMV_PREFIX}${year}` : undefined
  }
  const program = slugOrUndefined(params.program)
  const team = slugOrUndefined(params.team)
  if (!program || !team) return undefined
  return `${KEY_PREFIX[program] ?? program}-${team}`
}

/**
 * The address pages link to for a team (its canonical address): below its program for Flash
 * and Big Train, `/dmv/{year}` for a DMV Prospects class, otherwise `/team/{teamKey}` (which
 * serves every team, including ones staff add later).
 *
 * @example
 * teamPath('big-train-12u') // '/programs/big-train/12u'
 * teamPath('dmv-prospects-2027') // '/dmv/2027'
 * teamPath('select-13u') // '/team/select-13u'
 */
function teamPath(teamKey: string): string {
  if (teamKey.startsWith(DMV_PREFIX) && teamKey.length > DMV_PREFIX.length)
    return `${REDIRECT_PATTERNS.dmv}/${segment(teamKey.slice(DMV_PREFIX.length))}`
  for (const program of TEAMS_BELOW_PROGRAM) {
    const prefix = `${KEY_PREFIX[program] ?? program}-`
    if (teamKey.startsWith(prefix) && teamKey.length > prefix.length)
      return `${ROUTE_PATTERNS.programs}/${program}/${segment(teamKey.slice(prefix.length))}`
  }
  return `/team/${segment(teamKey)}`
}

/**
 * Typed builders for every public address. Pages, defaults and editors link through these,
 * never through string literals.
 *
 * @example
 * paths.newsPost('spring-registration-is-open') // '/news-and-updates/spring-registration-is-open'
 * paths.fields('field-status') // '/fields#field-status'
 */
export const paths = {
  home: () => ROUTE_PATTERNS.home,
  about: (hash?: string) => withHash(ROUTE_PATTERNS.about, hash),
  programs: (hash?: string) => withHash(ROUTE_PATTERNS.programs, hash),
  program: (slug: string, hash?: string) =>
    withHash(`${ROUTE_PATTERNS.programs}/${segment(slug)}`, hash),
  team: teamPath,
  /** `/team/{key}`: the address that serves any team, whatever its canonical one. */
  teamByKey: (teamKey: string) => `/team/${segment(teamKey)}`,
  teams: (hash?: string) => withHash(ROUTE_PATTERNS.teams, hash),
  fields: (hash?: string) => withHash(ROUTE_PATTERNS.fields, hash),
  schedule: (search?: string) => `${ROUTE_PATTERNS.schedule}${search ? `?${search}` : ''}`,
  rules: (hash?: string) => withHash(ROUTE_PATTERNS.rules, hash),
  weatherPolicy: (hash?: string) => withHash(ROUTE_PATTERNS.weatherPolicy, hash),
  news: () => ROUTE_PATTERNS.news,
  newsPost: (slug: string) => `${ROUTE_PATTERNS.news}/${segment(slug)}`,
  /** The news feed (RSS 2.0). */
  newsFeed: () => `${ROUTE_PATTERNS.news}/feed.xml`,
  events: () => ROUTE_PATTERNS.events,
  event: (slug: string) => `${ROUTE_PATTERNS.events}/${segment(slug)}`,
  alumni: () => ROUTE_PATTERNS.alumni,
  sponsors: (hash?: string) => withHash(ROUTE_PATTERNS.sponsors, hash),
  donate: () => ROUTE_PATTERNS.donate,
  contact: (hash?: string, search?: string) =>
    withHash(`${ROUTE_PATTERNS.contact}${search ? `?${search}` : ''}`, hash),
  liveUpdates: () => ROUTE_PATTERNS.liveUpdates,
  /** "My alerts": families' alert subscriptions, opened with the signed link of an email. */
  myAlerts: () => ROUTE_PATTERNS.myAlerts,
  /** `/rules-faq`, which redirects to the rules (the hash kept). */
  rulesFaq: (hash?: string) => withHash(REDIRECT_PATTERNS.rulesFaq, hash),
  /** `/dmv`, which redirects to the DMV Prospects program. */
  dmv: () => REDIRECT_PATTERNS.dmv,
  /** A team's calendar file. */
  teamCalendar: (fileName: string) => `${CALENDARS}/${segment(fileName)}`,
  /** Every camp, clinic and event as one calendar file. */
  eventsCalendar: () => `${CALENDARS}/events.ics`,
  /** A program's calendar file: every team of it in one feed. */
  programCalendar: (programSlug: string) => `${CALENDARS}/${segment(programSlug)}.ics`,
  /** One camp's or event's calendar file. */
  eventCalendar: (slug: string) => `${CALENDARS}/events/${segment(slug)}.ics`,
} as const

function withHash(path: string, hash: string | undefined): string {
  return hash ? `${path}#${hash}` : path
}

const segments = (path: string) => path.split('/').filter(Boolean)

/**
 * The parameters `path` gives `pattern`, or undefined when it does not match. A trailing
 * slash is ignored; each parameter is decoded.
 *
 * @example
 * matchPattern('/news-and-updates/:slug', '/news-and-updates/tryouts') // { slug: 'tryouts' }
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | undefined {
  const want = segments(pattern)
  const have = segments(path.split(/[?#]/)[0] ?? '')
  if (want.length !== have.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, part] of want.entries()) {
    const value = have[index] ?? ''
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(value)
      } catch {
        return undefined
      }
    } else if (part !== value) return undefined
  }
  return params
}
