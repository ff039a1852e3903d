import { z } from 'zod'

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

/** A program's slug. */
export const programSlugSchema = z.enum(PROGRAM_SLUGS)

/** A program's slug, e.g. `big-train`. */
export type ProgramSlug = (typeof PROGRAM_SLUGS)[number]
