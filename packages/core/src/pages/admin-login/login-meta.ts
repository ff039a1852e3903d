import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { LOGIN_PATH } from '../../routing/admin-paths.ts'

/** Which sign-in screen /admin-login shows. */
export type AdminLoginScreen = 'sign-in' | 'new-password'

/**
 * Head tags of /admin-login (never indexed): "Staff sign in | {club}", or "Set a new
 * password | {club}" after a password-reset link.
 */
export function adminLoginMeta(screen: AdminLoginScreen = 'sign-in'): PageMeta & {
  path: string
  noindex: true
} {
  return {
    title: pageTitle(screen === 'new-password' ? 'Set a new password' : 'Staff sign in'),
    description: 'Sign in to edit the club website.',
    path: LOGIN_PATH,
    noindex: true,
  }
}
