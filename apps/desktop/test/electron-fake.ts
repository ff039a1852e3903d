/**
 * A recording stand-in for the `electron` module, for loading the real main entry in Node
 * (tests/main-wiring.test.ts). It keeps what main registers (IPC handlers, protocol handlers,
 * app and window listeners) so the test can call them as Electron would, and records what main
 * asks of the desktop (power-save, progress bar, dialogs, notifications, utility processes).
 * Only Electron is stood in for: main's own modules run for real.
 */
import { EventEmitter } from 'node:events'

type Listener = (...args: unknown[]) => unknown

/** A recorded call: what was asked, with its arguments. */
export type Call = [name: string, ...args: unknown[]]

export function createElectronFake(options: {
  userData: string
  appPath: string
  /** The platform main sees as process.platform (the test sets process.platform itself). */
  argv?: string[]
}) {
  const calls: Call[] = []
  const record =
    <R>(name: string, result?: () => R) =>
    (...args: unknown[]): R => {
      calls.push([name, ...args])
      return result?.() as R
    }
  const count = (name: string) => calls.filter(([called]) => called === name).length

  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    whenReady: () => Promise.resolve(),
    getName: () => 'Club Admin',
    getVersion: () => '0.1.0',
    getPath: (name: string) => `${options.userData}/${name}`,
    // Unpackaged, the app's folder is the one whose package.json `electron .` starts.
    getAppPath: () => options.appPath,
    requestSingleInstanceLock: () => true,
    quit: record('app.quit'),
    exit: record('app.exit'),
    showAboutPanel: record('app.showAboutPanel'),
    setAboutPanelOptions: record('app.setAboutPanelOptions'),
    setAppLogsPath: record('app.setAppLogsPath'),
    setAppUserModelId: record('app.setAppUserModelId'),
    setAsDefaultProtocolClient: record('app.setAsDefaultProtocolClient', () => true),
    getPreferredSystemLanguages: () => ['en-US'],
  })

  let nextContentsId = 1
  class FakeWebContents extends EventEmitter {
    readonly id = nextContentsId++
    // The window's session is the default one, as main's windows use.
    get session() {
      return session.defaultSession
    }
    windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
    send = record('webContents.send')
    setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler
    }
  }

  class FakeBrowserWindow extends EventEmitter {
    static windows: FakeBrowserWindow[] = []
    static getAllWindows = () => [...FakeBrowserWindow.windows]
    /** The window with the focus; the test sets it (none by default: the director is elsewhere). */
    static focused: FakeBrowserWindow | null = null
    static getFocusedWindow = () => FakeBrowserWindow.focused
    readonly webContents = new FakeWebContents()
    readonly options: Record<string, unknown>
    constructor(options: Record<string, unknown>) {
      super()
      this.options = options
      FakeBrowserWindow.windows.push(this)
      app.emit('browser-window-created', {}, this)
      app.emit('web-contents-created', {}, this.webContents)
    }
    setProgressBar = record('window.setProgressBar')
    loadURL = record('window.loadURL', () => Promise.resolve())
    show = record('window.show')
    maximize = record('window.maximize')
    isMaximized = () => false
    isMinimized = () => false
    restore = record('window.restore')
    focus = record('window.focus')
    getNormalBounds = () => ({ x: 0, y: 0, width: 1200, height: 800 })
  }

  const ipcHandlers = new Map<string, Listener>()
  const ipcMain = {
    handle: (channel: string, listener: Listener) => void ipcHandlers.set(channel, listener),
    removeHandler: (channel: string) => void ipcHandlers.delete(channel),
    on: record('ipcMain.on'),
  }

  const protocolHandlers = new Map<string, (request: Request) => Promise<Response>>()
  const protocol = {
    registerSchemesAsPrivileged: record('protocol.registerSchemesAsPrivileged'),
    handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
      void protocolHandlers.set(scheme, handler),
  }

  const permissionHandlers: { request?: Listener; check?: Listener } = {}
  const session = {
    defaultSession: {
      setPermissionRequestHandler: (handler: Listener) =>
        void (permissionHandlers.request = handler),
      setPermissionCheckHandler: (handler: Listener) => void (permissionHandlers.check = handler),
      availableSpellCheckerLanguages: ['en-US', 'de-DE'],
      setSpellCheckerLanguages: record('session.setSpellCheckerLanguages'),
    },
  }

  /** Each utility process main forks: a scripted child the test speaks for. */
  class FakeUtilityProcess extends EventEmitter {
    readonly received: unknown[] = []
    /** Its output, when forked with `stdio: 'pipe'` (the test writes to them). */
    readonly stdout = new EventEmitter()
    readonly stderr = new EventEmitter()
    readonly modulePath: string
    constructor(modulePath: string) {
      super()
      this.modulePath = modulePath
      // Spawning takes a moment, as in Electron.
      setImmediate(() => this.emit('spawn'))
    }
    postMessage(message: unknown) {
      this.received.push(message)
    }
    kill = record('utilityProcess.kill', () => true)
  }
  const forked: FakeUtilityProcess[] = []
  const utilityProcess = {
    fork: (modulePath: string, args: string[], forkOptions: unknown) => {
      calls.push(['utilityProcess.fork', modulePath, args, forkOptions])
      const child = new FakeUtilityProcess(modulePath)
      forked.push(child)
      return child
    },
  }

  let nextBlocker = 1
  const powerSaveBlocker = {
    start: record('powerSaveBlocker.start', () => nextBlocker++),
    stop: record('powerSaveBlocker.stop'),
  }

  const notifications: Notification[] = []
  class Notification extends EventEmitter {
    static isSupported = () => true
    constructor(options: { title: string; body: string }) {
      super()
      calls.push(['new Notification', options])
      notifications.push(this)
    }
    show = record('notification.show')
  }

  /** The answers the dialogs give; the test sets them. */
  const answers = {
    openDialog: { canceled: true, filePaths: [] as string[] },
    messageBox: { response: 0 },
  }
  const dialog = {
    showOpenDialog: record('dialog.showOpenDialog', () => Promise.resolve(answers.openDialog)),
    showMessageBox: record('dialog.showMessageBox', () => Promise.resolve(answers.messageBox)),
    showErrorBox: record('dialog.showErrorBox'),
  }

  const Menu = {
    buildFromTemplate: (template: unknown[]) => ({ template }),
    setApplicationMenu: record('Menu.setApplicationMenu'),
    getApplicationMenu: () => null,
  }

  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    dialog,
    ipcMain,
    Menu,
    Notification,
    powerSaveBlocker,
    protocol,
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (plain: string) => Buffer.from(`sealed:${plain}`),
      decryptString: (sealed: Buffer) => sealed.toString().replace(/^sealed:/, ''),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    // The primary display is the second one listed: main must ask which it is.
    screen: {
      getAllDisplays: () => [
        { workArea: { x: -1280, y: 0, width: 1280, height: 1024 } },
        { workArea: { x: 0, y: 0, width: 1920, height: 1080 } },
      ],
      getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }),
    },
    session,
    shell: {
      openExternal: record('shell.openExternal', () => Promise.resolve()),
      openPath: record('shell.openPath', () => Promise.resolve('')),
    },
    utilityProcess,
  }

  return {
    electron,
    calls,
    count,
    answers,
    ipcHandlers,
    protocolHandlers,
    permissionHandlers,
    forked,
    notifications,
    windows: FakeBrowserWindow.windows,
    BrowserWindow: FakeBrowserWindow,
  }
}

/** electron-store over a Map: what main keeps on disk, kept in memory. */
export class MemoryStore {
  private readonly values = new Map<string, unknown>()
  get(key: string) {
    return this.values.get(key)
  }
  set(key: string, value: unknown) {
    this.values.set(key, value)
  }
  delete(key: string) {
    this.values.delete(key)
  }
  has(key: string) {
    return this.values.has(key)
  }
}
