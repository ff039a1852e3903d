import { z } from 'zod'
import {
  idSchema,
  imageSrcOrEmptySchema,
  imageSrcSchema,
  paragraphsSchema,
  shortTextSchema,
  slugSchema,
  textSchema,
} from './common.ts'
import { playerSchema } from './player.ts'
import { programSlugSchema } from './program-slug.ts'
import { keyedRecord, uniqueArray, withNeutral } from './tolerance.ts'

/** The teams built into the sample content, keyed as the spec lists them. */
export const DEFAULT_TEAM_IDS = [
  'dmv-prospects-2026',
  'dmv-prospects-2027',
  'dmv-prospects-2028',
  'big-train-10u',
  'big-train-12u',
  'big-train-14u',
  'flash-12u',
  'flash-18u',
  'select-13u',
  'select-14u',
] as const

/** What a team page says about the team. `highlights` are short plain-text points. */
export const teamPageContentSchema = z.object({
  intro: textSchema,
  highlights: z.array(shortTextSchema).max(50).optional(),
  details: paragraphsSchema.optional(),
})

/** An optional hero at the top of a team page. */
export const teamHeroSchema = z.object({
  title: shortTextSchema,
  subtitle: withNeutral(shortTextSchema, ''),
  imageUrl: imageSrcSchema,
})

/**
 * A team (spec §3), shown at /team/{id} and at its program's team routes. `coaches` are staff
 * ids (see the `staff` key). Beyond the spec's fields, `programSlug` ties the team to its program
 * and `logoUrl` gives its logo (`''` for the program's).
 */
export const teamSchema = z.object({
  id: slugSchema,
  name: shortTextSchema,
  programSlug: programSlugSchema,
  logoUrl: withNeutral(imageSrcOrEmptySchema, ''),
  coaches: z.array(idSchema).max(50),
  roster: uniqueArray(playerSchema, { id: (player) => player.id }, 200),
  teamPageContent: teamPageContentSchema,
  heroContent: teamHeroSchema.optional(),
})

/** All teams (content key `teams`), keyed by team id; each key equals its team's `id`. */
export const teamsSchema = keyedRecord(slugSchema, teamSchema, (team) => team.id)

/** A team. */
export type Team = z.infer<typeof teamSchema>
/** All teams keyed by id. */
export type Teams = z.infer<typeof teamsSchema>
/** What a team page says about the team. */
export type TeamPageContent = z.infer<typeof teamPageContentSchema>
/** A team page hero. */
export type TeamHero = z.infer<typeof teamHeroSchema>
/** One of the built-in team ids. */
export type DefaultTeamId = (typeof DEFAULT_TEAM_IDS)[number]
