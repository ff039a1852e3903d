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
import type { MenuCommand } from '../shared/ipc-contract.ts'
import { APP_ORIGIN, APP_SCHEME, contentSecurityPolicy, serveAppRequest } from './app-protocol.ts'
import { createAppMenu } from './app-menu.ts'
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
import { contactAddress } from './problem-report.ts'
import { checkSupabaseProject } from './project-check.ts'
import { createMainRefresher } from './main-refresher.ts'
import { createRecentFolders } from './recent-folders.ts'
import { createSessionOwner } from './session-owner.ts'
import type { SessionOwner } from './session-owner.ts'
import { installHandlers } from './ipc-handlers.ts'
import type { IpcMainLike, SenderPolicy } from './ipc-handlers.ts'
import { createMainWindow } from './main-window.ts'
import { aboutFacts, aboutPanelOptions, licencesFile, screenOfCommand } from './menu-template.ts'
import { siteNotOpenedNotice } from './notices.ts'
import {
  createSecureWindow,
  externalUrlToOpen,
  guardContents,
  isPermissionGranted,
} from './security.ts'
import { createUpdates, updatesEnabled } from './updates.ts'
import { MIN_SIZE } from './window-state.ts'

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

/** Who refreshes the director's session: the window's client, or main with no window. */
let sessionOwner: SessionOwner | null = null
/** Where the window's place is kept (electron-store, opened once the app is ready). */
let settingsFile: Store | null = null
const windows = createMainWindow({
  make: (bounds) =>
    createSecureWindow(BrowserWindow, {
      bounds,
      minSize: MIN_SIZE,
      title: app.getName(),
      preload: preloadPath,
    }),
  workAreas: () => ({
    all: screen.getAllDisplays().map((display) => display.workArea),
    primary: screen.getPrimaryDisplay().workArea,
  }),
  store: {
    get: (key) => settingsFile?.get(key),
    set: (key, value) => settingsFile?.set(key, value),
  },
  messageBox: (window, options) =>
    window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options),
  onPageGone: () => sessionOwner?.rendererGone(),
})
const send = windows.send

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

const keystore: Keystore = {
  isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
  backend: () =>
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : process.platform,
}

async function start() {
  await app.whenReady()
  settingsFile = new Store({ name: 'settings' })
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

  const openInBrowser = (url: string, allowMailto = false) => {
    const safe = externalUrlToOpen(url, { allowMailto })
    if (safe) void shell.openExternal(safe)
    return safe !== null
  }

  const openSiteInBrowser = () => {
    const siteUrl = settings.read()?.siteUrl
    if (!siteUrl || !openInBrowser(siteUrl))
      void dialog.showMessageBox(siteNotOpenedNotice(siteUrl))
    return null
  }

  // The renderer signs out (supabase-js revokes the session, then clears it through
  // credentials:clear); with no window to ask, main clears the session itself.
  const signOut = () => {
    if (windows.current()) send('menu:command', 'sign-out')
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
    if (windows.current()) {
      send('menu:command', name)
      return
    }
    const route = screenOfCommand(name)
    if (route) windows.open(route)
  }

  const policy: SenderPolicy = {
    origin: APP_ORIGIN,
    webContentsId: () => windows.current()?.webContents.id,
  }
  // Electron's IpcMainInvokeEvent has more than the checks read; the shape they read is the same.
  const ipc = ipcMain as unknown as IpcMainLike

  // The window's client owns the session; with no window, main refreshes it itself (an upload
  // goes on with the window closed). The upload process only asks for fresh tokens.
  const owner = createSessionOwner({
    ask: (request) => {
      if (!windows.current()) return false
      send('auth:refresh-needed', request)
      return true
    },
    main: createMainRefresher({
      backend: () => settings.backend(),
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
  const recent = createRecentFolders(settingsFile, () => menu.install())

  // Each upload runs in a utilityProcess; the registry follows it (see desktop-uploads.ts).
  const uploads = startUploadJobs({
    log,
    recent,
    showJob: () => {
      windows.show()
      command('upload-photos')
    },
    modulePath: uploadProcessPath,
    window: () => windows.current(),
    send: (job) => send('upload:job', job),
    backend: () => settings.backend(),
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
      menu.updateChanged(status)
    },
  })
  // The application menu, built again whenever what it shows changes (app-menu.ts).
  const menu = createAppMenu({
    platform: process.platform,
    isDev,
    appName: app.getName(),
    version: app.getVersion(),
    setMenu: (template) => Menu.setApplicationMenu(Menu.buildFromTemplate(template)),
    updates,
    recent,
    actions: {
      send: (name) => command(name),
      openSiteInBrowser,
      signOut,
      // The window's About screen (the project, read-only); the panel with no window.
      showAbout: () => (windows.current() ? send('menu:command', 'about') : app.showAboutPanel()),
      quit: () => app.quit(),
    },
    openFolder: (folder) => uploads.registry.openFolder(folder),
    showWindow: () => windows.show(),
    ask: (options) => windows.ask(options),
    notice: (options) => void dialog.showMessageBox(options),
    openInBrowser,
    openPath: (path) => void shell.openPath(path),
    fileExists: existsSync,
    readText: (path) => readFileSync(path, 'utf8'),
    logPath: logPath(),
    documentationUrl: import.meta.env.MAIN_VITE_DOCUMENTATION_URL,
    licencesFile: licencesFile({
      isPackaged: app.isPackaged,
      resourcesPath: process.resourcesPath,
      mainDir: here,
    }),
    os: `${process.platform} ${release()} (${process.arch})`,
    contact,
  })
  installHandlers(ipc, policy, {
    'menu:state': (state) => {
      menu.setState(state)
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

  menu.install()
  // At start, then every few hours while the app runs.
  updates.schedule()

  app.on('web-contents-created', (_event, contents) => {
    // Navigation within the app only, no webview, no window: links go to the browser.
    guardContents(contents, (url) => void openInBrowser(url))
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
    if (window && window === windows.current()) owner.rendererGone()
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
    if (!windows.current()) windows.open(route)
    else {
      windows.show()
      send('app:open-route', route)
    }
  })
  if (!windows.current()) windows.open()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) windows.open()
  })
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', (_event, argv) => {
    const link = deepLinkFromArgv(argv)
    if (link) deepLinks.receive(link)
    windows.show()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  start().then(() => {
    started = true
  }, failStart)
}
