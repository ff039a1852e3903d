import { z } from 'zod'
import { idSchema, paragraphsSchema, shortTextNamed } from './common.ts'
import { galleryImageSchema } from './gallery-image.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** One section of the About page: a title and paragraphs of plain text. */
export const aboutSectionSchema = z.object({
  id: idSchema,
  title: shortTextNamed('the title'),
  body: paragraphsSchema,
})

/**
 * About page content (content key `aboutContent`). The spec names five sections, an optional
 * image slider and the communities served; the stored shape is ours: sections in display order,
 * the slider's on/off switch with its images, and community names.
 */
export const aboutContentSchema = z.object({
  sections: uniqueArray(aboutSectionSchema, { id: (section) => section.id }, 20),
  slider: z.object({
    enabled: withNeutral(z.boolean(), false),
    images: uniqueArray(galleryImageSchema, { id: (image) => image.id }, 50),
  }),
  communities: z.array(shortTextNamed('the name')).max(100),
})

/** About page content. */
export type AboutContent = z.infer<typeof aboutContentSchema>
/** One section of the About page. */
export type AboutSection = z.infer<typeof aboutSectionSchema>
