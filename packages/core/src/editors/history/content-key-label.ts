import { CONTENT_KEYS } from '../../entities/content-key-list.ts'
import type { ContentKey } from '../../entities/content-keys.ts'

/** Each content key as the admin names it to people: what the document holds. */
const KEY_LABELS: Record<ContentKey, string> = {
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
  fieldsContent: 'Fields',
  quickLinks: 'Quick links',
  rulesAndFaqContent: 'Rules, FAQ & weather policy',
  staff: 'Staff',
  adminSettings: 'Admin settings',
  adminProfile: 'Admin profile',
  adminReminders: 'Reminders',
}

// The zod-free key list: the edit bar names keys too, and needs no schema for it.
const KEYS: ReadonlySet<string> = new Set(CONTENT_KEYS)

/** True when `key` names a content document. */
export function isKnownKey(key: string): key is ContentKey {
  return KEYS.has(key)
}

/**
 * What a content key is called in the admin: `alerts` → "Alerts", `content` → "Home page".
 * A key that is not a content key is returned as it is.
 *
 * @example
 * contentKeyLabel('rulesAndFaqContent') // 'Rules, FAQ & weather policy'
 */
export function contentKeyLabel(key: string): string {
  return isKnownKey(key) ? KEY_LABELS[key] : key
}

/**
 * The address of a key's history screen.
 *
 * @example
 * historyPath('alerts') // '/admin/history/alerts'
 */
export function historyPath(key: string): string {
  return `/admin/history/${encodeURIComponent(key)}`
}
