/**
 * IMPORTANT: the Electron main process, kept to wiring. Every rule it applies (protocol,
 * IPC validation, credentials, menu, window state, security, uploads) lives in a plain
 * module beside it with its own tests; this file only hands them Electron's objects.
 */
import { existsSync, readFileSync } from 'node:fs'
import { release } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron'
import log from 'electron-log/node'
import Store from 'electron-store'
import electronUpdater from 'electron-updater'

import { APP_ID, DEEP_LINK_SCHEME } from '../shared/app-identity.ts'
import type { IpcEvents, EventName, MenuCommand, MenuState } from '../shared/ipc-contract.ts'
import {
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  serveAppRequest,
  START_URL,
} from './app-protocol.ts'
import { installContextMenu } from './context-menu.ts'
import { CLUB_CONFIG_FILE, readBuiltClubConfig } from './club-config.ts'
import { createCredentialStore } from './credential-store.ts'
import type { Keystore } from './credential-store.ts'
import { createDeepLinks, deepLinkFromArgv } from './deep-links.ts'
import { createDesktopSettings } from './desktop-settings.ts'
import { logChildProcessGone, logConsoleMessage } from './diagnostics.ts'
import {
  handleRenderProcessGone,
  logProcessErrors,
  startupFailureDialog,
} from './error-handling.ts'
import { startUploadJobs } from './desktop-uploads.ts'
import { contactAddress, problemReport, problemReportDialog } from './problem-report.ts'
import { checkSupabaseProject } from './project-check.ts'
import { createMainRefresher } from './main-refresher.ts'
import { createRecentFolders, recentLabels } from './recent-folders.ts'
import { createSessionOwner } from './session-owner.ts'
import type { SessionOwner } from './session-owner.ts'
import { installHandlers } from './ipc-handlers.ts'
import type { IpcMainLike, SenderPolicy } from './ipc-handlers.ts'
import {
  aboutFacts,
  aboutPanelOptions,
  INITIAL_MENU_STATE,
  licencesFile,
  menuTemplate,
  screenOfCommand,
} from './menu-template.ts'
import {
  createSecureWindow,
  externalUrlToOpen,
  isNavigationAllowed,
  isPermissionGranted,
} from './security.ts'
import { checkAnswer, createUpdates, menuUpdateKey, updatesEnabled } from './updates.ts'
import { captureWindowState, MIN_SIZE, restoreWindowState } from './window-state.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const rendererDir = join(here, '../renderer')
const preloadPath = join(here, '../preload/index.cjs')
const uploadProcessPath = join(here, 'upload-process.js')
/** The club's project, as `pnpm build` wrote it beside main's folder (club-config.ts). */
const builtConfigPath = join(here, '..', CLUB_CONFIG_FILE)
const isDev = !app.isPackaged

// Windows shows the app's notifications only under its AppUserModelID, the builder's appId.
if (process.platform === 'win32') app.setAppUserModelId(APP_ID)

// Every error main meets reaches the log file the director can send (Help → Open log file).
// electron-log's Node logger: its Electron one would also answer IPC from any renderer.
app.setAppLogsPath()
const logFile = join(app.getPath('logs'), 'main.log')
log.transports.file.resolvePathFn = () => logFile
log.transports.file.level = 'info'
const logPath = () => logFile
let started = false
/** A start that failed says so, naming the log file, instead of leaving a windowless process. */
function failStart(error: unknown) {
  log.error('The app could not start:', error)
  const { title, content } = startupFailureDialog(error, logPath(), app.getName())
  dialog.showErrorBox(title, content)
  app.exit(1)
}
logProcessErrors(process, log, (error) => {
  if (!started) failStart(error)
})

// Must happen before `ready`: a standard, secure scheme gets an origin, fetch and storage.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

let mainWindow: BrowserWindow | null = null
/** Who refreshes the director's session: the window's client, or main with no window. */
let sessionOwner: SessionOwner | null = null

// club-admin:// links: macOS sends them with open-url (even before ready); a first launch on
// Windows and Linux has one in its argv, a later one arrives with second-instance.
const deepLinks = createDeepLinks()
app.on('open-url', (event, url) => {
  event.preventDefault()
  deepLinks.receive(url)
})
const launchLink = deepLinkFromArgv(process.argv)
if (launchLink) deepLinks.receive(launchLink)
// NSIS registers no scheme: the packaged Windows app registers itself (macOS and Linux have it
// from the package; see electron-builder.config.ts).
if (process.platform === 'win32' && app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME)

/** Brings the window to the front, restoring it if minimized. */
function showWindow() {
  if (!mainWindow) return
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

function send<E extends EventName>(event: E, payload: IpcEvents[E]) {
  mainWindow?.webContents.send(event, payload)
}

const keystore: Keystore = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  backend: () =>
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform,
}

async function start() {
  await app.whenReady()
  const settingsFile = new Store({ name: 'settings' })
  const settings = createDesktopSettings(settingsFile, readBuiltClubConfig(builtConfigPath))
  // Who Help → Report a problem writes to: the packaged manifest's author (CLUB_AUTHOR).
  const manifest: unknown = JSON.parse(readFileSync(join(app.getAppPath(), 'package.json'), 'utf8'))
  const contact = contactAddress(manifest)
  const credentials = createCredentialStore({
    keystore,
    file: new Store({ name: 'credentials' }),
    logger: { warn: (message) => log.warn(message) },
  })
  // A session belongs to the backend that issued it: another backend starts signed out.
  credentials.bindBackend(settings.read()?.backendUrl ?? null)

  protocol.handle(APP_SCHEME, (request) =>
    serveAppRequest(request, {
      rootDir: rendererDir,
      csp: contentSecurityPolicy({
        backendUrl: settings.read()?.backendUrl ?? null,
        siteUrl: settings.read()?.siteUrl ?? null,
      }),
    }),
  )
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(isPermissionGranted(permission)),
  )
  session.defaultSession.setPermissionCheckHandler((_contents, permission) =>
    isPermissionGranted(permission),
  )

  const openExternal = (url: string, allowMailto = false) => {
    const safe = externalUrlToOpen(url, { allowMailto })
    if (safe) void shell.openExternal(safe)
    return safe !== null
  }

  const openSiteInBrowser = () => {
    const siteUrl = settings.read()?.siteUrl
    if (!siteUrl || !openExternal(siteUrl)) {
      void dialog.showMessageBox({
        type: 'info',
        message: 'Only https addresses are opened from the app.',
        detail: siteUrl
          ? `Open ${siteUrl} in your browser yourself.`
          : 'Set the site address first.',
      })
    }
    return null
  }

  // The renderer signs out (supabase-js revokes the session, then clears it through
  // credentials:clear); with no window to ask, main clears the session itself.
  const signOut = () => {
    if (mainWindow) send('menu:command', 'sign-out')
    else {
      uploads.registry.signOut()
      credentials.clear()
    }
  }

  /**
   * A menu command (or a notification's click): to the window's page, or, with no window (macOS),
   * a window opened on the command's screen (a command sent to a loading page would be lost).
   */
  const command = (name: MenuCommand) => {
    if (mainWindow) {
      send('menu:command', name)
      return
    }
    const route = screenOfCommand(name)
    if (route) createWindow(settingsFile, route)
  }

  const policy: SenderPolicy = {
    origin: APP_ORIGIN,
    webContentsId: () => mainWindow?.webContents.id,
  }
  // Electron's IpcMainInvokeEvent has more than the checks read; the shape they read is the same.
  const ipc = ipcMain as unknown as IpcMainLike

  // The window's client owns the session; with no window, main refreshes it itself (an upload
  // goes on with the window closed). The upload process only asks for fresh tokens.
  const owner = createSessionOwner({
    ask: (request) => {
      if (!mainWindow) return false
      send('auth:refresh-needed', request)
      return true
    },
    main: createMainRefresher({
      backend: () => {
        const config = settings.read()
        return config ? { url: config.backendUrl, anonKey: config.anonKey } : null
      },
      storage: credentials,
      log,
    }),
  })
  sessionOwner = owner
  installHandlers(ipc, policy, { 'auth:refreshed': (id) => owner.answered(id) })
  // The page's storage adapter: its first read makes its client the owner, after main's
  // refresh under way (if any) is stored.
  const rendererSession = owner.storage(credentials)

  // File → Open Recent: the folders last chosen; the menu is built again when they change.
  const recent = createRecentFolders(settingsFile, () => installMenu())

  // Each upload runs in a utilityProcess; the registry follows it (see desktop-uploads.ts).
  const uploads = startUploadJobs({
    log,
    recent,
    showJob: () => {
      showWindow()
      command('upload-photos')
    },
    modulePath: uploadProcessPath,
    window: () => mainWindow,
    send: (job) => send('upload:job', job),
    backend: () => {
      const config = settings.read()
      return config ? { url: config.backendUrl, anonKey: config.anonKey } : null
    },
    credentials,
    refreshSession: (sentWith) => owner.refresh(sentWith),
  })

  installHandlers(ipc, policy, {
    'settings:get': () => settings.view(),
    'settings:save': async (next) => {
      // Saved only when the address answers as a Supabase project that takes the key.
      await checkSupabaseProject(next)
      // Another backend: the old one's session is gone, and so are the runs that used it.
      if (credentials.bindBackend(next.backendUrl)) uploads.registry.signOut()
      return settings.save(next)
    },
  })
  installHandlers(ipc, policy, {
    'app:info': () => ({
      name: app.getName(),
      version: app.getVersion(),
      platform: process.platform,
      electronVersion: process.versions.electron ?? '',
      chromeVersion: process.versions.chrome ?? '',
      contact,
    }),
  })
  installHandlers(ipc, policy, {
    'auth-storage:get': (key) => rendererSession.getItem(key),
    'auth-storage:set': (key, value) => rendererSession.setItem(key, value),
    'auth-storage:remove': (key) => rendererSession.removeItem(key),
    'credentials:status': () => credentials.status(),
    'credentials:allow-weak-keystore': (allow) => credentials.allowWeakKeystore(allow),
    'credentials:clear': () => {
      uploads.registry.signOut()
      credentials.clear()
      return null
    },
  })
  installHandlers(ipc, policy, uploads.handlers)
  installHandlers(ipc, policy, { 'site:open-in-browser': () => openSiteInBrowser() })

  // The menu is built again whenever the renderer's state or the update's state changes (not
  // on each step of a download: Help's item does not show it).
  let menuState: MenuState = INITIAL_MENU_STATE
  let menuUpdate = ''
  const updates = createUpdates({
    updater: updatesEnabled({
      isPackaged: app.isPackaged,
      feedFileExists: () => existsSync(join(process.resourcesPath, 'app-update.yml')),
    })
      ? electronUpdater.autoUpdater
      : null,
    log,
    onStatus: (status) => {
      send('update:status', status)
      if (menuUpdateKey(status) !== menuUpdate) installMenu()
    },
  })
  installHandlers(ipc, policy, {
    'menu:state': (state) => {
      menuState = state
      installMenu()
      return null
    },
    'update:get-status': () => updates.status(),
    'update:install': () => {
      updates.install()
      return null
    },
  })
  app.setAboutPanelOptions(
    aboutPanelOptions({
      platform: process.platform,
      appName: app.getName(),
      version: app.getVersion(),
      electronVersion: process.versions.electron,
      chromeVersion: process.versions.chrome,
      // The packaged manifest: electron-builder writes the club's author and homepage there.
      ...aboutFacts(manifest),
      project: settings.view().built?.backendUrl ?? null,
      // Windows and Linux show it (macOS the app's own): shipped in resources, or build/.
      iconPath: app.isPackaged
        ? join(process.resourcesPath, 'icon.png')
        : join(here, '../../../../build/icon.png'),
    }),
  )

  /** Help → Report a problem: the director sees the text first; the mail program sends it. */
  const reportProblem = async () => {
    const report = problemReport({
      appName: app.getName(),
      version: app.getVersion(),
      os: `${process.platform} ${release()} (${process.arch})`,
      log: existsSync(logPath()) ? readFileSync(logPath(), 'utf8') : '',
      logPath: logPath(),
      contact,
    })
    const options = problemReportDialog(report, contact)
    const answer = mainWindow
      ? await dialog.showMessageBox(mainWindow, options)
      : await dialog.showMessageBox(options)
    // A mailto: the app composed itself, never one from a page.
    if (report.mailto && answer.response === 0) openExternal(report.mailto, true)
  }

  /** Help → Check for updates…: the director hears the outcome, up to date or not. */
  const checkForUpdatesAsked = async () => {
    const outcome = checkAnswer(await updates.check(), app.getVersion())
    if (!outcome) return
    if (mainWindow) await dialog.showMessageBox(mainWindow, outcome)
    else await dialog.showMessageBox(outcome)
  }

  const openRecent = async (folder: string) => {
    const job = await uploads.registry.openFolder(folder)
    if (!job) {
      recent.remove(folder)
      void dialog.showMessageBox({
        type: 'info',
        message: 'That folder is gone',
        detail: `${folder} was moved or deleted: it is taken off Open Recent.`,
      })
      return
    }
    recent.add(folder)
    showWindow()
    command('upload-photos')
  }

  const installMenu = () => {
    menuUpdate = menuUpdateKey(updates.status())
    const folders = recent.list()
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({
          state: menuState,
          update: updates.status(),
          recent: recentLabels(folders),
          platform: process.platform,
          isDev,
          appName: app.getName(),
          actions: {
            send: (name) => command(name),
            openSiteInBrowser,
            openDocumentation: () => {
              const docs = import.meta.env.MAIN_VITE_DOCUMENTATION_URL
              if (!docs || !openExternal(docs)) {
                void dialog.showMessageBox({
                  type: 'info',
                  message: 'Documentation',
                  detail:
                    'The desktop app is described in apps/desktop/README.md of the club site repository.',
                })
              }
            },
            signOut,
            // The window's About screen (the project, read-only); the panel with no window.
            showAbout: () => (mainWindow ? send('menu:command', 'about') : app.showAboutPanel()),
            openLogFile: () => void shell.openPath(logPath()),
            reportProblem: () => void reportProblem(),
            openRecent: (index) => {
              const folder = folders[index]
              if (folder) void openRecent(folder)
            },
            clearRecent: () => recent.clear(),
            openLicences: () => {
              const file = licencesFile({
                isPackaged: app.isPackaged,
                resourcesPath: process.resourcesPath,
                mainDir: here,
              })
              if (existsSync(file)) void shell.openPath(file)
              else {
                void dialog.showMessageBox({
                  type: 'info',
                  message: 'Third-party licences',
                  detail: `${file} is missing: run pnpm --filter @club/desktop build.`,
                })
              }
            },
            checkForUpdates: () => void checkForUpdatesAsked(),
            installUpdate: () => void updates.install(),
            quit: () => app.quit(),
          },
        }),
      ),
    )
  }

  installMenu()
  // At start, then every few hours while the app runs.
  updates.schedule()

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isNavigationAllowed(url)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isNavigationAllowed(url)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      openExternal(url)
      return { action: 'deny' }
    })
    // The window's console errors reach the log file (secrets redacted).
    contents.on('console-message', (details) => logConsoleMessage(details, log))
    installContextMenu(contents, {
      platform: process.platform,
      isDev,
      preferredLanguages: () => app.getPreferredSystemLanguages(),
      popup: (template) => Menu.buildFromTemplate(template).popup(),
    })
  })
  // The upload process, the GPU process, any utility: none ends unnoticed.
  app.on('child-process-gone', (_event, details) => logChildProcessGone(details, log))
  app.on('render-process-gone', (_event, contents, details) => {
    const window = BrowserWindow.fromWebContents(contents)
    // Its client is gone: main refreshes until the reloaded page starts one again.
    if (window && window === mainWindow) owner.rendererGone()
    void handleRenderProcessGone(details, {
      log,
      logPath: logPath(),
      ask: (options) =>
        window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options),
      reload: () => contents.reload(),
      quit: () => app.quit(),
    })
  })

  // A link that launched the app opens the window on its route; a later one is sent to the page
  // (its router keeps an editor's unsaved changes from being dropped).
  deepLinks.ready((route) => {
    if (!mainWindow) createWindow(settingsFile, route)
    else {
      showWindow()
      send('app:open-route', route)
    }
  })
  if (!mainWindow) createWindow(settingsFile)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(settingsFile)
  })
}

function createWindow(store: Store, route?: string) {
  const state = restoreWindowState(
    store.get('windowState'),
    screen.getAllDisplays().map((display) => display.workArea),
    screen.getPrimaryDisplay().workArea,
  )
  const window = createSecureWindow(BrowserWindow, {
    bounds: { x: state.x, y: state.y, width: state.width, height: state.height },
    minSize: MIN_SIZE,
    title: app.getName(),
    preload: preloadPath,
  })
  mainWindow = window
  if (state.isMaximized) window.maximize()
  window.once('ready-to-show', () => window.show())
  const save = () =>
    store.set('windowState', captureWindowState(window.getNormalBounds(), window.isMaximized()))
  window.on('resized', save)
  window.on('moved', save)
  window.on('close', save)
  // A page (re)loading has no client yet: main refreshes until its client reads the session.
  window.webContents.on('did-start-loading', () => {
    if (mainWindow === window) sessionOwner?.rendererGone()
  })
  window.on('closed', () => {
    if (mainWindow !== window) return
    mainWindow = null
    // No window: main keeps the session fresh for the uploads still running.
    sessionOwner?.rendererGone()
  })
  void window.loadURL(route ? `${APP_ORIGIN}${route}` : START_URL)
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkFromArgv(argv)
    if (link) deepLinks.receive(link)
    showWindow()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  start().then(() => {
    started = true
  }, failStart)
}
