import { z } from 'zod'
import { emailOrEmptySchema } from './common.ts'
import { withNeutral } from './tolerance.ts'

/**
 * Admin settings (content key `adminSettings`): which e-mail notifications the director
 * receives, how, and where. The Edge Function `director-mail` (supabase/functions) reads them
 * as it sends each notification.
 */
export const adminSettingsSchema = z.object({
  notifications: z.object({
    emailOnNewRegistration: withNeutral(z.boolean(), true),
    emailOnFormSubmission: withNeutral(z.boolean(), true),
    /** Each notification on its own as it arrives, or one daily digest at `digestHour`. */
    delivery: withNeutral(z.enum(['immediate', 'digest']), 'immediate'),
    /** The digest's hour of the day (0–23) in the club's time zone. */
    digestHour: withNeutral(z.number().int().min(0).max(23), 7),
    /** Where notifications go; `''` means the profile's address (adminProfile.email). */
    email: withNeutral(emailOrEmptySchema, ''),
  }),
})

/** Admin settings. */
export type AdminSettings = z.infer<typeof adminSettingsSchema>
