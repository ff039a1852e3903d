/*
 * The content keys, kept free of zod so that the browser's first bundle can know them
 * without the schemas (see content/lazy-entities-catalog.ts).
 */

/** Keys loaded first, in one request, before anything else (spec §3). */
export const VITAL_KEYS = ['content', 'alerts', 'newsPosts', 'legacyStats'] as const

/** Keys loaded in the background about a second later, in the spec's order. */
export const BACKGROUND_KEYS = [
  'photoLibrary',
  'aboutContent',
  'clinics',
  'teams',
  'alumni',
  'programsContent',
  'programCards',
  'fieldsContent',
  'quickLinks',
  'rulesAndFaqContent',
  'staff',
  'adminSettings',
  'adminProfile',
  'adminReminders',
] as const

/** Every fixed content key: the vital ones, then the background ones. */
export const CONTENT_KEYS = [...VITAL_KEYS, ...BACKGROUND_KEYS] as const

/**
 * Each news post is a document of its own, `news/<post id>` (one row each in the database,
 * supabase/migrations/*_news_posts_as_rows.sql): read one at a time, by the page that shows it.
 */
const NEWS_POST_KEY = /^news\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** The document key of the news post with this id. */
export function newsPostKey(id: string): `news/${string}` {
  return `news/${id}`
}

/** True for a news post's key (`news/<post id>`). */
export function isNewsPostKey(key: unknown): key is `news/${string}` {
  return typeof key === 'string' && NEWS_POST_KEY.test(key)
}

/**
 * What the database derives from `teams` for the pages that show teams
 * (supabase/migrations/*_team_views.sql), each from the public form and read by the page that
 * shows it: a team page's team (`team/<team id>`), /teams's rosters (`teamRosters`),
 * /schedule's schedules (`teamSchedules`), the teams' names (`teamNames`) and keys
 * (`teamKeys`: which teams there are, for a team page). Nobody saves them: staff edit `teams`.
 */
export const TEAM_VIEW_KEYS = ['teamRosters', 'teamSchedules', 'teamNames', 'teamKeys'] as const

const TEAM_PAGE_KEY = /^team\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/
const teamViews: ReadonlySet<string> = new Set(TEAM_VIEW_KEYS)

/** The key of the row a team's page reads: `team/<team id>`. */
export function teamPageKey(id: string): `team/${string}` {
  return `team/${id}`
}

/** True for a team page's row (`team/<team id>`). */
export function isTeamPageKey(key: unknown): key is `team/${string}` {
  return typeof key === 'string' && TEAM_PAGE_KEY.test(key)
}

/** True for a row the database derives from `teams` for a page: see {@link TEAM_VIEW_KEYS}. */
export function isTeamViewKey(
  key: unknown,
): key is (typeof TEAM_VIEW_KEYS)[number] | `team/${string}` {
  return isTeamPageKey(key) || (typeof key === 'string' && teamViews.has(key))
}

/**
 * A team page's coaches (supabase/migrations/*_team_coaches.sql): the `staff` members its team's
 * `coaches` list names, in that order, each once, as cards of `staff` (`coaches/<team id>`). The
 * database derives it from two documents, `teams` and `staff`, while both are stored; without it
 * a team page shows its coaches from `staff` whole, as it did before. Nobody saves it: staff edit
 * `staff` (the cards) and `teams` (which coaches), and it is named after `staff`.
 */
const TEAM_COACHES_KEY = /^coaches\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** The key of a team page's coaches row: `coaches/<team id>`. */
export function teamCoachesKey(id: string): `coaches/${string}` {
  return `coaches/${id}`
}

/** True for a team page's coaches row (`coaches/<team id>`). */
export function isTeamCoachesKey(key: unknown): key is `coaches/${string}` {
  return typeof key === 'string' && TEAM_COACHES_KEY.test(key)
}

/**
 * What the database derives from the home document, the fields, the programs and the events for
 * the pages that show a part of them (supabase/migrations/*_derived_views.sql,
 * *_event_views.sql, *_footer_registrations_fields.sql), by the document each is made from: every
 * page's footer shows the club's social links and contact details (`siteFooter`, from
 * `content`: every page but home, /donate and /sponsors, which show the home document); every
 * page's alerts bar shows the posting times (`weatherPostingTimes`); every page's header each
 * program's registration alone (`programRegistrations`: its Register button); a team page and /schedule
 * the fields where games are played (`fieldList`: the fields alone, without the Facilities
 * page's text, slider and posting times); the header, /programs and /contact each program's name, fees,
 * registration and eligibility (`programSummaries`); a program's page its program
 * (`program/<slug>`); /camps-events and home the events' cards (`eventCards`, no descriptions);
 * an event's page its event (`event/<slug>`) and which events there are (`eventSlugs`: a row
 * that is missing reads as the built-in one, so a removed event's page must not show its
 * sample). Nobody saves them: staff edit the source.
 */
export const CONTENT_VIEW_SOURCES = {
  siteFooter: 'content',
  weatherPostingTimes: 'fieldsContent',
  fieldList: 'fieldsContent',
  programSummaries: 'programsContent',
  programRegistrations: 'programsContent',
  eventCards: 'clinics',
  eventSlugs: 'clinics',
} as const

/** The derived rows of {@link CONTENT_VIEW_SOURCES} with a fixed key. */
export const CONTENT_VIEW_KEYS = Object.keys(CONTENT_VIEW_SOURCES) as readonly (
  | 'siteFooter'
  | 'weatherPostingTimes'
  | 'fieldList'
  | 'programSummaries'
  | 'programRegistrations'
  | 'eventCards'
  | 'eventSlugs'
)[]

const PROGRAM_PAGE_KEY = /^program\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** The key of the row a program's page reads: `program/<slug>`. */
export function programPageKey(slug: string): `program/${string}` {
  return `program/${slug}`
}

/** True for a program page's row (`program/<slug>`). */
export function isProgramPageKey(key: unknown): key is `program/${string}` {
  return typeof key === 'string' && PROGRAM_PAGE_KEY.test(key)
}

const EVENT_PAGE_KEY = /^event\/[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** The key of the row an event's page reads: `event/<slug>`. */
export function eventPageKey(slug: string): `event/${string}` {
  return `event/${slug}`
}

/** True for an event page's row (`event/<slug>`). */
export function isEventPageKey(key: unknown): key is `event/${string}` {
  return typeof key === 'string' && EVENT_PAGE_KEY.test(key)
}

/**
 * True for a row the database derives from the home document, the fields, the programs or the
 * events: see
 * {@link CONTENT_VIEW_SOURCES}.
 */
export function isContentViewKey(
  key: unknown,
): key is keyof typeof CONTENT_VIEW_SOURCES | `program/${string}` | `event/${string}` {
  return (
    isProgramPageKey(key) ||
    isEventPageKey(key) ||
    (typeof key === 'string' && Object.hasOwn(CONTENT_VIEW_SOURCES, key))
  )
}

/**
 * The document a derived row is made from (public.derived_content_source), or undefined for a
 * document staff save: what an editing path reads instead, and what a change of it is named.
 *
 * @example
 * viewSourceOf('program/select') // 'programsContent'
 * viewSourceOf('teamNames') // 'teams'
 * viewSourceOf('coaches/flash-12u') // 'staff'
 */
export function viewSourceOf(
  key: unknown,
): 'teams' | 'staff' | 'content' | 'fieldsContent' | 'programsContent' | 'clinics' | undefined {
  if (isTeamViewKey(key)) return 'teams'
  if (isTeamCoachesKey(key)) return 'staff'
  if (isProgramPageKey(key)) return 'programsContent'
  if (isEventPageKey(key)) return 'clinics'
  if (typeof key === 'string' && Object.hasOwn(CONTENT_VIEW_SOURCES, key))
    return CONTENT_VIEW_SOURCES[key as keyof typeof CONTENT_VIEW_SOURCES]
  return undefined
}

/**
 * True for a document read only by the page that shows it, beside the fixed keys' reads: a news
 * post, or a row the database derives (a view of the teams, a team's coaches, the fields, the
 * programs or the events).
 */
export function isItemKey(
  key: unknown,
): key is
  | `news/${string}`
  | (typeof TEAM_VIEW_KEYS)[number]
  | `team/${string}`
  | `coaches/${string}`
  | keyof typeof CONTENT_VIEW_SOURCES
  | `program/${string}`
  | `event/${string}` {
  return isNewsPostKey(key) || isTeamViewKey(key) || isTeamCoachesKey(key) || isContentViewKey(key)
}

const KEY_SET: ReadonlySet<string> = new Set(CONTENT_KEYS)

/** True when `key` names a content document (the one check: the edit bar needs no schema for it). */
export function isContentKey(key: unknown): key is (typeof CONTENT_KEYS)[number] {
  return typeof key === 'string' && KEY_SET.has(key)
}

/**
 * Keys that no public page shows: the photo library, the notification settings, the
 * director's profile and the reminders (and news posts not published yet, by row). The database lets only staff read
 * them (`public.is_public_content_key` in supabase/migrations), so a visitor never asks
 * for them; a signed-in session reads them once the signed-in area opens.
 */
export const STAFF_ONLY_KEYS = [
  'photoLibrary',
  'adminSettings',
  'adminProfile',
  'adminReminders',
] as const

type StaffOnlyKey = (typeof STAFF_ONLY_KEYS)[number]
const staffOnly = new Set<string>(STAFF_ONLY_KEYS)

/** True for a key that only staff may read. */
export function isStaffOnlyKey(key: string): key is StaffOnlyKey {
  return staffOnly.has(key)
}

/** The background keys a visitor's page reads: the 14 of the spec less the staff-only ones. */
export const PUBLIC_BACKGROUND_KEYS = BACKGROUND_KEYS.filter(
  (key): key is Exclude<(typeof BACKGROUND_KEYS)[number], StaffOnlyKey> => !isStaffOnlyKey(key),
)

/** Every key a visitor may read (the database's allow-list says the same). */
export const PUBLIC_CONTENT_KEYS = [...VITAL_KEYS, ...PUBLIC_BACKGROUND_KEYS] as const

/** True for any stored document's key: a fixed one, a news post's or a derived row's. */
export function isDocumentKey(
  key: unknown,
): key is
  | (typeof CONTENT_KEYS)[number]
  | `news/${string}`
  | (typeof TEAM_VIEW_KEYS)[number]
  | `team/${string}`
  | `coaches/${string}`
  | keyof typeof CONTENT_VIEW_SOURCES
  | `program/${string}`
  | `event/${string}` {
  return isContentKey(key) || isItemKey(key)
}
