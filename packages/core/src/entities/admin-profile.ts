import { z } from 'zod'
import { emailOrEmptySchema, phoneOrEmptySchema, shortTextSchema } from './common.ts'
import { withNeutral } from './tolerance.ts'

/** The admin's contact details shown in the admin area (content key `adminProfile`). */
export const adminProfileSchema = z.object({
  displayName: shortTextSchema,
  email: withNeutral(emailOrEmptySchema, ''),
  phone: withNeutral(phoneOrEmptySchema, ''),
})

/** The admin's profile. */
export type AdminProfile = z.infer<typeof adminProfileSchema>
