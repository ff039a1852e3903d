import { z } from 'zod'
import { idSchema, imageSrcOrEmptySchema, shortTextSchema } from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/**
 * A Legacy and Impact figure (spec §3): `value` is display text such as `150+` or `$3M`,
 * `logo` an icon image (`''` for none).
 */
export const legacyStatSchema = z.object({
  id: idSchema,
  value: shortTextSchema,
  label: shortTextSchema,
  logo: withNeutral(imageSrcOrEmptySchema, ''),
})

/** The Legacy and Impact figures (content key `legacyStats`), unique by id. */
export const legacyStatsSchema = uniqueArray(legacyStatSchema, { id: (stat) => stat.id }, 50)

/** A Legacy and Impact figure. */
export type LegacyStat = z.infer<typeof legacyStatSchema>
