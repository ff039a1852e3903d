import { z } from 'zod'
import {
  idSchema,
  imageSrcOrEmptySchema,
  isoDateSchema,
  linkOrEmptySchema,
  paragraphsSchema,
  shortTextSchema,
  slugSchema,
  textSchema,
} from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** What kind of offering a camps-and-events entry is. */
export const CLINIC_KINDS = ['camp', 'clinic', 'event'] as const

/** Where a camp, clinic or event takes place. */
export const clinicLocationSchema = z.object({
  name: shortTextSchema,
  address: withNeutral(shortTextSchema, ''),
})

/**
 * A camp, clinic or event, listed at /camps-events and shown at /camps-events/{slug}. The spec
 * shows no stored fields for clinics; these are what a family needs to decide and sign up:
 * dates (`YYYY-MM-DD`, inclusive), daily times, ages, place, price as display text (`$350`,
 * `Free`), a registration link (`''` when registration is not open) and an optional note on
 * capacity. `registrationOpensText` (added later, hence optional) says when registration opens
 * while there is no link yet (`February 1, 2027`).
 */
export const clinicSchema = z
  .object({
    id: idSchema,
    slug: slugSchema,
    title: shortTextSchema,
    kind: z.enum(CLINIC_KINDS),
    summary: withNeutral(textSchema, ''),
    description: paragraphsSchema,
    ageRange: withNeutral(shortTextSchema, ''),
    startDate: isoDateSchema,
    endDate: isoDateSchema,
    times: withNeutral(shortTextSchema, ''),
    location: clinicLocationSchema,
    price: withNeutral(shortTextSchema, ''),
    registrationLink: withNeutral(linkOrEmptySchema, ''),
    imageUrl: withNeutral(imageSrcOrEmptySchema, ''),
    imageAlt: withNeutral(shortTextSchema, ''),
    capacityNote: shortTextSchema.optional(),
    registrationOpensText: shortTextSchema.optional(),
  })
  .refine((clinic) => clinic.endDate >= clinic.startDate, {
    message: 'endDate is before startDate',
    path: ['endDate'],
  })

/** Camps, clinics and events (content key `clinics`), unique by id. */
export const clinicsSchema = uniqueArray(clinicSchema, { id: (clinic) => clinic.id }, 500)

/** The stored events' slugs (the derived row `eventSlugs`): which events there are. */
export const eventSlugsSchema = z.array(slugSchema).max(500)

/** A camp, clinic or event. */
export type Clinic = z.infer<typeof clinicSchema>
/** `camp`, `clinic` or `event`. */
export type ClinicKind = (typeof CLINIC_KINDS)[number]
