import type { z } from 'zod'
import {
  isEventPageKey,
  isNewsPostKey,
  isProgramPageKey,
  isTeamCoachesKey,
  isTeamPageKey,
  isTeamViewKey,
} from './content-key-list.ts'
import { aboutContentSchema, type AboutContent } from './about-content.ts'
import { adminProfileSchema, type AdminProfile } from './admin-profile.ts'
import { adminRemindersSchema, type AdminReminder } from './admin-reminder.ts'
import { adminSettingsSchema, type AdminSettings } from './admin-settings.ts'
import { alertsSchema, type Alert } from './alert.ts'
import { alumniSchema, type Alumni } from './alumni.ts'
import { clinicSchema, clinicsSchema, eventSlugsSchema, type Clinic } from './clinic.ts'
import {
  fieldListSchema,
  fieldsContentSchema,
  weatherPostingTimesSchema,
  type Field,
  type FieldsContent,
  type WeatherPostingTimes,
} from './fields-content.ts'
import {
  homeContentSchema,
  siteFooterSchema,
  type HomeContent,
  type SiteFooterContent,
} from './home-content.ts'
import { legacyStatsSchema, type LegacyStat } from './legacy-stat.ts'
import {
  newsPostsSchema,
  storedNewsPostSchema,
  type NewsPost,
  type StoredNewsPost,
} from './news-post.ts'
import { photoLibrarySchema, type PhotoLibrary } from './photo-library.ts'
import { programCardsSchema, type ProgramCard } from './program-card.ts'
import {
  programPageSchema,
  programRegistrationsSchema,
  programsContentSchema,
  programSummariesSchema,
  type ProgramPage,
  type ProgramRegistrationRows,
  type ProgramsContent,
  type ProgramSummaries,
} from './program-content.ts'
import { quickLinksSchema, type QuickLink } from './quick-link.ts'
import { rulesAndFaqContentSchema, type RulesAndFaqContent } from './rules-and-faq.ts'
import { staffSchema, type StaffMember } from './staff.ts'
import { teamKeysSchema, teamSchema, teamsSchema, type Team, type Teams } from './team.ts'

import type {
  BACKGROUND_KEYS,
  CONTENT_KEYS,
  CONTENT_VIEW_KEYS,
  TEAM_VIEW_KEYS,
  VITAL_KEYS,
} from './content-key-list.ts'

export {
  BACKGROUND_KEYS,
  CONTENT_KEYS,
  CONTENT_VIEW_KEYS,
  CONTENT_VIEW_SOURCES,
  eventPageKey,
  isContentViewKey,
  isEventPageKey,
  isProgramPageKey,
  isTeamCoachesKey,
  programPageKey,
  teamCoachesKey,
  viewSourceOf,
  isContentKey,
  isDocumentKey,
  isItemKey,
  isNewsPostKey,
  isTeamPageKey,
  isTeamViewKey,
  newsPostKey,
  TEAM_VIEW_KEYS,
  teamPageKey,
  isStaffOnlyKey,
  PUBLIC_BACKGROUND_KEYS,
  PUBLIC_CONTENT_KEYS,
  STAFF_ONLY_KEYS,
  VITAL_KEYS,
} from './content-key-list.ts'

/** The key of one of the site's fixed content documents. */
export type ContentKey = (typeof CONTENT_KEYS)[number]
/** The key of one news post's document: `news/<post id>`. */
export type NewsPostKey = `news/${string}`
/** The key of the row a team page reads: `team/<team id>` (see teamPageKey). */
export type TeamPageKey = `team/${string}`
/** The key of a team page's coaches row: `coaches/<team id>` (see teamCoachesKey). */
export type TeamCoachesKey = `coaches/${string}`
/** The key of a view of the teams the database derives for a page (see TEAM_VIEW_KEYS). */
export type TeamViewKey = (typeof TEAM_VIEW_KEYS)[number] | TeamPageKey
/** The key of the row a program's page reads: `program/<slug>` (see programPageKey). */
export type ProgramPageKey = `program/${string}`
/** The key of the row an event's page reads: `event/<slug>` (see eventPageKey). */
export type EventPageKey = `event/${string}`
/**
 * The key of a row the database derives from the home document, the fields, the programs or
 * the events (see CONTENT_VIEW_SOURCES).
 */
export type ContentViewKey = (typeof CONTENT_VIEW_KEYS)[number] | ProgramPageKey | EventPageKey
/** The key of any stored content document: a fixed one, a news post's or a derived row's. */
export type DocumentKey = ContentKey | NewsPostKey | TeamViewKey | TeamCoachesKey | ContentViewKey
/** A key loaded first. */
export type VitalKey = (typeof VITAL_KEYS)[number]
/** A key loaded in the background. */
export type BackgroundKey = (typeof BACKGROUND_KEYS)[number]

/** The document stored under each content key. */
export interface ContentDocuments {
  content: HomeContent
  alerts: Alert[]
  newsPosts: NewsPost[]
  legacyStats: LegacyStat[]
  photoLibrary: PhotoLibrary
  aboutContent: AboutContent
  clinics: Clinic[]
  teams: Teams
  alumni: Alumni
  programsContent: ProgramsContent
  programCards: ProgramCard[]
  fieldsContent: FieldsContent
  quickLinks: QuickLink[]
  rulesAndFaqContent: RulesAndFaqContent
  staff: StaffMember[]
  adminSettings: AdminSettings
  adminProfile: AdminProfile
  adminReminders: AdminReminder[]
  /** One news post, stored alone (`news/<id>`: see newsPostKey). */
  [key: NewsPostKey]: StoredNewsPost
  /** Every team with its coaches and roster, no schedule or page text (/teams). */
  teamRosters: Teams
  /** Every team with its schedule, no roster or coaches (/schedule). */
  teamSchedules: Teams
  /** Every team's id, name, program and logo (the pages that name teams). */
  teamNames: Teams
  /** The teams' keys, in code-point order (a team page: which teams there are). */
  teamKeys: string[]
  /** One team as its page shows it (`team/<id>`: see teamPageKey). */
  [key: TeamPageKey]: Team
  /** One team's coaches as `staff` cards, from `teams` and `staff` (`coaches/<id>`). */
  [key: TeamCoachesKey]: StaffMember[]
  /** The footer's social links and contact details, from `content` (every page's footer). */
  siteFooter: SiteFooterContent
  /** The weather decisions' posting times, from `fieldsContent` (every page's alerts bar). */
  weatherPostingTimes: WeatherPostingTimes
  /** The fields alone, from `fieldsContent` (a team page, /schedule: where games are played). */
  fieldList: Field[]
  /** Every program's name, fees, registration and eligibility, from `programsContent`. */
  programSummaries: ProgramSummaries
  /** Every program's registration alone, from `programsContent` (every page's header). */
  programRegistrations: ProgramRegistrationRows
  /** One program's page, from `programsContent` (`program/<slug>`: see programPageKey). */
  [key: ProgramPageKey]: ProgramPage
  /** Every event as its card shows it, from `clinics` (no description or capacity note). */
  eventCards: Clinic[]
  /** The stored events' slugs, each once, in code-point order, from `clinics` (event pages). */
  eventSlugs: string[]
  /** One event as its page shows it, from `clinics` (`event/<slug>`: see eventPageKey). */
  [key: EventPageKey]: Clinic
}

/** The schema of each content key's document. */
export const CONTENT_SCHEMAS: { [K in ContentKey]: z.ZodType<ContentDocuments[K]> } = {
  content: homeContentSchema,
  alerts: alertsSchema,
  newsPosts: newsPostsSchema,
  legacyStats: legacyStatsSchema,
  photoLibrary: photoLibrarySchema,
  aboutContent: aboutContentSchema,
  clinics: clinicsSchema,
  teams: teamsSchema,
  alumni: alumniSchema,
  programsContent: programsContentSchema,
  programCards: programCardsSchema,
  fieldsContent: fieldsContentSchema,
  quickLinks: quickLinksSchema,
  rulesAndFaqContent: rulesAndFaqContentSchema,
  staff: staffSchema,
  adminSettings: adminSettingsSchema,
  adminProfile: adminProfileSchema,
  adminReminders: adminRemindersSchema,
}

/** The schemas of the derived rows with a fixed key (see CONTENT_VIEW_SOURCES). */
const CONTENT_VIEW_SCHEMAS: Record<(typeof CONTENT_VIEW_KEYS)[number], z.ZodType> = {
  siteFooter: siteFooterSchema,
  weatherPostingTimes: weatherPostingTimesSchema,
  fieldList: fieldListSchema,
  programSummaries: programSummariesSchema,
  programRegistrations: programRegistrationsSchema,
  eventCards: clinicsSchema,
  eventSlugs: eventSlugsSchema,
}

/** The schema of any document's key: a fixed key's, a news post's or a derived row's. */
export function documentSchema<K extends DocumentKey>(key: K): z.ZodType<ContentDocuments[K]> {
  const schema = isNewsPostKey(key)
    ? storedNewsPostSchema
    : isTeamCoachesKey(key)
      ? staffSchema
      : isTeamPageKey(key)
        ? teamSchema
        : key === 'teamKeys'
          ? teamKeysSchema
          : isTeamViewKey(key)
            ? teamsSchema
            : isProgramPageKey(key)
              ? programPageSchema
              : isEventPageKey(key)
                ? clinicSchema
                : Object.hasOwn(CONTENT_VIEW_SCHEMAS, key)
                  ? CONTENT_VIEW_SCHEMAS[key as (typeof CONTENT_VIEW_KEYS)[number]]
                  : CONTENT_SCHEMAS[key as ContentKey]
  return schema as z.ZodType<ContentDocuments[K]>
}
