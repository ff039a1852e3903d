import { z } from 'zod'
import {
  idSchema,
  isoDateSchema,
  imageSrcSchema,
  linkOrEmptySchema,
  shortTextSchema,
  textSchema,
} from './common.ts'
import { PROGRAM_SLUGS, type ProgramSlug } from './program-slug.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** A team holding tryouts, with its tryout dates as display text (e.g. `Sat, Aug 15, 9:00 AM`). */
export const tryoutTeamSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  dates: z.array(shortTextSchema).max(20),
})

/** The tryouts panel of a competitive program's page. `feeNote` states the tryout fee. */
export const tryoutsSchema = z.object({
  title: shortTextSchema,
  description: textSchema,
  buttonText: withNeutral(shortTextSchema, ''),
  buttonLink: withNeutral(linkOrEmptySchema, ''),
  feeNote: shortTextSchema,
  teams: uniqueArray(tryoutTeamSchema, { id: (team) => team.id }, 50),
})

/**
 * How families register for a program (spec §1: visitors "can follow registration links").
 * `link` is where registration happens (often another site), `''` while it is not open;
 * `opensText` then says when it opens, as display text (`January 15, 2027`, `in the spring`).
 */
export const registrationSchema = z.object({
  link: withNeutral(linkOrEmptySchema, ''),
  opensText: withNeutral(shortTextSchema, ''),
  /** The last day to register (the club's date, `2027-03-01`); absent or `''`: none stated. */
  deadline: z
    .union([isoDateSchema, z.literal('')])
    .optional()
    .catch(undefined),
})

/**
 * Who a program is for, for the program finder: players whose age on `ageCutoff` (the season's
 * age-determination date, `2027-04-30`) is from `minAge` to `maxAge`, both included.
 */
export const eligibilitySchema = z
  .object({
    minAge: z.int().min(3).max(21),
    maxAge: z.int().min(3).max(21),
    ageCutoff: isoDateSchema,
  })
  .refine((value) => value.minAge <= value.maxAge, 'The youngest age must not exceed the oldest')

/**
 * A program page (spec §3). Recreational programs carry `philosophy`, competitive ones
 * (select, flash, big train, DMV Prospects) `description`; only competitive programs hold
 * tryouts. `staff` are staff ids. `registration` (added after the first release, so older
 * stored pages may lack it) is the program's registration link or when registration opens.
 */
export const programPageSchema = z.object({
  name: shortTextSchema,
  heroImage: imageSrcSchema,
  overview: textSchema,
  seasonFormat: withNeutral(textSchema, ''),
  teamFormation: withNeutral(textSchema, ''),
  equipment: withNeutral(textSchema, ''),
  fees: withNeutral(textSchema, ''),
  coaching: withNeutral(textSchema, ''),
  philosophy: textSchema.optional(),
  description: textSchema.optional(),
  staff: z.array(idSchema).max(50),
  tryouts: tryoutsSchema.optional(),
  registration: registrationSchema.optional(),
  /** Who the program is for (added with the program finder; older stored pages lack it). */
  eligibility: eligibilitySchema.optional().catch(undefined),
})

/** Program pages (content key `programsContent`), one per program slug. */
/**
 * What the pages that name a program show of it (the header's Register button, /programs'
 * finder and registration list, /contact's program choice): its name, fees, registration and
 * eligibility. The database derives every program's (`programSummaries`) from `programsContent`.
 */
export const programSummarySchema = programPageSchema.pick({
  name: true,
  fees: true,
  registration: true,
  eligibility: true,
})

/** Every program's summary, by slug (content key `programSummaries`, derived). */
export const programSummariesSchema = z.object(
  Object.fromEntries(PROGRAM_SLUGS.map((slug) => [slug, programSummarySchema])) as Record<
    ProgramSlug,
    typeof programSummarySchema
  >,
)

/**
 * Every program's registration alone, by slug (content key `programRegistrations`, derived):
 * what every page's header decides its Register button from.
 */
export const programRegistrationsSchema = z.object(
  Object.fromEntries(
    PROGRAM_SLUGS.map((slug) => [slug, programPageSchema.pick({ registration: true })]),
  ) as Record<ProgramSlug, z.ZodObject<Pick<typeof programPageSchema.shape, 'registration'>>>,
)

export const programsContentSchema = z.object(
  Object.fromEntries(PROGRAM_SLUGS.map((slug) => [slug, programPageSchema])) as Record<
    ProgramSlug,
    typeof programPageSchema
  >,
)

/** A program page. */
export type ProgramPage = z.infer<typeof programPageSchema>
/** A program as the pages that name it show it (see programSummarySchema). */
export type ProgramSummary = z.infer<typeof programSummarySchema>
/** Every program's summary, by slug (content key `programSummaries`). */
export type ProgramSummaries = z.infer<typeof programSummariesSchema>
/** Every program's registration alone, by slug (`programRegistrations`). */
export type ProgramRegistrationRows = z.infer<typeof programRegistrationsSchema>
/** How families register for a program. */
export type Registration = z.infer<typeof registrationSchema>
/** Who a program is for. */
export type Eligibility = z.infer<typeof eligibilitySchema>
/** A program's tryouts panel. */
export type Tryouts = z.infer<typeof tryoutsSchema>
/** A team holding tryouts. */
export type TryoutTeam = z.infer<typeof tryoutTeamSchema>
/** All program pages keyed by slug. */
export type ProgramsContent = z.infer<typeof programsContentSchema>
