/**
 * IMPORTANT: the signed-in area's addresses (where it lives, its sign-in page, its home, the
 * edit mode and each screen's), for what must not load the rest of core: the web app's build (robots.txt, the
 * admin shells) and the desktop app's main process (its protocol and deep links).
 */
export {
  ADMIN_HOME,
  ADMIN_PREFIX,
  EDIT_PREFIX,
  isSignedInAreaPath,
  LOGIN_PATH,
} from '../routing/admin-paths.ts'
export { screenAddress } from '../routing/admin-screens.ts'
