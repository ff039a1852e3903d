import type { AdminSettings } from '../entities/admin-settings.ts'

/**
 * Both e-mail notifications on, as the spec requires by default, each sent right away to the
 * profile's address (a digest, when chosen, goes at 7:00).
 */
export const defaultAdminSettings: AdminSettings = {
  notifications: {
    emailOnNewRegistration: true,
    emailOnFormSubmission: true,
    delivery: 'immediate',
    digestHour: 7,
    email: '',
  },
}
