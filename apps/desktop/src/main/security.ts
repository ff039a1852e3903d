/**
 * IMPORTANT: the window's security rules as plain functions (tested without Electron); main
 * applies them to every window and web contents. Context isolation, sandbox, no Node in the
 * renderer; navigation, new windows and permissions denied; only https links leave the app.
 */
import type { BrowserWindowConstructorOptions } from 'electron'

import { APP_HOST, APP_SCHEME } from './app-protocol.ts'

/** A window class: Electron's BrowserWindow in the app, a recorder in tests. */
export type WindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W

/** Where the window opens and the preload it gets. */
export type SecureWindowOptions = {
  bounds: { x: number; y: number; width: number; height: number }
  minSize: { width: number; height: number }
  title: string
  /** The only script with the bridge. */
  preload: string
}

/**
 * Every window of the app is made here, with its web preferences written out in the call
 * itself: context isolation, the sandbox, no Node anywhere, web security on, no webview, no
 * middle-click windows. (Written in the call so that electronegativity, reading the built
 * code, sees each of them.)
 */
export function createSecureWindow<W>(
  BrowserWindow: WindowConstructor<W>,
  options: SecureWindowOptions,
): W {
  return new BrowserWindow({
    ...options.bounds,
    minWidth: options.minSize.width,
    minHeight: options.minSize.height,
    title: options.title,
    show: false,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
    },
  })
}

/** True for the app's own pages (`app://club/…`), by parsed origin, never by prefix. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST
  } catch {
    return false
  }
}

/** `will-navigate`: the app moves between its routes itself; any other navigation is refused. */
export function isNavigationAllowed(url: string): boolean {
  return isAppUrl(url)
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])

/**
 * The address to give the system browser, or null. Only https, or plain http to this
 * computer itself (the local site a volunteer runs with `npm start`), with no user name or
 * password in it: `file:`, `javascript:`, custom schemes and plain http elsewhere are never
 * opened.
 */
export function externalUrlToOpen(
  url: string,
  /** Also a `mailto:` (only main's own Report a problem asks; never a page's link). */
  options: { allowMailto?: boolean } = {},
): string | null {
  try {
    const parsed = new URL(url)
    if (options.allowMailto && parsed.protocol === 'mailto:') return parsed.href
    const loopback = parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname)
    if ((parsed.protocol !== 'https:' && !loopback) || parsed.username || parsed.password) {
      return null
    }
    return parsed.href
  } catch {
    return null
  }
}

/**
 * Permission requests (camera, notifications, geolocation…): the app needs none, so every
 * request is refused, whichever origin asks.
 */
export function isPermissionGranted(_permission: string): boolean {
  return false
}

/** The parts of Electron's WebContents the navigation guard uses. */
export type GuardedContents = {
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
}

/**
 * Applied to every web contents the app makes: it navigates only within the app, attaches no
 * webview, and opens no window: a link meant for a new window goes to `openInBrowser` (the
 * system browser, for addresses externalUrlToOpen allows).
 */
export function guardContents(contents: GuardedContents, openInBrowser: (url: string) => void) {
  contents.on('will-navigate', (event, url) => {
    if (!isNavigationAllowed(url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isNavigationAllowed(url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    openInBrowser(url)
    return { action: 'deny' }
  })
}
