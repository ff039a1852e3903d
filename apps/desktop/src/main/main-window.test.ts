import { EventEmitter } from 'node:events'

import type { MessageBoxOptions } from 'electron'
import { describe, expect, it, vi } from 'vitest'

import { APP_ORIGIN, START_URL } from './app-protocol.ts'
import { createMainWindow } from './main-window.ts'
import type { AppWindow } from './main-window.ts'
import type { Rect } from './window-state.ts'

/** A window as main-window.ts drives it: events fired by hand, calls recorded. */
class FakeWindow extends EventEmitter implements AppWindow {
  minimized = false
  maximized = false
  shown = false
  focused = false
  loaded: string[] = []
  bounds: Rect
  readonly sent: [string, unknown][] = []
  readonly webContents = Object.assign(new EventEmitter(), {
    id: 7,
    send: (channel: string, payload: unknown) => void this.sent.push([channel, payload]),
  })
  constructor(bounds: Rect) {
    super()
    this.bounds = bounds
  }
  isMinimized = () => this.minimized
  restore = () => void (this.minimized = false)
  focus = () => void (this.focused = true)
  maximize = () => void (this.maximized = true)
  show = () => void (this.shown = true)
  isMaximized = () => this.maximized
  getNormalBounds = () => this.bounds
  loadURL = async (url: string) => void this.loaded.push(url)
}

const display = { x: 0, y: 0, width: 1920, height: 1040 }

function setup(saved?: unknown) {
  const values = new Map<string, unknown>(saved === undefined ? [] : [['windowState', saved]])
  const made: FakeWindow[] = []
  const messageBox = vi.fn(async (_window: FakeWindow | null, _options: MessageBoxOptions) => ({
    response: 0,
    checkboxChecked: false,
  }))
  const onPageGone = vi.fn()
  const windows = createMainWindow({
    make: (bounds) => {
      const window = new FakeWindow(bounds)
      made.push(window)
      return window
    },
    workAreas: () => ({ all: [display], primary: display }),
    store: { get: (key) => values.get(key), set: (key, value) => void values.set(key, value) },
    messageBox,
    onPageGone,
  })
  return { windows, made, values, messageBox, onPageGone }
}

describe('createMainWindow', () => {
  it('should open where the window was left, maximized again, and show it once ready', () => {
    const saved = { x: 100, y: 50, width: 1000, height: 700, isMaximized: true }
    const { windows, made } = setup(saved)
    const window = windows.open('/desktop/upload')
    expect(made).toEqual([window])
    expect(window.bounds).toEqual({ x: 100, y: 50, width: 1000, height: 700 })
    expect(window.maximized).toBe(true)
    expect(window.loaded).toEqual([`${APP_ORIGIN}/desktop/upload`])
    expect(window.shown).toBe(false)
    window.emit('ready-to-show')
    expect(window.shown).toBe(true)
  })

  it('should open on the start page without a route', () => {
    const { windows } = setup()
    expect(windows.open().loaded).toEqual([START_URL])
  })

  it('should remember the place as the window moves', () => {
    const { windows, values } = setup()
    const window = windows.open()
    window.bounds = { x: 30, y: 40, width: 900, height: 650 }
    window.emit('moved')
    expect(values.get('windowState')).toEqual({ ...window.bounds, isMaximized: false })
  })

  it('should send events to the window, and nowhere once it is closed', () => {
    const { windows, onPageGone } = setup()
    windows.send('menu:command', 'settings')
    const window = windows.open()
    windows.send('menu:command', 'about')
    expect(window.sent).toEqual([['menu:command', 'about']])
    window.emit('closed')
    expect(windows.current()).toBeNull()
    expect(onPageGone).toHaveBeenCalledTimes(1)
    windows.send('menu:command', 'staff')
    expect(window.sent).toHaveLength(1)
  })

  it('should hand the session to main while the page loads', () => {
    const { windows, onPageGone } = setup()
    const first = windows.open()
    first.webContents.emit('did-start-loading')
    expect(onPageGone).toHaveBeenCalledTimes(1)
    // A window replaced by another says nothing for the new one.
    windows.open()
    first.webContents.emit('did-start-loading')
    first.emit('closed')
    expect(onPageGone).toHaveBeenCalledTimes(1)
  })

  it('should bring a minimized window to the front', () => {
    const { windows } = setup()
    windows.show()
    const window = windows.open()
    window.minimized = true
    windows.show()
    expect([window.minimized, window.focused]).toEqual([false, true])
  })

  it('should ask over the window, or on its own with none', async () => {
    const { windows, messageBox } = setup()
    const options = { message: 'Report a problem' }
    await windows.ask(options)
    const window = windows.open()
    await windows.ask(options)
    expect(messageBox.mock.calls).toEqual([
      [null, options],
      [window, options],
    ])
  })
})
