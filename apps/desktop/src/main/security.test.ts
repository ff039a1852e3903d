import type { BrowserWindowConstructorOptions } from 'electron'
import { EventEmitter } from 'node:events'

import { describe, expect, it, vi } from 'vitest'

import {
  createSecureWindow,
  externalUrlToOpen,
  guardContents,
  isNavigationAllowed,
  isPermissionGranted,
} from './security.ts'

describe('createSecureWindow', () => {
  /** Records what the window was made with, as Electron's BrowserWindow would receive it. */
  class RecordingWindow {
    readonly options: BrowserWindowConstructorOptions
    constructor(options: BrowserWindowConstructorOptions) {
      this.options = options
    }
  }
  const made = createSecureWindow(RecordingWindow, {
    bounds: { x: 10, y: 20, width: 1000, height: 700 },
    minSize: { width: 800, height: 600 },
    title: 'Club Admin',
    preload: '/app/out/preload/index.cjs',
  })

  it('should isolate, sandbox and keep Node out of the renderer', () => {
    expect(made.options.webPreferences).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
  })

  it('should open hidden until ready, at the given place', () => {
    expect(made.options).toMatchObject({ x: 10, y: 20, width: 1000, height: 700, show: false })
  })
})

describe('isNavigationAllowed', () => {
  it('should allow the app pages', () => {
    expect(isNavigationAllowed('app://club/admin-login')).toBe(true)
  })

  it.each(['https://club.example/', 'app://club.evil.example/', 'file:///etc/passwd', 'not a url'])(
    'should refuse %s',
    (url) => {
      expect(isNavigationAllowed(url)).toBe(false)
    },
  )
})

describe('externalUrlToOpen', () => {
  it('should open a mailto: only when main asks for its own (never a page’s link)', () => {
    const mail = 'mailto:webmaster@club.example?subject=Club%20Admin&body=Hello'
    expect([externalUrlToOpen(mail), externalUrlToOpen(mail, { allowMailto: true })]).toEqual([
      null,
      mail,
    ])
  })

  it('should open an https address', () => {
    expect(externalUrlToOpen('https://club.example/news')).toBe('https://club.example/news')
  })

  it('should open the local site on this computer over plain http', () => {
    expect(externalUrlToOpen('http://127.0.0.1:5173/fields')).toBe('http://127.0.0.1:5173/fields')
    expect(externalUrlToOpen('http://localhost:5173/')).toBe('http://localhost:5173/')
  })

  it.each([
    'http://club.example/',
    'http://127.0.0.1.club.example/',
    'http://user:pw@localhost/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'smb://server/share',
    'https://user:pw@club.example/',
    'https//broken',
  ])('should refuse %s', (url) => {
    expect(externalUrlToOpen(url)).toBeNull()
  })
})

describe('isPermissionGranted', () => {
  it.each(['media', 'geolocation', 'notifications', 'clipboard-read'])(
    'should deny %s',
    (permission) => {
      expect(isPermissionGranted(permission)).toBe(false)
    },
  )
})

describe('guardContents', () => {
  /** A web contents: its events fired by hand, with an event that records preventDefault. */
  function guarded() {
    const contents = Object.assign(new EventEmitter(), {
      openHandler: undefined as ((details: { url: string }) => { action: 'deny' }) | undefined,
      setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
        contents.openHandler = handler
      },
    })
    const openInBrowser = vi.fn()
    guardContents(contents, openInBrowser)
    const refused = (name: string, url?: string) => {
      const event = { preventDefault: vi.fn() }
      contents.emit(name, event, url)
      return event.preventDefault.mock.calls.length > 0
    }
    return { contents, openInBrowser, refused }
  }

  it('should let the app move between its own pages and refuse any other navigation', () => {
    const { refused } = guarded()
    expect(refused('will-navigate', 'app://club/admin/news')).toBe(false)
    expect(refused('will-navigate', 'https://evil.example/')).toBe(true)
    expect(refused('will-redirect', 'https://evil.example/')).toBe(true)
  })

  it('should attach no webview', () => {
    expect(guarded().refused('will-attach-webview')).toBe(true)
  })

  it('should open no window, handing the link to the system browser instead', () => {
    const { contents, openInBrowser } = guarded()
    expect(contents.openHandler?.({ url: 'https://club.example/news' })).toEqual({
      action: 'deny',
    })
    expect(openInBrowser).toHaveBeenCalledWith('https://club.example/news')
  })
})
