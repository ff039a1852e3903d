import type { AdminProfile } from '../entities/admin-profile.ts'

/** A placeholder profile; staff fill in their own details. */
export const defaultAdminProfile: AdminProfile = {
  displayName: 'Club Administrator',
  email: '',
  phone: '',
}
