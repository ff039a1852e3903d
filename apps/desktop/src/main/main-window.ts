/**
 * The app's one window: made where it was last left (window-state.ts), its place remembered as
 * it moves, shown when ready, brought to the front, and the target of main's events and
 * message boxes. With no window (macOS keeps running), events go nowhere and a message box
 * stands on its own. Electron's objects come in as deps, so tests drive it with fakes.
 */
import type { MessageBoxOptions, MessageBoxReturnValue } from 'electron'

import type { EventName, IpcEvents } from '../shared/ipc-contract.ts'
import { APP_ORIGIN, START_URL } from './app-protocol.ts'
import { captureWindowState, restoreWindowState } from './window-state.ts'
import type { Rect } from './window-state.ts'

/** The parts of Electron's BrowserWindow this module uses. */
export type AppWindow = {
  isMinimized(): boolean
  restore(): void
  focus(): void
  maximize(): void
  show(): void
  isMaximized(): boolean
  getNormalBounds(): Rect
  once(event: 'ready-to-show', listener: () => void): unknown
  on(event: 'resized' | 'moved' | 'close' | 'closed', listener: () => void): unknown
  loadURL(url: string): Promise<void>
  webContents: {
    id: number
    send(channel: string, payload: unknown): void
    on(event: 'did-start-loading', listener: () => void): unknown
  }
}

export type MainWindowDeps<W extends AppWindow> = {
  /** A new secure window at `bounds` (security.ts's createSecureWindow), hidden until ready. */
  make: (bounds: Rect) => W
  /** The displays' work areas, and the primary one's. */
  workAreas: () => { all: Rect[]; primary: Rect }
  /** Where the window's place is kept between runs (electron-store). */
  store: { get(key: 'windowState'): unknown; set(key: 'windowState', value: unknown): void }
  /** A message box over `window`, or on its own when there is none (Electron's dialog). */
  messageBox: (window: W | null, options: MessageBoxOptions) => Promise<MessageBoxReturnValue>
  /**
   * The window's page has no client that owns the session: it is (re)loading, or the window is
   * closed. Main then keeps the session fresh itself (session-owner.ts).
   */
  onPageGone: () => void
}

export function createMainWindow<W extends AppWindow>(deps: MainWindowDeps<W>) {
  let current: W | null = null
  return {
    current: () => current,

    /** Brings the window to the front, restoring it if minimized. */
    show() {
      if (!current) return
      if (current.isMinimized()) current.restore()
      current.focus()
    },

    /** An event to the window's page; nothing without a window. */
    send<E extends EventName>(event: E, payload: IpcEvents[E]) {
      current?.webContents.send(event, payload)
    },

    /** A message box over the window, or on its own with no window. */
    ask: (options: MessageBoxOptions) => deps.messageBox(current, options),

    /** Opens the window on `route` (the start page without one), where it was last left. */
    open(route?: string): W {
      const areas = deps.workAreas()
      const state = restoreWindowState(deps.store.get('windowState'), areas.all, areas.primary)
      const window = deps.make({ x: state.x, y: state.y, width: state.width, height: state.height })
      current = window
      if (state.isMaximized) window.maximize()
      window.once('ready-to-show', () => window.show())
      const save = () =>
        deps.store.set(
          'windowState',
          captureWindowState(window.getNormalBounds(), window.isMaximized()),
        )
      window.on('resized', save)
      window.on('moved', save)
      window.on('close', save)
      // A page (re)loading has no client yet: main refreshes until its client reads the session.
      window.webContents.on('did-start-loading', () => {
        if (current === window) deps.onPageGone()
      })
      window.on('closed', () => {
        if (current !== window) return
        current = null
        // No window: main keeps the session fresh for the uploads still running.
        deps.onPageGone()
      })
      void window.loadURL(route ? `${APP_ORIGIN}${route}` : START_URL)
      return window
    },
  }
}

export type MainWindow = ReturnType<typeof createMainWindow>
