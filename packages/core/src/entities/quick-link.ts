import { z } from 'zod'
import { idSchema, linkSchema, patternString, shortTextSchema } from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** Icon names the home page's quick links use; others fall back to a generic icon when drawn. */
export const QUICK_LINK_ICONS = ['clipboard', 'calendar', 'map-pin', 'newspaper'] as const

/**
 * A home page quick link (Registration, Schedules, Fields, News). The spec shows no stored
 * fields; these are a label, a one-line description, the target and an icon name.
 */
export const quickLinkSchema = z.object({
  id: idSchema,
  label: shortTextSchema,
  description: withNeutral(shortTextSchema, ''),
  link: linkSchema,
  icon: withNeutral(patternString(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 50, 'Invalid icon name'), 'link'),
})

/** Home page quick links in display order (content key `quickLinks`), unique by id. */
export const quickLinksSchema = uniqueArray(quickLinkSchema, { id: (link) => link.id }, 24)

/** A home page quick link. */
export type QuickLink = z.infer<typeof quickLinkSchema>
