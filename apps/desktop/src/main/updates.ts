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

/**
 * True when updates may run: a packaged app whose build wrote the feed file (electron-builder
 * writes resources/app-update.yml only when `publish` names a provider).
 */
export function updatesEnabled(options: { isPackaged: boolean; feedFileExists: () => boolean }) {
  return options.isPackaged && options.feedFileExists()
}

export type Updates = {
  status(): UpdateStatusView
  /** Looks for an update (it downloads by itself when there is one). */
  check(): Promise<void>
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
      if (!updater || current.state === 'downloading' || current.state === 'ready') return
      try {
        await updater.checkForUpdates()
      } catch (error) {
        // The 'error' event has the details; a rejected check must not become an unhandled one.
        if (current.state !== 'error') {
          set({ state: 'error', message: error instanceof Error ? error.message : String(error) })
        }
      }
    },
    install() {
      if (!updater || current.state !== 'ready') return false
      updater.quitAndInstall()
      return true
    },
  }
}
