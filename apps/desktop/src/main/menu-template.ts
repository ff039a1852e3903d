/**
 * The native menu as data: a pure function of the platform, the development flag and the state
 * the renderer reports, so each platform's menu is unit-tested without Electron. Undo and redo
 * go to the renderer (the editor's own undo handles them); the rest are Electron roles or the
 * app's actions. Main builds the menu again when the state or the update changes.
 */
import { join } from 'node:path'

import type { AboutPanelOptionsOptions, MenuItemConstructorOptions } from 'electron'
import { screenAddress } from '@club/core/admin-paths'

import type { MenuCommand, MenuState, UpdateStatusView } from '../shared/ipc-contract.ts'
import { accelerators } from '../shared/shortcuts.ts'

/** What the menu's own items do; main supplies them. */
export type MenuActions = {
  /** Sends a command to the renderer. */
  send(command: MenuCommand): void
  openSiteInBrowser(): void
  openDocumentation(): void
  signOut(): void
  showAbout(): void
  openLogFile(): void
  /** Help → Report a problem: shows what will be sent, then opens a mail to the contact. */
  reportProblem(): void
  /** File → Open Recent: the recent folder at `index` of `MenuOptions.recent`. */
  openRecent(index: number): void
  clearRecent(): void
  /** Opens THIRD_PARTY_NOTICES.txt: the licences of the open-source code the app ships. */
  openLicences(): void
  checkForUpdates(): void
  installUpdate(): void
  quit(): void
}

/** Before the renderer has said anything: nothing to undo, signed out. */
export const INITIAL_MENU_STATE: MenuState = { canUndo: false, canRedo: false, signedIn: false }

/**
 * The screen a menu command shows, for a window opened on it when none is open (macOS keeps the
 * menu without a window; a command sent to a page still loading would be lost). null: the
 * command needs a page that is there already (undo, redo; sign-out has main's own path).
 */
export function screenOfCommand(command: MenuCommand): string | null {
  switch (command) {
    case 'upload-photos':
      return '/desktop/upload'
    case 'settings':
      return '/desktop/settings'
    case 'staff':
      return screenAddress('StaffRoute')
    case 'about':
      return '/desktop/about'
    case 'shortcuts':
      return '/desktop/shortcuts'
    default:
      return null
  }
}

/** The inputs of the template. */
export type MenuOptions = {
  platform: NodeJS.Platform
  /** Developer tools appear only in development. */
  isDev: boolean
  appName: string
  actions: MenuActions
  /** What the renderer last reported (INITIAL_MENU_STATE until it has). */
  state?: MenuState
  /** The app's update; no update item while it is `off`. */
  update?: UpdateStatusView
  /** File → Open Recent's labels, newest first (recent-folders.ts). */
  recent?: readonly string[]
}

export { accelerators } from '../shared/shortcuts.ts'

/**
 * The application menu. On macOS the first menu is the app's own (About, Settings, Quit), as
 * that platform expects; elsewhere Quit closes the File menu and About sits under Help.
 */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { platform, isDev, appName, actions } = options
  const state = options.state ?? INITIAL_MENU_STATE
  const mac = platform === 'darwin'
  const keys = accelerators(platform)
  const about: MenuItemConstructorOptions = {
    id: 'about',
    label: `About ${appName}`,
    click: () => actions.showAbout(),
  }
  const settings: MenuItemConstructorOptions = {
    id: 'settings',
    label: mac ? 'Settings…' : 'Settings',
    accelerator: keys.settings,
    click: () => actions.send('settings'),
  }
  const quit: MenuItemConstructorOptions = {
    id: 'quit',
    // Windows calls it Exit; macOS names the app.
    label: mac ? `Quit ${appName}` : platform === 'win32' ? 'Exit' : 'Quit',
    accelerator: keys.quit,
    click: () => actions.quit(),
  }

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: appName,
          submenu: [
            about,
            { type: 'separator' },
            settings,
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            quit,
          ],
        },
      ]
    : []

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      {
        id: 'upload-photos',
        label: 'Upload photos from folder…',
        accelerator: keys.upload,
        click: () => actions.send('upload-photos'),
      },
      {
        id: 'open-recent',
        label: 'Open Recent',
        submenu: [
          ...(options.recent ?? []).map((label, index) => ({
            id: `recent-${index}`,
            label,
            click: () => actions.openRecent(index),
          })),
          ...((options.recent ?? []).length > 0 ? [{ type: 'separator' } as const] : []),
          {
            id: 'clear-recent',
            label: 'Clear Menu',
            enabled: (options.recent ?? []).length > 0,
            click: () => actions.clearRecent(),
          },
        ],
      },
      {
        id: 'staff',
        label: 'Staff',
        enabled: state.signedIn,
        click: () => actions.send('staff'),
      },
      {
        id: 'open-site',
        label: 'Open the site in a browser',
        click: () => actions.openSiteInBrowser(),
      },
      { type: 'separator' },
      ...(mac ? [] : [settings, { type: 'separator' } as const]),
      {
        id: 'sign-out',
        label: 'Sign out',
        enabled: state.signedIn,
        click: () => actions.signOut(),
      },
      ...(mac ? [] : [{ type: 'separator' } as const, quit]),
    ],
  }

  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      {
        id: 'undo',
        label: 'Undo',
        accelerator: keys.undo,
        enabled: state.canUndo,
        click: () => actions.send('undo'),
      },
      {
        id: 'redo',
        label: 'Redo',
        accelerator: keys.redo,
        enabled: state.canRedo,
        click: () => actions.send('redo'),
      },
      { type: 'separator' },
      { role: 'cut', accelerator: keys.cut },
      { role: 'copy', accelerator: keys.copy },
      { role: 'paste', accelerator: keys.paste },
      { role: 'selectAll', accelerator: keys.selectAll },
    ],
  }

  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      { role: 'reload', accelerator: keys.reload },
      ...(isDev ? [{ role: 'toggleDevTools', accelerator: keys.devTools } as const] : []),
      { type: 'separator' },
      { role: 'resetZoom', accelerator: keys.resetZoom },
      { role: 'zoomIn', accelerator: keys.zoomIn },
      { role: 'zoomOut', accelerator: keys.zoomOut },
      { type: 'separator' },
      { role: 'togglefullscreen', accelerator: keys.fullScreen },
    ],
  }

  const windowMenu: MenuItemConstructorOptions = {
    role: 'windowMenu',
    submenu: [
      { role: 'minimize', accelerator: keys.minimize },
      // Zoom (fill the screen by the title bar's rule) is a macOS idea; elsewhere View has it.
      ...(mac
        ? [{ role: 'zoom' } as const, { type: 'separator' } as const, { role: 'front' } as const]
        : []),
      { role: 'close', accelerator: keys.close },
    ],
  }

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      {
        id: 'documentation',
        label: 'Documentation',
        click: () => actions.openDocumentation(),
      },
      {
        id: 'shortcuts',
        label: 'Keyboard shortcuts',
        click: () => actions.send('shortcuts'),
      },
      { type: 'separator' },
      { id: 'report-problem', label: 'Report a problem…', click: () => actions.reportProblem() },
      { id: 'open-log', label: 'Open log file', click: () => actions.openLogFile() },
      {
        id: 'licences',
        label: 'Third-party licences',
        click: () => actions.openLicences(),
      },
      ...updateItems(options.update, actions),
      ...(mac ? [] : [{ type: 'separator' } as const, about]),
    ],
  }

  return [...appMenu, file, edit, view, windowMenu, help]
}

/** Help's update item: check, the download's progress, or the restart that installs it. */
function updateItems(
  update: UpdateStatusView | undefined,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  if (!update || update.state === 'off') return []
  const item = (label: string, enabled: boolean, click?: () => void) => [
    { type: 'separator' } as const,
    { id: 'update', label, enabled, ...(click ? { click } : {}) },
  ]
  switch (update.state) {
    case 'checking':
      return item('Checking for updates…', false)
    // No percent here: the menu is rebuilt on a change of state, not on each step of a download
    // (the window's banner shows the percent).
    case 'downloading':
      return item('Downloading update…', false)
    case 'ready':
      return item(`Restart to update to ${update.version}`, true, () => actions.installUpdate())
    case 'idle':
    case 'error':
      return item('Check for updates…', true, () => actions.checkForUpdates())
  }
}

/** The licences of the third-party code the app ships (scripts/third-party-notices.ts writes it). */
export const THIRD_PARTY_NOTICES = 'THIRD_PARTY_NOTICES.txt'

/**
 * Where Help → Third-party licences finds them: the packaged app's resources folder (a plain
 * file, electron-builder's `extraResources`, which the system's editor can open), else out/,
 * where `pnpm build` wrote it beside main's folder.
 */
export function licencesFile(options: {
  isPackaged: boolean
  resourcesPath: string
  mainDir: string
}): string {
  return options.isPackaged
    ? join(options.resourcesPath, THIRD_PARTY_NOTICES)
    : join(options.mainDir, '..', THIRD_PARTY_NOTICES)
}

/**
 * Who publishes the app and its website, from the app's package.json as packaged (electron-builder
 * writes the club's own there from CLUB_AUTHOR and CLUB_HOMEPAGE). Anything missing or malformed
 * leaves the field empty rather than failing the start.
 */
export function aboutFacts(manifest: unknown): { author: string; homepage: string } {
  const fields = (manifest ?? {}) as { author?: unknown; homepage?: unknown }
  const author =
    typeof fields.author === 'string'
      ? fields.author.replace(/\s*<[^>]*>\s*$/, '')
      : (fields.author as { name?: unknown } | undefined)?.name
  return {
    author: typeof author === 'string' ? author : '',
    homepage: typeof fields.homepage === 'string' ? fields.homepage : '',
  }
}

/** The About panel's pointer to the licences of the open-source code the app ships. */
export const LICENCES_CREDIT =
  'Includes open-source software, libheif and libvips under the GNU LGPL 3.0: Help → Third-party licences.'

/**
 * The About panel (`app.setAboutPanelOptions`): the name and version everywhere; macOS shows the
 * Electron build beside the version and the credits, Linux the website and authors, Windows the
 * credits and the icon (Help → About opens it outside macOS). The credits (Linux's copyright
 * line) name the third-party licences, as the LGPL asks where copyright notices are shown.
 */
export function aboutPanelOptions(options: {
  platform: NodeJS.Platform
  appName: string
  version: string
  electronVersion: string
  chromeVersion: string
  author: string
  homepage: string
  /** The Supabase project the build names (read-only); null in a development build. */
  project?: string | null
  iconPath?: string
}): AboutPanelOptionsOptions {
  const { platform } = options
  const project = options.project ? `Club project: ${options.project}. ` : ''
  const credits = `${project}Electron ${options.electronVersion}, Chromium ${options.chromeVersion}. ${LICENCES_CREDIT}`
  return {
    applicationName: options.appName,
    applicationVersion: options.version,
    // Linux's panel has no credits: the pointer goes under the copyright there.
    copyright: `Copyright © ${options.author}${platform === 'linux' ? `\n${project}${LICENCES_CREDIT}` : ''}`,
    ...(platform === 'darwin' ? { version: `Electron ${options.electronVersion}`, credits } : {}),
    ...(platform === 'win32' ? { credits } : {}),
    ...(platform === 'linux' ? { website: options.homepage, authors: [options.author] } : {}),
    ...(platform !== 'darwin' && options.iconPath ? { iconPath: options.iconPath } : {}),
  }
}
