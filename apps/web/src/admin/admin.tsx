/**
 * The signed-in area, loaded on demand (with supabase-js and the auth provider) only
 * when someone visits /admin-login or /admin/*: the public site never pays for it.
 * The area itself is core's (`@club/core/admin`); this file wires in the web app's parts.
 */
import { createAdminArea } from '@club/core/admin'
import { readRecoveryLink } from '@club/core/auth'
import { LOGIN_PATH } from '@club/core/admin-paths'

import { backend } from '../backend.ts'
import { notices, siteStore } from '../site-store.ts'

/**
 * The password-reset link this page was opened from, if any. Read while this chunk loads,
 * before supabase-js (created by ../backend.ts just before) consumes and clears the fragment.
 */
const recoveryLink = typeof window === 'undefined' ? null : readRecoveryLink(window.location.hash)

/** The signed-in area bound to the web app's client and stores. */
export const adminArea = createAdminArea({
  client: backend,
  store: siteStore,
  notices,
  // Password-reset emails send people back to this login page, on this site.
  resetRedirect: () => `${window.location.origin}${LOGIN_PATH}`,
  recoveryLink,
})
