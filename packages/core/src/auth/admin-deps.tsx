import { createContext, useContext } from 'react'
import type { ReactNode } from 'react'

import type { RecoveryLink } from './recovery-link.ts'
import type { BackendClient } from '../backend/client.ts'
import type { SiteContentStore } from '../content/content-provider.tsx'
import type { NoticeStore } from '../ui/notices/notice-store.ts'

/** What an app wires into the signed-in area: its client, its stores, and where reset links go. */
export type AdminDeps = {
  /** The full backend client (auth and saving), from `createBackendClient`. */
  client: BackendClient
  /** The app's one content store: the area tells it whether saving is allowed. */
  store: SiteContentStore
  /** The app's notice queue (sign-in, sign-out and save notices). */
  notices: NoticeStore
  /** The address password-reset emails send people back to. */
  resetRedirect: () => string
  /** The password-reset link the app was opened with, read before supabase-js clears it. */
  recoveryLink?: RecoveryLink | null
  /** Extra items on the admin home (the desktop app's upload and settings links). */
  homeExtras?: ReactNode
  /**
   * Where the public site is published, for "View live page" and the live preview, when the
   * app's own origin does not serve it (the desktop app).
   */
  liveSiteUrl?: string
}

/** The deps of the area being rendered; provided by the area's `AuthArea`. */
export const AdminDepsContext = createContext<AdminDeps | null>(null)

/** The app's deps, for any part of the signed-in area. Throws outside its `AuthArea`. */
export function useAdminDeps(): AdminDeps {
  const deps = useContext(AdminDepsContext)
  if (!deps) throw new Error('The admin area renders only inside its AuthArea')
  return deps
}
