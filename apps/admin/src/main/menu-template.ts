/**
 * The native menu as data: a pure function of the platform and the development flag, so each
 * platform's menu is unit-tested without Electron. Undo and redo go to the renderer (the
 * editor's own undo handles them); the rest are Electron roles or the app's actions.
 */
import type { MenuItemConstructorOptions } from 'electron'

import type { MenuCommand } from '../shared/ipc-contract.ts'

/** What the menu's own items do; main supplies them. */
export type MenuActions = {
  /** Sends a command to the renderer. */
  send(command: MenuCommand): void
  openSiteInBrowser(): void
  openDocumentation(): void
  signOut(): void
  showAbout(): void
  quit(): void
}

/** The inputs of the template. */
export type MenuOptions = {
  platform: NodeJS.Platform
  /** Developer tools appear only in development. */
  isDev: boolean
  appName: string
  actions: MenuActions
}

/** Accelerators as each platform writes them (Cmd on macOS, Ctrl elsewhere). */
export function accelerators(platform: NodeJS.Platform) {
  const mac = platform === 'darwin'
  const mod = mac ? 'Cmd' : 'Ctrl'
  return {
    upload: `${mod}+Shift+U`,
    undo: `${mod}+Z`,
    redo: mac ? 'Shift+Cmd+Z' : 'Ctrl+Y',
    cut: `${mod}+X`,
    copy: `${mod}+C`,
    paste: `${mod}+V`,
    selectAll: `${mod}+A`,
    reload: `${mod}+R`,
    resetZoom: `${mod}+0`,
    zoomIn: `${mod}+Plus`,
    zoomOut: `${mod}+-`,
    fullScreen: mac ? 'Ctrl+Cmd+F' : 'F11',
    devTools: mac ? 'Alt+Cmd+I' : 'Ctrl+Shift+I',
    quit: platform === 'win32' ? 'Alt+F4' : `${mod}+Q`,
    minimize: `${mod}+M`,
    close: `${mod}+W`,
    settings: mac ? 'Cmd+,' : 'Ctrl+,',
  }
}

/**
 * The application menu. On macOS the first menu is the app's own (About, Settings, Quit), as
 * that platform expects; elsewhere Quit closes the File menu and About sits under Help.
 */
export function menuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const { platform, isDev, appName, actions } = options
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
    label: mac ? `Quit ${appName}` : 'Quit',
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
        id: 'open-site',
        label: 'Open the site in a browser',
        click: () => actions.openSiteInBrowser(),
      },
      { type: 'separator' },
      ...(mac ? [] : [settings, { type: 'separator' } as const]),
      { id: 'sign-out', label: 'Sign out', click: () => actions.signOut() },
      ...(mac ? [] : [{ type: 'separator' } as const, quit]),
    ],
  }

  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      { id: 'undo', label: 'Undo', accelerator: keys.undo, click: () => actions.send('undo') },
      { id: 'redo', label: 'Redo', accelerator: keys.redo, click: () => actions.send('redo') },
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
      { role: 'zoom' },
      ...(mac ? [{ type: 'separator' } as const, { role: 'front' } as const] : []),
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
      ...(mac ? [] : [about]),
    ],
  }

  return [...appMenu, file, edit, view, windowMenu, help]
}
