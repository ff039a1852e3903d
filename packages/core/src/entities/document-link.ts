import { z } from 'zod'
import { linkSchema, patternString, shortTextSchema, textSchema } from './common.ts'

/**
 * A downloadable document or form (spec §3 "Document link"): what it is, an icon name, where it
 * lives, the file name to show, and a category that groups documents (e.g. `forms`, `rules`).
 */
export const documentLinkSchema = z.object({
  title: shortTextSchema,
  description: textSchema,
  icon: patternString(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 50, 'Invalid icon name'),
  link: linkSchema,
  fileName: shortTextSchema,
  category: shortTextSchema,
})

/** A downloadable document or form. */
export type DocumentLink = z.infer<typeof documentLinkSchema>
