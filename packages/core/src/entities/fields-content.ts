import { z } from 'zod'

import { FIELD_STATUSES } from './enums.ts'
import {
  idSchema,
  imageSrcSchema,
  isoDateTimeSchema,
  linkOrEmptySchema,
  linkSchema,
  shortTextNamed,
  shortTextSchema,
  textSchema,
  timeOfDaySchema,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

export { FIELD_STATUSES }

/**
 * A field the club plays on. Beyond the spec's id, name and address: a map link, its status,
 * why (`''` when there is nothing to say), when the status last changed (ISO 8601), and the
 * optional parking notes and entrance or meeting point families ask about first.
 */
export const fieldSchema = z.object({
  id: idSchema,
  name: shortTextSchema,
  address: shortTextSchema,
  mapLink: linkSchema.optional(),
  status: withNeutral(z.enum(FIELD_STATUSES), 'check-back'),
  statusReason: withNeutral(shortTextNamed('the reason'), ''),
  statusUpdatedAt: withNeutral(isoDateTimeSchema.nullable(), null),
  /** Where to park, and anything families should know about it (absent or `''`: nothing said). */
  parkingNotes: textSchema.optional(),
  /** The entrance or meeting point (and where the restrooms are), absent or `''` when unsaid. */
  entrance: shortTextSchema.optional(),
  /**
   * `false` when staff chose "Don't notify families" for the publish that last set this field's
   * status: its closing or reopening then announces nothing (issue 33; absent: families are told).
   */
  notifyFamilies: z.boolean().optional(),
})

/** An image in the Facilities slider, with an optional caption (dropped alone when malformed). */
export const fieldSliderImageSchema = z.object({
  src: imageSrcSchema,
  alt: withNeutral(shortTextSchema, ''),
  caption: shortTextSchema.optional(),
})

/**
 * When weather decisions are posted, as shown on the Facilities page: the county's field
 * decisions on weekdays and weekends, and the league's own cancellations.
 */
export const weatherPostingTimesSchema = z.object({
  countyWeekdayDecision: timeOfDaySchema,
  countyWeekendDecision: timeOfDaySchema,
  leagueCancellationsBy: timeOfDaySchema,
})

/**
 * Facilities page content (content key `fieldsContent`): intro text, a directions link, the
 * fields with their status, the slider images and the weather-decision posting times.
 */
export const fieldsContentSchema = z.object({
  mainText: textSchema,
  directionsLink: withNeutral(linkOrEmptySchema, ''),
  fields: uniqueArray(fieldSchema, { id: (field) => field.id }, 200),
  sliderImages: z.array(fieldSliderImageSchema).max(50),
  weatherPostingTimes: weatherPostingTimesSchema,
})

/**
 * The fields alone, as the pages that say where games are played show them (the row
 * `fieldList` the database derives from `fieldsContent`): no page text, slider or posting times,
 * and no field's `notifyFamilies`, which no page shows.
 */
export const fieldListSchema = fieldsContentSchema.shape.fields

/** Facilities page content. */
export type FieldsContent = z.infer<typeof fieldsContentSchema>
/** A field. */
export type Field = z.infer<typeof fieldSchema>
/** `open`, `closed` or `check-back`. */
export type FieldStatus = (typeof FIELD_STATUSES)[number]
/** Weather-decision posting times. */
export type WeatherPostingTimes = z.infer<typeof weatherPostingTimesSchema>
