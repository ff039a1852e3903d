import { join } from 'node:path'

import type { MenuItemConstructorOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'
import type { Mock } from 'vitest'

import {
  aboutFacts,
  aboutPanelOptions,
  LICENCES_CREDIT,
  licencesFile,
  menuTemplate,
  screenOfCommand,
} from './menu-template.ts'
import type { MenuActions, MenuOptions } from './menu-template.ts'
import { deepLinkRoute } from './deep-links.ts'
import { MENU_COMMANDS } from '../shared/ipc-contract.ts'

const actions = (): MenuActions => ({
  send: vi.fn(),
  openSiteInBrowser: vi.fn(),
  openDocumentation: vi.fn(),
  signOut: vi.fn(),
  showAbout: vi.fn(),
  openLogFile: vi.fn(),
  reportProblem: vi.fn(),
  openRecent: vi.fn(),
  clearRecent: vi.fn(),
  openLicences: vi.fn(),
  checkForUpdates: vi.fn(),
  installUpdate: vi.fn(),
  quit: vi.fn(),
})

const build = (
  platform: NodeJS.Platform,
  isDev = false,
  menuActions = actions(),
  extra: Pick<MenuOptions, 'state' | 'update'> = {},
) => menuTemplate({ platform, isDev, appName: 'Club Admin', actions: menuActions, ...extra })

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
      'Open Recent',
      'Staff',
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

  it('should redo with Shift+Cmd+Z on macOS, Ctrl+Y on Windows and Ctrl+Shift+Z on Linux', () => {
    expect([
      byId(build('darwin'), 'redo')?.accelerator,
      byId(build('win32'), 'redo')?.accelerator,
      byId(build('linux'), 'redo')?.accelerator,
    ]).toEqual(['Shift+Cmd+Z', 'Ctrl+Y', 'Ctrl+Shift+Z'])
  })

  it('should call Quit Exit on Windows', () => {
    expect([
      byId(build('win32'), 'quit')?.label,
      byId(build('linux'), 'quit')?.label,
      byId(build('darwin'), 'quit')?.label,
    ]).toEqual(['Exit', 'Quit', 'Quit Club Admin'])
  })

  it('should have the zoom role in the Window menu on macOS only', () => {
    const hasZoom = (platform: NodeJS.Platform) =>
      items(build(platform), 'windowMenu').some((item) => item.role === 'zoom')
    expect([hasZoom('darwin'), hasZoom('linux'), hasZoom('win32')]).toEqual([true, false, false])
  })

  it('should disable Undo, Redo and Sign out before the renderer reports its state', () => {
    const menu = build('linux')
    expect(['undo', 'redo', 'sign-out'].map((id) => byId(menu, id)?.enabled)).toEqual([
      false,
      false,
      false,
    ])
  })

  it('should enable Undo only when there is something to undo', () => {
    const menu = build('win32', false, actions(), {
      state: { canUndo: true, canRedo: false, signedIn: false },
    })
    expect([byId(menu, 'undo')?.enabled, byId(menu, 'redo')?.enabled]).toEqual([true, false])
  })

  it('should enable Sign out only when signed in', () => {
    const signedIn = (value: boolean) =>
      byId(
        build('darwin', false, actions(), {
          state: { canUndo: false, canRedo: false, signedIn: value },
        }),
        'sign-out',
      )?.enabled
    expect([signedIn(true), signedIn(false)]).toEqual([true, false])
  })

  it('should open the log file from Help', () => {
    const menuActions = actions()
    click(byId(build('darwin', false, menuActions), 'open-log'))
    expect(menuActions.openLogFile).toHaveBeenCalled()
  })

  it.each(['darwin', 'linux', 'win32'] as const)(
    'should open the third-party licences from Help on %s',
    (platform) => {
      const menuActions = actions()
      const item = byId(build(platform, false, menuActions), 'licences')
      click(item)
      expect(item?.label).toBe('Third-party licences')
      expect(menuActions.openLicences).toHaveBeenCalledTimes(1)
    },
  )

  it('should have no update item while updates are off', () => {
    expect(byId(build('linux', false, actions(), { update: { state: 'off' } }), 'update')).toBe(
      undefined,
    )
  })

  it.each([
    [{ state: 'idle' }, 'Check for updates…', true],
    [{ state: 'checking' }, 'Checking for updates…', false],
    [{ state: 'downloading', version: '0.2.0', percent: 42.7 }, 'Downloading update…', false],
    [{ state: 'ready', version: '0.2.0' }, 'Restart to update to 0.2.0', true],
    [{ state: 'error', message: 'offline' }, 'Check for updates…', true],
  ] as const)('should show the update %o in Help', (update, label, enabled) => {
    const item = byId(build('win32', false, actions(), { update }), 'update')
    expect([item?.label, item?.enabled]).toEqual([label, enabled])
  })

  it('should install a downloaded update from Help, and check otherwise', () => {
    const menuActions = actions()
    click(
      byId(
        build('linux', false, menuActions, { update: { state: 'ready', version: '1' } }),
        'update',
      ),
    )
    click(byId(build('linux', false, menuActions, { update: { state: 'idle' } }), 'update'))
    expect(
      [menuActions.installUpdate, menuActions.checkForUpdates].map(
        (fn) => vi.mocked(fn).mock.calls.length,
      ),
    ).toEqual([1, 1])
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

  it('should open the Staff screen from the File menu once signed in', () => {
    const menuActions = actions()
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const file = items(build(platform, false, menuActions), 'File')
      const staff = file.find((item) => item.id === 'staff')
      expect(staff?.label).toBe('Staff')
      expect(staff?.enabled).toBe(false)
      const signedIn = build(platform, false, menuActions, {
        state: { canUndo: false, canRedo: false, signedIn: true },
      })
      expect(byId(signedIn, 'staff')?.enabled).toBe(true)
      click(byId(signedIn, 'staff'))
    }
    expect((menuActions.send as Mock).mock.calls).toEqual([['staff'], ['staff'], ['staff']])
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

  it('should have documentation, the shortcuts, Report a problem, the log file and About under Help elsewhere than macOS', () => {
    expect(items(build('win32'), 'help').map((item) => item.id ?? item.type)).toEqual([
      'documentation',
      'shortcuts',
      'separator',
      'report-problem',
      'open-log',
      'licences',
      'separator',
      'about',
    ])
  })

  it('should keep About in the app menu on macOS', () => {
    expect([
      items(build('darwin'), 'Club Admin')[0]?.id,
      items(build('darwin'), 'help').some((item) => item.id === 'about'),
    ]).toEqual(['about', false])
  })
})

describe('aboutPanelOptions', () => {
  const about = (platform: NodeJS.Platform) =>
    aboutPanelOptions({
      platform,
      appName: 'Club Admin',
      version: '0.1.0',
      electronVersion: '45.4.1',
      chromeVersion: '142.0.0.0',
      author: 'Club webmaster',
      homepage: 'https://example.org',
      iconPath: '/opt/club-admin/icon.png',
    })

  it.each(['darwin', 'linux', 'win32'] as const)('should show the version on %s', (platform) => {
    expect(about(platform)).toMatchObject({
      applicationName: 'Club Admin',
      applicationVersion: '0.1.0',
      copyright: expect.stringMatching(/^Copyright © Club webmaster(\n|$)/),
    })
  })

  it('should add the Electron build and credits on macOS, without an icon path', () => {
    const options = about('darwin')
    expect([options.version, options.credits, options.iconPath]).toEqual([
      'Electron 45.4.1',
      `Electron 45.4.1, Chromium 142.0.0.0. ${LICENCES_CREDIT}`,
      undefined,
    ])
  })

  it('should add the website, authors and icon on Linux', () => {
    expect(about('linux')).toMatchObject({
      website: 'https://example.org',
      authors: ['Club webmaster'],
      copyright: `Copyright © Club webmaster\n${LICENCES_CREDIT}`,
      iconPath: '/opt/club-admin/icon.png',
    })
  })

  it('should add the credits and icon on Windows', () => {
    expect(about('win32')).toMatchObject({
      credits: `Electron 45.4.1, Chromium 142.0.0.0. ${LICENCES_CREDIT}`,
      iconPath: '/opt/club-admin/icon.png',
    })
  })
})

describe('licencesFile', () => {
  it('should be the copy in the resources folder in the packaged app', () => {
    expect(
      licencesFile({ isPackaged: true, resourcesPath: '/opt/Club Admin/resources', mainDir: '/x' }),
    ).toBe(join('/opt/Club Admin/resources', 'THIRD_PARTY_NOTICES.txt'))
  })

  it('should be the one the build wrote to out/ in development', () => {
    expect(
      licencesFile({ isPackaged: false, resourcesPath: '/electron', mainDir: '/app/out/main' }),
    ).toBe(join('/app/out', 'THIRD_PARTY_NOTICES.txt'))
  })
})

describe('aboutFacts', () => {
  it('should read the author object and homepage electron-builder writes', () => {
    expect(
      aboutFacts({
        author: { name: 'Bethesda Club', email: 'web@club.example' },
        homepage: 'https://www.club.example',
      }),
    ).toEqual({ author: 'Bethesda Club', homepage: 'https://www.club.example' })
  })

  it('should read an author written as one string, without the address', () => {
    expect(aboutFacts({ author: 'Bethesda Club <web@club.example>' }).author).toBe('Bethesda Club')
  })

  it('should leave out what is missing or not text', () => {
    expect(aboutFacts({ author: 42, homepage: null })).toEqual({ author: '', homepage: '' })
    expect(aboutFacts(null)).toEqual({ author: '', homepage: '' })
  })
})

describe('File → Open Recent and Help’s new items', () => {
  it('should list the recent folders, newest first, with Clear Menu', () => {
    const acts = actions()
    const template = menuTemplate({
      platform: 'linux',
      isDev: false,
      appName: 'Club Admin',
      actions: acts,
      recent: ['finals', 'opening-day'],
    })
    const recent = (byId(template, 'open-recent')?.submenu ?? []) as MenuItemConstructorOptions[]
    expect(recent.map((item) => item.label ?? item.type)).toEqual([
      'finals',
      'opening-day',
      'separator',
      'Clear Menu',
    ])
    ;(recent[1]?.click as () => void)()
    ;(recent[3]?.click as () => void)()
    expect([acts.openRecent, acts.clearRecent].map((fn) => (fn as Mock).mock.calls)).toEqual([
      [[1]],
      [[]],
    ])
  })

  it('should grey Clear Menu out when there is nothing recent', () => {
    const recent = (byId(build('win32'), 'open-recent')?.submenu ??
      []) as MenuItemConstructorOptions[]
    expect(recent.map((item) => [item.label, item.enabled])).toEqual([['Clear Menu', false]])
  })

  it('should send Keyboard shortcuts to the window and open Report a problem in main', () => {
    const acts = actions()
    const template = menuTemplate({
      platform: 'darwin',
      isDev: false,
      appName: 'Club Admin',
      actions: acts,
    })
    ;(byId(template, 'shortcuts')?.click as () => void)()
    ;(byId(template, 'report-problem')?.click as () => void)()
    expect([(acts.send as Mock).mock.calls, (acts.reportProblem as Mock).mock.calls]).toEqual([
      [['shortcuts']],
      [[]],
    ])
  })
})

describe('screenOfCommand', () => {
  it('should name the screen a window opens on for a command given with no window, one the app routes', () => {
    expect(
      Object.fromEntries(MENU_COMMANDS.map((command) => [command, screenOfCommand(command)])),
    ).toEqual({
      undo: null,
      redo: null,
      'sign-out': null,
      'upload-photos': '/desktop/upload',
      settings: '/desktop/settings',
      staff: '/admin/staff',
      about: '/desktop/about',
      shortcuts: '/desktop/shortcuts',
    })
    // The same screens a club-admin:// link may open.
    for (const command of MENU_COMMANDS) {
      const screen = screenOfCommand(command)
      if (screen) expect(deepLinkRoute(`club-admin:/${screen}`)).toBe(screen)
    }
  })
})
