import { z } from 'zod'
import { idSchema, imageSrcSchema, shortTextSchema } from './common.ts'

/** An image in a slider or gallery (spec §3 "Gallery image"). */
export const galleryImageSchema = z.object({
  id: idSchema,
  src: imageSrcSchema,
  alt: shortTextSchema,
})

/** An image in a slider or gallery (spec §3 "Gallery image"). */
export type GalleryImage = z.infer<typeof galleryImageSchema>
