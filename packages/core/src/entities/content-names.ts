import { isNewsPostKey } from './content-key-list.ts'
import type { ContentKey } from './content-keys.ts'

/**
 * Each content document as people name it: in the admin (history, conflicts, who saved
 * what) and in what a page announces when a document it shows was updated.
 */
export const CONTENT_NAMES: Readonly<Record<ContentKey, string>> = {
  content: 'Home page',
  alerts: 'Alerts',
  newsPosts: 'News',
  legacyStats: 'Legacy stats',
  photoLibrary: 'Photo library',
  aboutContent: 'About page',
  clinics: 'Camps & events',
  teams: 'Teams & rosters',
  alumni: 'Alumni',
  programsContent: 'Program pages',
  programCards: 'Program cards',
  fieldsContent: 'Field status',
  quickLinks: 'Quick links',
  rulesAndFaqContent: 'Rules, FAQ & weather policy',
  staff: 'Staff',
  adminSettings: 'Admin settings',
  adminProfile: 'Admin profile',
  adminReminders: 'Reminders',
}

/**
 * A content key as staff read it in messages (CONTENT_NAMES): `fieldsContent` → "Field status".
 * Any other key (one this build does not know) becomes "this content", never the key itself.
 *
 * @example
 * contentName('newsPosts') // 'News'
 */
export function contentName(key: string): string {
  if (isNewsPostKey(key)) return 'News post'
  return Object.hasOwn(CONTENT_NAMES, key) ? CONTENT_NAMES[key as ContentKey] : 'this content'
}
