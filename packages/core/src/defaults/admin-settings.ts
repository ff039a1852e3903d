import type { AdminSettings } from '../entities/admin-settings.ts'

/** Both e-mail notifications on, as the spec requires by default. */
export const defaultAdminSettings: AdminSettings = {
  notifications: {
    emailOnNewRegistration: true,
    emailOnFormSubmission: true,
  },
}
