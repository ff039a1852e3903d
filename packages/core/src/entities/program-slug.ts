import { z } from 'zod'

import { PROGRAM_SLUGS } from './enums.ts'

export { PROGRAM_SLUGS }

/** A program's slug. */
export const programSlugSchema = z.enum(PROGRAM_SLUGS)

/** A program's slug, e.g. `big-train`. */
export type ProgramSlug = (typeof PROGRAM_SLUGS)[number]
