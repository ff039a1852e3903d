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
import type { Handlers } from './ipc-handlers.ts'
import { createQuitGuard, followJobs, QUIT_QUESTION } from './job-effects.ts'
import { createJobRegistry } from './upload-jobs.ts'
import type { JobProcess } from './upload-jobs.ts'
import type { ParentMessage } from './upload-job-protocol.ts'

/** One run's utilityProcess; messages wait until it has spawned. */
function launchUtilityProcess(modulePath: string): JobProcess {
  const child = utilityProcess.fork(modulePath, [], { serviceName: 'Club Admin photo upload' })
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
  /** Has the session's owner (the renderer) refresh it (see session-owner.ts). */
  refreshSession: (sentWith: string | null) => Promise<void>
}) {
  const { credentials } = options
  const registry = createJobRegistry({
    launch: () => launchUtilityProcess(options.modulePath),
    chooseFolder: async () => {
      const window = options.window()
      const picker = { title: 'Upload photos from folder', properties: ['openDirectory' as const] }
      const result = window
        ? await dialog.showOpenDialog(window, picker)
        : await dialog.showOpenDialog(picker)
      return result.canceled ? null : (result.filePaths[0] ?? null)
    },
    backend: options.backend,
    session: {
      getItem: (key) => credentials.getItem(key),
      setItem: (key, value) => credentials.setItem(key, value),
      removeItem: (key) => credentials.removeItem(key),
      signedIn: () => credentials.keys().some((key) => credentials.getItem(key)),
      refresh: options.refreshSession,
    },
    stateBase: join(app.getPath('userData'), 'upload-state'),
    emit: options.send,
  })

  registry.follow(
    followJobs(() => registry.list(), {
      preventSleep: () => powerSaveBlocker.start('prevent-app-suspension'),
      allowSleep: (id) => powerSaveBlocker.stop(id),
      setProgress: (value) =>
        BrowserWindow.getAllWindows().forEach((window) => window.setProgressBar(value)),
      notify: (title, body) => {
        if (Notification.isSupported()) new Notification({ title, body }).show()
      },
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
