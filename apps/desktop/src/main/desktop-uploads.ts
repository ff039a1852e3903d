/**
 * The upload jobs wired to Electron: the registry's processes are utilityProcesses, its
 * followers are powerSaveBlocker, the windows' progress bar and a Notification, and the quit
 * guard listens to `before-quit` and (off macOS, where closing the window quits) the window's
 * `close`. The rules live in upload-jobs.ts and job-effects.ts; this file only hands them
 * Electron's objects.
 */
import { join } from 'node:path'

import {
  app,
  BrowserWindow,
  dialog,
  Notification,
  powerSaveBlocker,
  utilityProcess,
} from 'electron'

import type { UploadJobView } from '../shared/ipc-contract.ts'
import type { CredentialStore } from './credential-store.ts'
import { logOutput } from './diagnostics.ts'
import type { ErrorLog } from './error-handling.ts'
import type { RecentFolders } from './recent-folders.ts'
import type { Handlers } from './ipc-handlers.ts'
import { createQuitGuard, followJobs, QUIT_QUESTION } from './job-effects.ts'
import { createJobRegistry } from './upload-jobs.ts'
import type { JobProcess } from './upload-jobs.ts'
import type { ParentMessage } from './upload-job-protocol.ts'

/** The utility process's name, as `child-process-gone` reports it. */
export const UPLOAD_SERVICE_NAME = 'Club Admin photo upload'

/**
 * One run's utilityProcess; messages wait until it has spawned. Its stdout and stderr go to the
 * log, line by line (secrets redacted), so a crash in libvips leaves its last words there.
 */
function launchUtilityProcess(modulePath: string, log: ErrorLog): JobProcess {
  const child = utilityProcess.fork(modulePath, [], {
    serviceName: UPLOAD_SERVICE_NAME,
    stdio: 'pipe',
  })
  logOutput(child.stdout, (line) => log.info(line), 'Upload process:')
  logOutput(child.stderr, (line) => log.warn(line), 'Upload process (stderr):')
  let spawned = false
  const queue: ParentMessage[] = []
  child.once('spawn', () => {
    spawned = true
    for (const message of queue.splice(0)) child.postMessage(message)
  })
  return {
    send: (message) => (spawned ? child.postMessage(message) : void queue.push(message)),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.once('exit', listener),
    kill: () => void child.kill(),
  }
}

export type UploadChannel =
  | 'upload:choose-folder'
  | 'upload:drop'
  | 'upload:start'
  | 'upload:cancel'
  | 'upload:jobs'
  | 'upload:dismiss'

/**
 * @example
 * const uploads = startUploadJobs({ modulePath, window: () => mainWindow, send, backend, credentials })
 * installHandlers(ipcMain, policy, uploads.handlers)
 */
export function startUploadJobs(options: {
  /** The built upload process (out/main/upload-process.js). */
  modulePath: string
  window: () => BrowserWindow | null
  send: (job: UploadJobView) => void
  backend: () => { url: string; anonKey: string } | null
  credentials: CredentialStore
  /** Has the session's owner refresh it (see session-owner.ts). */
  refreshSession: (sentWith: string | null) => Promise<void>
  log: ErrorLog
  /** File → Open Recent: a folder chosen in the picker is added. */
  recent: RecentFolders
  /** A click on the end-of-run notification: show the run (`jobId`) in the window. */
  showJob: (jobId: string) => void
}) {
  const { credentials, log } = options
  const registry = createJobRegistry({
    launch: () => launchUtilityProcess(options.modulePath, log),
    chooseFolder: async () => {
      const window = options.window()
      const picker = { title: 'Upload photos from folder', properties: ['openDirectory' as const] }
      const result = window
        ? await dialog.showOpenDialog(window, picker)
        : await dialog.showOpenDialog(picker)
      const folder = result.canceled ? null : (result.filePaths[0] ?? null)
      if (folder) options.recent.add(folder)
      return folder
    },
    backend: options.backend,
    // Read-only: the upload process reads the access token and asks for a refresh, no more.
    session: {
      getItem: (key) => credentials.getItem(key),
      signedIn: () => credentials.keys().some((key) => credentials.getItem(key)),
      refresh: options.refreshSession,
    },
    stateBase: join(app.getPath('userData'), 'upload-state'),
    emit: options.send,
    log,
  })

  registry.follow(
    followJobs(() => registry.list(), {
      preventSleep: () => powerSaveBlocker.start('prevent-app-suspension'),
      allowSleep: (id) => powerSaveBlocker.stop(id),
      setProgress: (value) =>
        BrowserWindow.getAllWindows().forEach((window) => window.setProgressBar(value)),
      notify: (title, body, jobId) => {
        if (!Notification.isSupported()) return
        const notice = new Notification({ title, body })
        notice.on('click', () => options.showJob(jobId))
        notice.show()
      },
      focused: () => BrowserWindow.getFocusedWindow() !== null,
    }),
  )

  const guard = createQuitGuard({
    busy: () => registry.busy(),
    ask: async () => {
      const window = options.window()
      const answer = window
        ? await dialog.showMessageBox(window, QUIT_QUESTION)
        : await dialog.showMessageBox(QUIT_QUESTION)
      return answer.response === 1
    },
    stopJobs: () => registry.stopAll(),
    quit: () => app.quit(),
  })
  app.on('before-quit', guard)
  app.on('browser-window-created', (_event, window) => {
    window.on('close', (event) => {
      if (process.platform !== 'darwin') guard(event)
    })
  })

  const handlers: Handlers<UploadChannel> = {
    'upload:choose-folder': () => registry.chooseFolder(),
    'upload:drop': (paths) => registry.drop(paths),
    'upload:start': (input) => registry.start(input),
    'upload:cancel': (jobId) => registry.cancel(jobId),
    'upload:jobs': () => registry.list(),
    'upload:dismiss': (jobId) => registry.dismiss(jobId),
  }
  return { registry, handlers }
}
