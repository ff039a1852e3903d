import { z } from 'zod'
import { idSchema, imageSrcSchema, shortTextNamed } from './common.ts'

/**
 * An image in a slider or gallery (spec §3 "Gallery image"), with an optional caption shown
 * under it. A malformed caption is dropped on its own; the image stays.
 */
export const galleryImageSchema = z.object({
  id: idSchema,
  src: imageSrcSchema,
  alt: shortTextNamed('the description'),
  caption: shortTextNamed('the caption').optional(),
})

/** An image in a slider or gallery (spec §3 "Gallery image"). */
export type GalleryImage = z.infer<typeof galleryImageSchema>
