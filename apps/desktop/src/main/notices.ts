/**
 * The short notices main shows on its own (an info message box): what the director asked for
 * could not be done, and what to do instead. Plain data, so tests read the words.
 */
import type { MessageBoxOptions } from 'electron'

/** View → Open site in browser, when the site address is not one the app opens. */
export function siteNotOpenedNotice(siteUrl: string | undefined): MessageBoxOptions {
  return {
    type: 'info',
    message: 'Only https addresses are opened from the app.',
    detail: siteUrl ? `Open ${siteUrl} in your browser yourself.` : 'Set the site address first.',
  }
}

/** Help → Documentation, in a build that names no documentation address. */
export const DOCUMENTATION_NOTICE: MessageBoxOptions = {
  type: 'info',
  message: 'Documentation',
  detail: 'The desktop app is described in apps/desktop/README.md of the club site repository.',
}

/** File → Open Recent, for a folder that is no longer there. */
export function folderGoneNotice(folder: string): MessageBoxOptions {
  return {
    type: 'info',
    message: 'That folder is gone',
    detail: `${folder} was moved or deleted: it is taken off Open Recent.`,
  }
}

/** Help → Third-party licences, when the build did not write them. */
export function licencesMissingNotice(file: string): MessageBoxOptions {
  return {
    type: 'info',
    message: 'Third-party licences',
    detail: `${file} is missing: run pnpm --filter @club/desktop build.`,
  }
}
