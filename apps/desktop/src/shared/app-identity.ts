/**
 * Who the app is, to each OS: one place for the names electron-builder writes into the package
 * and main gives the running app (Windows' AppUserModelID, Linux's desktop file, the deep-link
 * scheme). Runtime-neutral.
 */

/** electron-builder's appId, and the AppUserModelID Windows shows notifications under. */
export const APP_ID = 'org.club.admin'
export const PRODUCT_NAME = 'Club Admin'
/** The program's file name and command on Linux. */
export const EXECUTABLE_NAME = 'club-admin'
/** Linux: the .desktop file, and the window's app id (Electron reads it from package.json). */
export const DESKTOP_NAME = `${EXECUTABLE_NAME}.desktop`
/** Links such as `club-admin://admin-login` open the app (see src/main/deep-links.ts). */
export const DEEP_LINK_SCHEME = 'club-admin'
