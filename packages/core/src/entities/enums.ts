/*
 * Value lists that pages need at run time, kept free of zod so that importing them does
 * not pull the schemas into a page's bundle. The schemas build their enums from these.
 */

/** The club's programs, each with a page at /programs/{slug}. */
export const PROGRAM_SLUGS = [
  'tee-ball',
  'recreation',
  'recreation-softball',
  'select',
  'flash-softball',
  'big-train',
  'dmv-prospects',
] as const

/** A field's status: open, closed, or check back later. */
export const FIELD_STATUSES = ['open', 'closed', 'check-back'] as const

/** Most items a news post's list may hold (the news entity's limit; the editor's too). */
export const MAX_NEWS_LIST_ITEMS = 200
/** Most blocks a news post may hold. */
export const MAX_NEWS_BLOCKS = 500

/** How many cards a page of the news list shows (a multiple of its 2 and 3 columns). */
export const NEWS_PAGE_SIZE = 12
