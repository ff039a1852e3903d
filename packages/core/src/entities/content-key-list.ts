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

/**
 * Documents of our own beyond the spec's keys, read by staff only: the news posts not
 * published yet (drafts and scheduled posts).
 */
export const STAFF_DOCUMENT_KEYS = ['newsDrafts'] as const

/** Every content key: the vital ones, the background ones, then the staff documents. */
export const CONTENT_KEYS = [...VITAL_KEYS, ...BACKGROUND_KEYS, ...STAFF_DOCUMENT_KEYS] as const

const KEY_SET: ReadonlySet<string> = new Set(CONTENT_KEYS)

/** True when `key` names a content document (the one check: the edit bar needs no schema for it). */
export function isContentKey(key: unknown): key is (typeof CONTENT_KEYS)[number] {
  return typeof key === 'string' && KEY_SET.has(key)
}

/**
 * Keys that no public page shows: the photo library, the notification settings, the
 * director's profile, the reminders and the news drafts. The database lets only staff read
 * them (`public.is_public_content_key` in supabase/migrations), so a visitor never asks
 * for them; a signed-in session reads them once the signed-in area opens.
 */
export const STAFF_ONLY_KEYS = [
  'photoLibrary',
  'adminSettings',
  'adminProfile',
  'adminReminders',
  ...STAFF_DOCUMENT_KEYS,
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
