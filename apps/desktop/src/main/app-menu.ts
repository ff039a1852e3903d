/**
 * The application menu, live: menu-template.ts's menu with what the renderer last reported, the
 * update's status and the recent folders, built again whenever one of them changes (not on each
 * step of a download: Help's item does not show it); and what its items do beyond a command to
 * the page: Open Recent, Help's report, documentation, licences and update check. Electron's
 * calls come in as deps, so tests click the items with fakes.
 */
import type { MenuItemConstructorOptions, MessageBoxOptions } from 'electron'

import type { MenuState, UpdateStatusView } from '../shared/ipc-contract.ts'
import { INITIAL_MENU_STATE, menuTemplate } from './menu-template.ts'
import type { MenuActions } from './menu-template.ts'
import { DOCUMENTATION_NOTICE, folderGoneNotice, licencesMissingNotice } from './notices.ts'
import { problemReport, problemReportDialog } from './problem-report.ts'
import { recentLabels } from './recent-folders.ts'
import type { RecentFolders } from './recent-folders.ts'
import { checkAnswer, menuUpdateKey } from './updates.ts'
import type { Updates } from './updates.ts'

export type AppMenuDeps = {
  platform: NodeJS.Platform
  isDev: boolean
  appName: string
  version: string
  /** Makes `template` the application menu (Menu.setApplicationMenu of buildFromTemplate). */
  setMenu: (template: MenuItemConstructorOptions[]) => void
  updates: Pick<Updates, 'status' | 'check' | 'install'>
  recent: Pick<RecentFolders, 'list' | 'add' | 'remove' | 'clear'>
  /** The items main answers elsewhere: a command to the page (or a window opened on it), … */
  actions: Pick<MenuActions, 'send' | 'openSiteInBrowser' | 'signOut' | 'showAbout' | 'quit'>
  /** Opens a folder for upload (desktop-uploads' registry): null when it is gone. */
  openFolder: (folder: string) => Promise<unknown>
  /** Brings the window to the front. */
  showWindow: () => void
  /** A message box over the window (main-window.ts's ask). */
  ask: (options: MessageBoxOptions) => Promise<{ response: number }>
  /** A notice on its own (notices.ts). */
  notice: (options: MessageBoxOptions) => void
  /**
   * Opens an address in the system browser, when security.ts allows it; says whether it did. It
   * is main's one `shell.openExternal` call, the one the security scan has reviewed
   * (scripts/security-check.ts).
   */
  openInBrowser: (url: string, allowMailto?: boolean) => boolean
  /** Opens a file with the system's program for it. */
  openPath: (path: string) => void
  fileExists: (path: string) => boolean
  /** A file's text ('' when it cannot be read). */
  readText: (path: string) => string
  logPath: string
  /** Help → Documentation's address (MAIN_VITE_DOCUMENTATION_URL), if the build has one. */
  documentationUrl: string | undefined
  /** THIRD_PARTY_NOTICES.txt where this build has it (menu-template.ts's licencesFile). */
  licencesFile: string
  /** The system, for the problem report: "linux 6.8.0 (x64)". */
  os: string
  /** Who a problem report is written to (problem-report.ts's contactAddress). */
  contact: string | null
}

export function createAppMenu(deps: AppMenuDeps) {
  let state: MenuState = INITIAL_MENU_STATE
  let updateKey = ''

  /** Help → Report a problem: the director sees the text first; the mail program sends it. */
  const reportProblem = async () => {
    const report = problemReport({
      appName: deps.appName,
      version: deps.version,
      os: deps.os,
      log: deps.fileExists(deps.logPath) ? deps.readText(deps.logPath) : '',
      logPath: deps.logPath,
      contact: deps.contact,
    })
    const answer = await deps.ask(problemReportDialog(report, deps.contact))
    // A mailto: the app composed itself, never one from a page.
    if (report.mailto && answer.response === 0) deps.openInBrowser(report.mailto, true)
  }

  /** Help → Check for updates…: the director hears the outcome, up to date or not. */
  const checkForUpdates = async () => {
    const outcome = checkAnswer(await deps.updates.check(), deps.version)
    if (outcome) await deps.ask(outcome)
  }

  /** File → Open Recent: a folder that is gone leaves the list, with a word why. */
  const openRecent = async (folder: string) => {
    if (!(await deps.openFolder(folder))) {
      deps.recent.remove(folder)
      deps.notice(folderGoneNotice(folder))
      return
    }
    deps.recent.add(folder)
    deps.showWindow()
    deps.actions.send('upload-photos')
  }

  const install = () => {
    updateKey = menuUpdateKey(deps.updates.status())
    const folders = deps.recent.list()
    deps.setMenu(
      menuTemplate({
        state,
        update: deps.updates.status(),
        recent: recentLabels(folders),
        platform: deps.platform,
        isDev: deps.isDev,
        appName: deps.appName,
        actions: {
          ...deps.actions,
          openDocumentation: () => {
            const docs = deps.documentationUrl
            if (!docs || !deps.openInBrowser(docs)) deps.notice(DOCUMENTATION_NOTICE)
          },
          openLogFile: () => deps.openPath(deps.logPath),
          reportProblem: () => void reportProblem(),
          openRecent: (index) => {
            const folder = folders[index]
            if (folder) void openRecent(folder)
          },
          clearRecent: () => deps.recent.clear(),
          openLicences: () => {
            if (deps.fileExists(deps.licencesFile)) deps.openPath(deps.licencesFile)
            else deps.notice(licencesMissingNotice(deps.licencesFile))
          },
          checkForUpdates: () => void checkForUpdates(),
          installUpdate: () => void deps.updates.install(),
        },
      }),
    )
  }

  return {
    install,
    /** What the renderer reports (undo, redo, signed in): the menu follows it. */
    setState(next: MenuState) {
      state = next
      install()
    },
    /** The update's status: the menu again only when Help's update item changes. */
    updateChanged(status: UpdateStatusView) {
      if (menuUpdateKey(status) !== updateKey) install()
    },
  }
}
