import type { ContentKey } from '../entities/content-keys.ts'

/** Each content document as people name it, in announcements and in the editor. */
export const CONTENT_NAMES: Readonly<Record<ContentKey, string>> = {
  content: 'Site content',
  alerts: 'Alerts',
  newsPosts: 'News',
  legacyStats: 'Legacy stats',
  photoLibrary: 'Photo library',
  aboutContent: 'About page',
  clinics: 'Camps & events',
  teams: 'Teams',
  alumni: 'Alumni',
  programsContent: 'Programs',
  programCards: 'Program cards',
  fieldsContent: 'Field status',
  quickLinks: 'Quick links',
  rulesAndFaqContent: 'Rules & FAQ',
  staff: 'Staff',
  adminSettings: 'Settings',
  adminProfile: 'Profile',
  adminReminders: 'Reminders',
}

const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1)

/**
 * What a polite live region says when documents a page shows were updated by someone else.
 *
 * @example
 * updatedMessage(['fieldsContent']) // 'Field status updated'
 * updatedMessage(['alerts', 'fieldsContent']) // 'Alerts and field status updated'
 */
export function updatedMessage(keys: readonly ContentKey[]): string {
  const names = [...new Set(keys)].map((key, index) =>
    index === 0 ? CONTENT_NAMES[key] : lower(CONTENT_NAMES[key]),
  )
  const last = names.pop()
  if (last === undefined) return ''
  return `${names.length > 0 ? `${names.join(', ')} and ${last}` : last} updated`
}
