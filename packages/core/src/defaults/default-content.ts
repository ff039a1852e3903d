import type { ContentDocuments, ContentKey } from '../entities/content-keys.ts'
import { defaultAboutContent } from './about-content.ts'
import { defaultAdminProfile } from './admin-profile.ts'
import { defaultAdminReminders } from './admin-reminders.ts'
import { defaultAdminSettings } from './admin-settings.ts'
import { defaultAlerts } from './alerts.ts'
import { defaultAlumni } from './alumni.ts'
import { defaultClinics } from './clinics.ts'
import { defaultFieldsContent } from './fields-content.ts'
import { defaultHomeContent } from './home-content.ts'
import { defaultLegacyStats } from './legacy-stats.ts'
import { defaultNewsPosts } from './news-posts.ts'
import { defaultPhotoLibrary } from './photo-library.ts'
import { defaultProgramCards } from './program-cards.ts'
import { defaultProgramsContent } from './programs-content.ts'
import { defaultQuickLinks } from './quick-links.ts'
import { defaultRulesAndFaqContent } from './rules-and-faq-content.ts'
import { defaultStaff } from './staff.ts'
import { defaultTeams } from './teams.ts'
import { contentView } from '../entities/derived-views.ts'
import type { Clinic } from '../entities/clinic.ts'
import type { Field } from '../entities/fields-content.ts'
import type { SiteFooterContent } from '../entities/home-content.ts'
import type { ProgramRegistrationRows, ProgramSummaries } from '../entities/program-content.ts'
import { teamView } from '../entities/team-views.ts'
import type { Teams } from '../entities/team.ts'

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/** The built-in documents the rows of derived-views.ts are made from. */
const BUILT_IN_SOURCES = {
  content: defaultHomeContent,
  fieldsContent: defaultFieldsContent,
  programsContent: defaultProgramsContent,
  clinics: defaultClinics,
}

/**
 * The built-in sample content, one document per key. Frozen, so an accidental in-place edit
 * fails loudly instead of changing the defaults for the rest of the session; use
 * {@link defaultFor} for a copy you may change.
 */
export const DEFAULT_CONTENT: ContentDocuments = deepFreeze({
  content: defaultHomeContent,
  alerts: defaultAlerts,
  newsPosts: defaultNewsPosts,
  legacyStats: defaultLegacyStats,
  photoLibrary: defaultPhotoLibrary,
  aboutContent: defaultAboutContent,
  clinics: defaultClinics,
  teams: defaultTeams,
  alumni: defaultAlumni,
  programsContent: defaultProgramsContent,
  programCards: defaultProgramCards,
  fieldsContent: defaultFieldsContent,
  quickLinks: defaultQuickLinks,
  rulesAndFaqContent: defaultRulesAndFaqContent,
  staff: defaultStaff,
  adminSettings: defaultAdminSettings,
  adminProfile: defaultAdminProfile,
  adminReminders: defaultAdminReminders,
  // What the pages that show teams read while no teams are stored (entities/team-views.ts).
  teamRosters: teamView(defaultTeams, 'teamRosters') as Teams,
  teamSchedules: teamView(defaultTeams, 'teamSchedules') as Teams,
  teamNames: teamView(defaultTeams, 'teamNames') as Teams,
  teamKeys: teamView(defaultTeams, 'teamKeys') as string[],
  // What every page's footer and alerts bar, the pages that say where games are played and the
  // pages that name the programs read while none is stored (entities/derived-views.ts).
  siteFooter: contentView(BUILT_IN_SOURCES, 'siteFooter') as SiteFooterContent,
  weatherPostingTimes: defaultFieldsContent.weatherPostingTimes,
  fieldList: contentView(BUILT_IN_SOURCES, 'fieldList') as Field[],
  programSummaries: contentView(BUILT_IN_SOURCES, 'programSummaries') as ProgramSummaries,
  programRegistrations: contentView(
    BUILT_IN_SOURCES,
    'programRegistrations',
  ) as ProgramRegistrationRows,
  eventCards: contentView(BUILT_IN_SOURCES, 'eventCards') as Clinic[],
  eventSlugs: contentView(BUILT_IN_SOURCES, 'eventSlugs') as string[],
})

/** A fresh, changeable copy of the sample document for `key`. */
export function defaultFor<K extends ContentKey>(key: K): ContentDocuments[K] {
  return structuredClone(DEFAULT_CONTENT[key])
}
