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

/** Every content key: the vital ones, then the background ones. */
export const CONTENT_KEYS = [...VITAL_KEYS, ...BACKGROUND_KEYS] as const
