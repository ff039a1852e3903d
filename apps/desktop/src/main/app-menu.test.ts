import type { MenuItemConstructorOptions, MessageBoxOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'

import type { UpdateStatusView } from '../shared/ipc-contract.ts'
import { createAppMenu } from './app-menu.ts'
import type { AppMenuDeps } from './app-menu.ts'
import { DOCUMENTATION_NOTICE, folderGoneNotice, licencesMissingNotice } from './notices.ts'
import { UP_TO_DATE } from './updates.ts'

/** The menu item with `id` anywhere in a template. */
function item(template: MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions {
  for (const entry of template) {
    if (entry.id === id) return entry
    if (Array.isArray(entry.submenu)) {
      const found = item(entry.submenu, id)
      if (found.id === id) return found
    }
  }
  return {}
}

function setup(overrides: Partial<AppMenuDeps> = {}) {
  let status: UpdateStatusView = { state: 'idle' }
  let folders = ['/photos/spring', '/photos/gone']
  const menus: MenuItemConstructorOptions[][] = []
  const notices: MessageBoxOptions[] = []
  const asked: MessageBoxOptions[] = []
  const deps: AppMenuDeps = {
    platform: 'linux',
    isDev: false,
    appName: 'Club Admin',
    version: '1.2.3',
    setMenu: (template) => void menus.push(template),
    updates: { status: () => status, check: async () => status, install: () => true },
    recent: {
      list: () => folders,
      add: (folder) => void (folders = [folder, ...folders.filter((each) => each !== folder)]),
      remove: (folder) => void (folders = folders.filter((each) => each !== folder)),
      clear: () => void (folders = []),
    },
    actions: {
      send: vi.fn(),
      openSiteInBrowser: vi.fn(),
      signOut: vi.fn(),
      showAbout: vi.fn(),
      quit: vi.fn(),
    },
    openFolder: async (folder) => (folder.endsWith('gone') ? null : { folder }),
    showWindow: vi.fn(),
    ask: async (options) => {
      asked.push(options)
      return { response: 0 }
    },
    notice: (options) => void notices.push(options),
    openInBrowser: vi.fn(() => true),
    openPath: vi.fn(),
    fileExists: () => false,
    readText: () => '',
    logPath: '/logs/main.log',
    documentationUrl: undefined,
    licencesFile: '/app/THIRD_PARTY_NOTICES.txt',
    os: 'linux 6.8.0 (x64)',
    contact: 'webmaster@club.example',
    ...overrides,
  }
  const menu = createAppMenu(deps)
  const click = (id: string) => (item(menus.at(-1) ?? [], id).click as (() => void) | undefined)?.()
  const setStatus = (next: UpdateStatusView) => {
    status = next
    menu.updateChanged(next)
  }
  return { deps, menu, menus, notices, asked, click, setStatus, folders: () => folders }
}

describe('createAppMenu', () => {
  it('should build the menu again when the renderer’s state changes', () => {
    const { menu, menus } = setup()
    menu.install()
    menu.setState({ canUndo: true, canRedo: false, signedIn: true })
    expect(menus).toHaveLength(2)
    expect(item(menus[1]!, 'undo').enabled).toBe(true)
  })

  it('should build it again for a new update state, not for each step of a download', () => {
    const { menu, menus, setStatus } = setup()
    menu.install()
    setStatus({ state: 'downloading', version: '1.3.0', percent: 10 })
    setStatus({ state: 'downloading', version: '1.3.0', percent: 60 })
    expect(menus).toHaveLength(2)
    setStatus({ state: 'ready', version: '1.3.0' })
    expect(menus).toHaveLength(3)
  })

  it('should take a gone folder off Open Recent, saying why, and open one that is there', async () => {
    const { deps, menu, notices, click, folders } = setup()
    menu.install()
    click('recent-1')
    await vi.waitFor(() => expect(notices).toEqual([folderGoneNotice('/photos/gone')]))
    expect(folders()).toEqual(['/photos/spring'])
    click('recent-0')
    await vi.waitFor(() => expect(deps.actions.send).toHaveBeenCalledWith('upload-photos'))
    expect(deps.showWindow).toHaveBeenCalledTimes(1)
  })

  it('should open a problem report’s email only once the director has read it and agreed', async () => {
    const { deps, menu, asked, click } = setup({
      fileExists: (path) => path === '/logs/main.log',
      readText: () => 'upload started\nupload failed: 503',
    })
    menu.install()
    click('report-problem')
    await vi.waitFor(() => expect(deps.openInBrowser).toHaveBeenCalledTimes(1))
    expect(asked[0]?.detail).toContain('> upload failed: 503')
    const [mailto, allowMailto] = vi.mocked(deps.openInBrowser).mock.calls[0]!
    expect([mailto.startsWith('mailto:webmaster@club.example?'), allowMailto]).toEqual([true, true])
  })

  it('should say what is missing when the documentation or the licences are not in this build', () => {
    const { deps, menu, notices, click } = setup()
    menu.install()
    click('documentation')
    click('licences')
    expect(notices).toEqual([
      DOCUMENTATION_NOTICE,
      licencesMissingNotice('/app/THIRD_PARTY_NOTICES.txt'),
    ])
    expect(deps.openPath).not.toHaveBeenCalled()
  })

  it('should tell the director the outcome of an update check they asked for', async () => {
    const { menu, asked, click } = setup()
    menu.install()
    click('update')
    await vi.waitFor(() => expect(asked.map((options) => options.message)).toEqual([UP_TO_DATE]))
  })
})
