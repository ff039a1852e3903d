/**
 * IMPORTANT: the Electron main process, kept to wiring. Every rule it applies (protocol,
 * IPC validation, credentials, menu, window state, security, uploads) lives in a plain
 * module beside it with its own tests; this file only hands them Electron's objects.
 */
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
import Store from 'electron-store'

import { createBackendClient } from '@club/core/supabase'
import {
  createConnectivity,
  createLibraryRecorder,
  createObjectUploader,
  probeBackend,
  defaultStateDir,
  uploadFolder,
} from '@club/photo-upload'

import type { IpcEvents, EventName } from '../shared/ipc-contract.ts'
import {
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  serveAppRequest,
  START_URL,
} from './app-protocol.ts'
import { createCredentialStore } from './credential-store.ts'
import type { Keystore } from './credential-store.ts'
import { createDesktopSettings } from './desktop-settings.ts'
import { installHandlers } from './ipc-handlers.ts'
import type { IpcMainLike, SenderPolicy } from './ipc-handlers.ts'
import { menuTemplate } from './menu-template.ts'
import {
  createSecureWindow,
  externalUrlToOpen,
  isNavigationAllowed,
  isPermissionGranted,
} from './security.ts'
import { createUploadService } from './upload-service.ts'
import { captureWindowState, MIN_SIZE, restoreWindowState } from './window-state.ts'

const here = fileURLToPath(new URL('.', import.meta.url))
const rendererDir = join(here, '../renderer')
const preloadPath = join(here, '../preload/index.cjs')
const isDev = !app.isPackaged

// Must happen before `ready`: a standard, secure scheme gets an origin, fetch and storage.
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

let mainWindow: BrowserWindow | null = null

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
  const settings = createDesktopSettings(settingsFile)
  const credentials = createCredentialStore({
    keystore,
    file: new Store({ name: 'credentials' }),
    logger: { warn: (message) => console.warn(message) },
  })

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

  const openExternal = (url: string) => {
    const safe = externalUrlToOpen(url)
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
    else credentials.clear()
  }

  const policy: SenderPolicy = {
    origin: APP_ORIGIN,
    webContentsId: () => mainWindow?.webContents.id,
  }
  // Electron's IpcMainInvokeEvent has more than the checks read; the shape they read is the same.
  const ipc = ipcMain as unknown as IpcMainLike

  const uploads = createUploadService({
    chooseFolder: async () => {
      const options = { title: 'Upload photos from folder', properties: ['openDirectory' as const] }
      const result = mainWindow
        ? await dialog.showOpenDialog(mainWindow, options)
        : await dialog.showOpenDialog(options)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    emit: (progress) => send('upload:progress', progress),
    run: async ({ folder, dryRun, retryFailed, signal, onProgress }) => {
      const config = settings.read()
      if (!config) throw new Error('Set the backend first')
      if (!credentials.keys().some((key) => credentials.getItem(key))) {
        throw new Error('Sign in first')
      }
      // The renderer's session, read and refreshed through the same encrypted store.
      const client = createBackendClient(
        { url: config.backendUrl, anonKey: config.anonKey },
        {
          storage: {
            getItem: (key) => credentials.getItem(key),
            setItem: (key, value) => void credentials.setItem(key, value),
            removeItem: (key) => credentials.removeItem(key),
          },
          autoRefreshToken: false,
        },
      )
      // While the backend cannot be reached the run waits (probing) and goes on when it is back.
      const connectivity = createConnectivity({
        probe: probeBackend(config.backendUrl, config.anonKey),
        signal,
      })
      const library = createLibraryRecorder(client, { connectivity })
      try {
        return await uploadFolder({
          folder,
          uploader: createObjectUploader(client, { connectivity }),
          library,
          connectivity,
          stateDir: defaultStateDir(folder, join(app.getPath('userData'), 'upload-state')),
          dryRun,
          retryFailed,
          signal,
          onProgress,
        })
      } finally {
        library.dispose()
      }
    },
  })

  installHandlers(ipc, policy, {
    'settings:get': () => settings.view(),
    'settings:save': (next) => settings.save(next),
  })
  installHandlers(ipc, policy, {
    'auth-storage:get': (key) => credentials.getItem(key),
    'auth-storage:set': (key, value) => credentials.setItem(key, value),
    'auth-storage:remove': (key) => {
      credentials.removeItem(key)
      return null
    },
    'credentials:status': () => credentials.status(),
    'credentials:allow-weak-keystore': (allow) => credentials.allowWeakKeystore(allow),
    'credentials:clear': () => {
      credentials.clear()
      return null
    },
  })
  installHandlers(ipc, policy, {
    'upload:choose-folder': () => uploads.chooseFolder(),
    'upload:start': (input) => uploads.start(input),
    'upload:cancel': (jobId) => uploads.cancel(jobId),
  })
  installHandlers(ipc, policy, { 'site:open-in-browser': () => openSiteInBrowser() })

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      menuTemplate({
        platform: process.platform,
        isDev,
        appName: app.getName(),
        actions: {
          send: (command) => send('menu:command', command),
          openSiteInBrowser,
          openDocumentation: () => {
            const docs = import.meta.env.MAIN_VITE_DOCUMENTATION_URL
            if (!docs || !openExternal(docs)) {
              void dialog.showMessageBox({
                type: 'info',
                message: 'Documentation',
                detail:
                  'The desktop app is described in apps/admin/README.md of the club site repository.',
              })
            }
          },
          signOut,
          showAbout: () => app.showAboutPanel(),
          quit: () => app.quit(),
        },
      }),
    ),
  )

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
  })

  createWindow(settingsFile)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow(settingsFile)
  })
}

function createWindow(store: Store) {
  const state = restoreWindowState(
    store.get('windowState'),
    screen.getAllDisplays().map((display) => display.workArea),
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
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null
  })
  void window.loadURL(START_URL)
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', () => {
    if (!mainWindow) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  void start()
}
