import { z } from 'zod'
import { withNeutral } from './tolerance.ts'

/** Admin settings (content key `adminSettings`): which e-mail notifications staff receive. */
export const adminSettingsSchema = z.object({
  notifications: z.object({
    emailOnNewRegistration: withNeutral(z.boolean(), true),
    emailOnFormSubmission: withNeutral(z.boolean(), true),
  }),
})

/** Admin settings. */
export type AdminSettings = z.infer<typeof adminSettingsSchema>
