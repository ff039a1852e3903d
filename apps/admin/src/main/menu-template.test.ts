import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'

import { menuTemplate } from './menu-template.ts'
import type { MenuActions } from './menu-template.ts'

const actions = (): MenuActions => ({
  send: vi.fn(),
  openSiteInBrowser: vi.fn(),
  openDocumentation: vi.fn(),
  signOut: vi.fn(),
  showAbout: vi.fn(),
  quit: vi.fn(),
})

const build = (platform: NodeJS.Platform, isDev = false, menuActions = actions()) =>
  menuTemplate({ platform, isDev, appName: 'Club Admin', actions: menuActions })

const items = (menu: MenuItemConstructorOptions[], label: string) => {
  const found = menu.find((entry) => entry.label === label || entry.role === label)
  return (found?.submenu ?? []) as MenuItemConstructorOptions[]
}
const byId = (menu: MenuItemConstructorOptions[], id: string) =>
  menu
    .flatMap((entry) => (entry.submenu ?? []) as MenuItemConstructorOptions[])
    .find((item) => item.id === id)
const click = (item: MenuItemConstructorOptions | undefined) =>
  (item?.click as (() => void) | undefined)?.()

describe('menuTemplate', () => {
  it('should start with the app menu on macOS', () => {
    expect(build('darwin').map((entry) => entry.label ?? entry.role)).toEqual([
      'Club Admin',
      'File',
      'Edit',
      'View',
      'windowMenu',
      'help',
    ])
  })

  it.each(['linux', 'win32'] as const)('should have no app menu on %s', (platform) => {
    expect(build(platform).map((entry) => entry.label ?? entry.role)).toEqual([
      'File',
      'Edit',
      'View',
      'windowMenu',
      'help',
    ])
  })

  it('should list the File items in order on Linux', () => {
    const labels = items(build('linux'), 'File')
      .filter((item) => item.type !== 'separator')
      .map((item) => item.label)
    expect(labels).toEqual([
      'Upload photos from folder…',
      'Open the site in a browser',
      'Settings',
      'Sign out',
      'Quit',
    ])
  })

  it('should use Cmd accelerators on macOS', () => {
    expect(byId(build('darwin'), 'undo')?.accelerator).toBe('Cmd+Z')
  })

  it('should use Ctrl accelerators on Linux', () => {
    expect(byId(build('linux'), 'undo')?.accelerator).toBe('Ctrl+Z')
  })

  it('should redo with Shift+Cmd+Z on macOS and Ctrl+Y on Windows', () => {
    expect([
      byId(build('darwin'), 'redo')?.accelerator,
      byId(build('win32'), 'redo')?.accelerator,
    ]).toEqual(['Shift+Cmd+Z', 'Ctrl+Y'])
  })

  it('should quit with Alt+F4 on Windows', () => {
    expect(byId(build('win32'), 'quit')?.accelerator).toBe('Alt+F4')
  })

  it('should put Quit in the app menu on macOS', () => {
    expect(items(build('darwin'), 'Club Admin').some((item) => item.id === 'quit')).toBe(true)
  })

  it('should send undo to the renderer', () => {
    const menuActions = actions()
    click(byId(build('linux', false, menuActions), 'undo'))
    expect(menuActions.send).toHaveBeenCalledWith('undo')
  })

  it('should send the upload command to the renderer', () => {
    const menuActions = actions()
    click(byId(build('darwin', false, menuActions), 'upload-photos'))
    expect(menuActions.send).toHaveBeenCalledWith('upload-photos')
  })

  it('should sign out through main', () => {
    const menuActions = actions()
    click(byId(build('win32', false, menuActions), 'sign-out'))
    expect(menuActions.signOut).toHaveBeenCalled()
  })

  it('should hold cut, copy, paste and select all as roles', () => {
    const roles = items(build('linux'), 'Edit')
      .map((item) => item.role)
      .filter(Boolean)
    expect(roles).toEqual(['cut', 'copy', 'paste', 'selectAll'])
  })

  it('should offer developer tools only in development', () => {
    const hasDevTools = (isDev: boolean) =>
      items(build('linux', isDev), 'View').some((item) => item.role === 'toggleDevTools')
    expect([hasDevTools(false), hasDevTools(true)]).toEqual([false, true])
  })

  it('should have reload, zoom and full screen in View', () => {
    const roles = items(build('darwin'), 'View')
      .map((item) => item.role)
      .filter(Boolean)
    expect(roles).toEqual(['reload', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
  })

  it('should have documentation and about under Help elsewhere than macOS', () => {
    expect(items(build('win32'), 'help').map((item) => item.id)).toEqual(['documentation', 'about'])
  })
})
