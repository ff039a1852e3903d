import { z } from 'zod'
import { idSchema, imageSrcOrEmptySchema, shortTextNamed } from './common.ts'
import { withNeutral } from './tolerance.ts'

/** Positions a roster entry may list. */
export const PLAYER_POSITIONS = ['P', 'C', '1B', '2B', '3B', 'SS', 'LF', 'OF', 'INF'] as const
/**
 * Batting and throwing hands, batting first: the spec's four, and switch hitters (`S`, bats
 * both ways) with their throwing hand, which rosters list too.
 */
export const BATS_THROWS = ['R/R', 'L/R', 'R/L', 'L/L', 'S/R', 'S/L'] as const

/** The longest height text, e.g. `5'10"`. */
export const MAX_HEIGHT = 20

/**
 * A roster or alumni entry (spec §3). `gradYear` and `weight` (lbs) are null when unknown;
 * `height` is display text such as `5'10"`; `highSchool`, `height` and `imageUrl` are `''` when
 * unknown.
 */
export const playerSchema = z.object({
  id: idSchema,
  name: shortTextNamed('the name'),
  number: z.int().min(1).max(99),
  position: z.enum(PLAYER_POSITIONS),
  batsThrows: z.enum(BATS_THROWS),
  gradYear: withNeutral(z.int().min(1950).max(2100).nullable(), null),
  highSchool: withNeutral(shortTextNamed('the school'), ''),
  height: withNeutral(
    z.string().max(MAX_HEIGHT, {
      message: `Keep the height to ${MAX_HEIGHT} characters, such as 5'10".`,
    }),
    '',
  ),
  weight: withNeutral(z.int().min(40).max(400).nullable(), null),
  imageUrl: withNeutral(imageSrcOrEmptySchema, ''),
})

/** A roster or alumni entry. */
export type Player = z.infer<typeof playerSchema>
/** A roster position. */
export type PlayerPosition = (typeof PLAYER_POSITIONS)[number]
/** Bats/throws, e.g. `R/R`. */
export type BatsThrows = (typeof BATS_THROWS)[number]
