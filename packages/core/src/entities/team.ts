import { z } from 'zod'
import {
  idSchema,
  imageSrcOrEmptySchema,
  imageSrcSchema,
  isoDateSchema,
  paragraphsSchema,
  patternString,
  shortTextNamed,
  shortTextSchema,
  slugSchema,
  textSchema,
} from './common.ts'
import { playerSchema } from './player.ts'
import { programSlugSchema } from './program-slug.ts'
import { keyedRecord, uniqueArray, withNeutral } from './tolerance.ts'

/**
 * The teams built into the sample content: the ten the spec lists, then one per recreation age
 * group (the spec lists none, yet families of Tee Ball and recreation players look for theirs).
 */
export const DEFAULT_TEAM_IDS = [
  'dmv-prospects-2026',
  'dmv-prospects-2027',
  'dmv-prospects-2028',
  'big-train-10u',
  'big-train-12u',
  'big-train-14u',
  'flash-12u',
  'flash-18u',
  'select-13u',
  'select-14u',
  'tee-ball-6u',
  'recreation-8u',
  'recreation-10u',
  'recreation-12u',
  'recreation-softball-8u',
  'recreation-softball-10u',
  'recreation-softball-12u',
] as const

/** What a team page says about the team. `highlights` are short plain-text points. */
export const teamPageContentSchema = z.object({
  intro: textSchema,
  highlights: z.array(shortTextSchema).max(50).optional(),
  details: paragraphsSchema.optional(),
})

/** How a roster's names read in public: the whole name, or the first name and an initial. */
export const ROSTER_NAME_STYLES = ['full', 'first-initial'] as const

/**
 * What a team's public roster shows of its players (children's privacy). Each part is optional
 * and falls back to the default for the team's age (see rosterPrivacyFor): under 13U, heights
 * and weights are hidden and names read "Sam R."; from 13U, both show. A malformed value counts
 * as unset, so an older or damaged document still parses.
 */
export const rosterPrivacySchema = z.object({
  showHeightWeight: z.boolean().optional().catch(undefined),
  names: z.enum(ROSTER_NAME_STYLES).optional().catch(undefined),
})

/** An optional hero at the top of a team page. */
export const teamHeroSchema = z.object({
  title: shortTextSchema,
  subtitle: withNeutral(shortTextSchema, ''),
  imageUrl: imageSrcSchema,
})

/** What a schedule entry is: a game, a practice, a tournament or another team event. */
export const SCHEDULE_ENTRY_KINDS = ['game', 'practice', 'tournament', 'event'] as const
/** Whether the team is the home side, the visitor, or neither (tournaments, events). */
export const HOME_AWAY = ['home', 'away', 'neutral'] as const
/** Whether an entry still stands. */
export const SCHEDULE_STATUSES = ['scheduled', 'postponed', 'cancelled'] as const
/** The most players one roster may hold. */
export const MAX_ROSTER = 200

/** The most entries one team's schedule may hold (a long travel season is about 80). */
export const MAX_SCHEDULE_ENTRIES = 200

/**
 * One game, practice, tournament or event on a team's schedule. `date` is the club's local date
 * and `time` its local start time (`3:00 PM`), or `''` while the time is to be announced.
 * `opponent` names the opponent of a game, or the event of a practice, tournament or event.
 * `fieldId` is the id of one of the club's fields (content key `fieldsContent`), or `''` when
 * the entry is elsewhere, in which case `location` says where.
 */
export const scheduleEntrySchema = z.object({
  id: idSchema,
  kind: withNeutral(z.enum(SCHEDULE_ENTRY_KINDS), 'game'),
  date: isoDateSchema,
  time: withNeutral(
    patternString(
      /^(?:(?:1[0-2]|[1-9]):[0-5]\d (?:AM|PM))?$/,
      8,
      'Invalid time (expected e.g. 3:00 PM)',
    ),
    '',
  ),
  durationMinutes: withNeutral(z.int().min(15).max(720), 120),
  opponent: withNeutral(shortTextSchema, ''),
  homeAway: withNeutral(z.enum(HOME_AWAY), 'neutral'),
  fieldId: withNeutral(z.union([idSchema, z.literal('')]), ''),
  location: withNeutral(shortTextSchema, ''),
  status: withNeutral(z.enum(SCHEDULE_STATUSES), 'scheduled'),
  note: withNeutral(shortTextSchema, ''),
  /**
   * `false`: moving, cancelling or re-fielding this game tells no family (issue 33; absent:
   * the followers of the team, its program and the field are told).
   */
  notifyFamilies: z.boolean().optional(),
})

/**
 * A team (spec §3), shown at /team/{id} and at its program's team routes. `coaches` are staff
 * ids (see the `staff` key). Beyond the spec's fields, `programSlug` ties the team to its program
 * and `logoUrl` gives its logo (`''` for the program's). `schedule` (added after the first
 * release, so older stored teams have none) lists its games and practices, unique by id.
 */
export const teamSchema = z.object({
  id: slugSchema,
  name: shortTextNamed('the name'),
  programSlug: programSlugSchema,
  logoUrl: withNeutral(imageSrcOrEmptySchema, ''),
  coaches: z.array(idSchema).max(50),
  roster: uniqueArray(
    playerSchema,
    { id: (player) => player.id },
    MAX_ROSTER,
    (count) => `A roster holds at most ${MAX_ROSTER} players; this one has ${count}.`,
  ),
  teamPageContent: teamPageContentSchema,
  heroContent: teamHeroSchema.optional(),
  rosterPrivacy: rosterPrivacySchema.optional().catch(undefined),
  schedule: uniqueArray(
    scheduleEntrySchema,
    { id: (entry) => entry.id },
    MAX_SCHEDULE_ENTRIES,
  ).optional(),
})

/** All teams (content key `teams`), keyed by team id; each key equals its team's `id`. */
export const teamsSchema = keyedRecord(slugSchema, teamSchema, (team) => team.id)

/** The stored teams' keys (the view `teamKeys`): which teams there are. */
export const teamKeysSchema = z.array(z.string()).max(1000)

/** A team. */
export type Team = z.infer<typeof teamSchema>
/** All teams keyed by id. */
export type Teams = z.infer<typeof teamsSchema>
/** What a team page says about the team. */
export type TeamPageContent = z.infer<typeof teamPageContentSchema>
/** What a team's public roster shows of its players. */
export type RosterPrivacy = z.infer<typeof rosterPrivacySchema>
/** `full` or `first-initial`. */
export type RosterNameStyle = (typeof ROSTER_NAME_STYLES)[number]
/** A team page hero. */
export type TeamHero = z.infer<typeof teamHeroSchema>
/** One game, practice, tournament or event on a team's schedule. */
export type ScheduleEntry = z.infer<typeof scheduleEntrySchema>
/** `game`, `practice`, `tournament` or `event`. */
export type ScheduleEntryKind = (typeof SCHEDULE_ENTRY_KINDS)[number]
/** `home`, `away` or `neutral`. */
export type HomeAway = (typeof HOME_AWAY)[number]
/** `scheduled`, `postponed` or `cancelled`. */
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number]
/** One of the built-in team ids. */
export type DefaultTeamId = (typeof DEFAULT_TEAM_IDS)[number]
