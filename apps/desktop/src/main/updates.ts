/**
 * The app's own updates, over electron-updater's `autoUpdater` with the generic provider whose
 * address the build names (CLUB_UPDATE_URL at packaging time; see electron-builder.config.ts).
 * Off when the build named none (no app-update.yml beside the app) and in development. While
 * on, it checks at start and from Help, downloads in the background, reports progress (the
 * renderer's banner, Help's item) and installs only when the director chooses "Restart to update".
 */
import type { UpdateStatusView } from '../shared/ipc-contract.ts'
import type { ErrorLog } from './error-handling.ts'

/** The part of electron-updater's `autoUpdater` used here. */
export type UpdaterLike = {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  on(event: 'checking-for-update', listener: () => void): unknown
  on(event: 'update-available', listener: (info: { version: string }) => void): unknown
  on(event: 'update-not-available', listener: () => void): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  checkForUpdates(): Promise<unknown>
  quitAndInstall(): void
}

/** While updates are on, the app checks at start and again this often. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000

/** What the director is told after a check they asked for (Help → Check for updates…). */
export const UP_TO_DATE = "You're up to date"

/**
 * The part of the status the menu shows: Help's item changes with the state (and the version
 * ready), not with each percent of a download, so the menu is rebuilt only when this changes.
 */
export function menuUpdateKey(status: UpdateStatusView): string {
  return status.state === 'ready' ? `ready:${status.version}` : status.state
}

/** The answer to a check the director asked for: null while it goes on (a download starts). */
export function checkAnswer(
  status: UpdateStatusView,
  version: string,
): { type: 'info' | 'error'; message: string; detail: string } | null {
  switch (status.state) {
    case 'idle':
      return { type: 'info', message: UP_TO_DATE, detail: `Version ${version} is the newest.` }
    case 'error':
      return {
        type: 'error',
        message: 'The update check failed',
        detail: `${status.message}\n\nThe app tries again later by itself.`,
      }
    case 'off':
      return {
        type: 'info',
        message: 'Updates are off',
        detail: 'This build names no update address: updates come from whoever installed the app.',
      }
    default:
      return null
  }
}

/**
 * True when updates may run: a packaged app whose build wrote the feed file (electron-builder
 * writes resources/app-update.yml only when `publish` names a provider).
 */
export function updatesEnabled(options: { isPackaged: boolean; feedFileExists: () => boolean }) {
  return options.isPackaged && options.feedFileExists()
}

export type Updates = {
  status(): UpdateStatusView
  /** Looks for an update (it downloads by itself when there is one); resolves with the status. */
  check(): Promise<UpdateStatusView>
  /** Checks now, and every `intervalMs` after; returns the stop. */
  schedule(intervalMs?: number): () => void
  /** Quits and installs the downloaded update; false while none is ready. */
  install(): boolean
}

/**
 * Follows the updater's events as one status, passed to `onStatus` on every change.
 *
 * @example
 * createUpdates({ updater: enabled ? autoUpdater : null, log, onStatus: (s) => send('update:status', s) })
 */
export function createUpdates(options: {
  updater: UpdaterLike | null
  log: ErrorLog
  onStatus(status: UpdateStatusView): void
}): Updates {
  const { updater, log, onStatus } = options
  let current: UpdateStatusView = updater ? { state: 'idle' } : { state: 'off' }
  const set = (next: UpdateStatusView) => {
    current = next
    onStatus(next)
  }

  if (updater) {
    updater.autoDownload = true
    // Installed when the director chooses, or at the next quit if they never do.
    updater.autoInstallOnAppQuit = true
    let version: string | null = null
    updater.on('checking-for-update', () => set({ state: 'checking' }))
    updater.on('update-available', (info) => {
      version = info.version
      log.info(`Update ${info.version} available; downloading`)
      set({ state: 'downloading', version, percent: 0 })
    })
    updater.on('update-not-available', () => set({ state: 'idle' }))
    updater.on('download-progress', (progress) =>
      set({ state: 'downloading', version, percent: Math.max(0, Math.min(100, progress.percent)) }),
    )
    updater.on('update-downloaded', (info) => {
      log.info(`Update ${info.version} downloaded`)
      set({ state: 'ready', version: info.version })
    })
    updater.on('error', (error) => {
      log.warn('Update failed:', error.message)
      set({ state: 'error', message: error.message })
    })
  }

  return {
    status: () => current,
    async check() {
      if (!updater || current.state === 'downloading' || current.state === 'ready') return current
      try {
        await updater.checkForUpdates()
      } catch (error) {
        // The 'error' event has the details; a rejected check must not become an unhandled one.
        if (current.state !== 'error') {
          set({ state: 'error', message: error instanceof Error ? error.message : String(error) })
        }
      }
      return current
    },
    schedule(intervalMs = UPDATE_CHECK_INTERVAL_MS) {
      if (!updater) return () => {}
      void this.check()
      const timer = setInterval(() => void this.check(), intervalMs)
      timer.unref?.()
      return () => clearInterval(timer)
    },
    install() {
      if (!updater || current.state !== 'ready') return false
      updater.quitAndInstall()
      return true
    },
  }
}
