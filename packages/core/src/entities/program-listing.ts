import { z } from 'zod'
import {
  idSchema,
  linkOrEmptySchema,
  paragraphsSchema,
  shortTextSchema,
  slugSchema,
  textSchema,
} from './common.ts'

/** Seasons a program listing may run in. */
export const PROGRAM_SEASONS = ['Summer', 'Fall'] as const

/**
 * A program listing as the spec's sample data shows it (spec §3 "Program"): a seasonal offering
 * with age, place, dates and price as display text. `content` holds further paragraphs.
 */
export const programListingSchema = z.object({
  id: idSchema,
  slug: slugSchema,
  name: shortTextSchema,
  age: shortTextSchema,
  location: shortTextSchema,
  dates: shortTextSchema,
  price: shortTextSchema,
  season: z.enum(PROGRAM_SEASONS),
  description: textSchema,
  registrationLink: linkOrEmptySchema,
  content: paragraphsSchema,
})

/** A seasonal program listing. */
export type ProgramListing = z.infer<typeof programListingSchema>
