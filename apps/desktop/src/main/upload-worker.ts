/**
 * What the upload process does: one run of @club/photo-upload's `uploadFolder`, asked for by
 * main's job registry. It runs in a process of its own (an Electron utilityProcess; plain Node
 * in the tests), so that a crash in libvips ends this run and never the app. The session comes
 * from main on demand (main keeps it encrypted). One owner refreshes it (the window's client, or
 * main with no window: session-owner.ts): this process only reads its access token, and when
 * Storage refuses one as expired it asks main. It never presents the refresh token itself, so
 * two clients never rotate one refresh token (Supabase's reuse detection would sign the
 * director out).
 */
import { createBackendClient } from '@club/core/supabase'
import {
  createConnectivity,
  createLibraryRecorder,
  createObjectUploader,
  defaultStateDir,
  probeBackend,
  setSessionSource,
  uploadFolder,
} from '@club/photo-upload'
import type { UploadReport } from '@club/photo-upload'

import type { UploadReportView } from '../shared/ipc-contract.ts'
import { accessTokenOf, sessionKey } from './session-key.ts'
import type { ChildMessage, JobRequest, ParentMessage, StorageOp } from './upload-job-protocol.ts'

export { accessTokenOf, sessionKey }

/** The process's link to main: Electron's `process.parentPort`, or Node's `process.send`. */
export type ParentLink = {
  post(message: ChildMessage): void
  onMessage(listener: (message: ParentMessage) => void): void
}

/** The report as the renderer shows it: files named only by their path inside the folder. */
export function toReportView(jobId: string, report: UploadReport): UploadReportView {
  const count = (status: UploadReport['files'][number]['status']) =>
    report.files.filter((file) => file.status === status).length
  const named = (status: 'rejected' | 'failed') =>
    report.files
      .filter((file) => file.status === status)
      // Main takes a reason of up to 2,000 characters (a server's answer can be longer).
      .map((file) => ({
        relativePath: file.relativePath,
        reason: (file.reason ?? status).slice(0, 2000),
      }))
  return {
    jobId,
    dryRun: report.dryRun,
    cancelled: report.cancelled,
    uploaded: count('uploaded'),
    wouldUpload: count('would-upload'),
    duplicates: count('duplicate'),
    notStarted: count('not-started'),
    rejected: named('rejected'),
    failed: named('failed'),
    bytesSent: report.bytesSent,
    durationMs: report.durationMs,
    libraryError: report.libraryError?.slice(0, 2000) ?? null,
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Serves one run over `link`: waits for `start`, uploads, answers `cancel` (photos under way
 * finish; the rest wait for the next run of the same folder), and ends with `done` or `failed`.
 */
export function serveUploadJob(link: ParentLink): void {
  const controller = new AbortController()
  const pending = new Map<number, (value: string | null) => void>()
  let nextId = 0
  let started = false

  const ask = (op: StorageOp, key: string) =>
    new Promise<string | null>((resolve) => {
      const id = nextId++
      pending.set(id, resolve)
      link.post({ type: 'storage', id, op, key })
    })
  const askRefresh = (sentWith: string | undefined) =>
    new Promise<void>((resolve) => {
      const id = nextId++
      pending.set(id, () => resolve())
      link.post({ type: 'session-refresh', id, sentWith: sentWith ?? null })
    })

  const run = async (request: JobRequest) => {
    const key = sessionKey(request.backend.url)
    const token = async () => accessTokenOf(await ask('get', key))
    const client = createBackendClient(request.backend, {
      accessToken: async () => (await token()) ?? null,
    })
    setSessionSource(client, { token, refresh: askRefresh })
    // While the backend cannot be reached the run waits (probing) and goes on when it is back.
    const connectivity = createConnectivity({
      probe: probeBackend(request.backend.url, request.backend.anonKey),
      signal: controller.signal,
      onPause: () => link.post({ type: 'connection', state: 'paused' }),
      onResume: () => link.post({ type: 'connection', state: 'resumed' }),
    })
    const library = createLibraryRecorder(client, { connectivity })
    try {
      const report = await uploadFolder({
        folder: request.folder,
        ...(request.only ? { only: request.only } : {}),
        uploader: createObjectUploader(client, { connectivity }),
        library,
        connectivity,
        stateDir: defaultStateDir(request.folder, request.stateBase),
        dryRun: request.dryRun,
        retryFailed: request.retryFailed,
        signal: controller.signal,
        onProgress: (progress) =>
          link.post({
            type: 'progress',
            progress: { ...progress, etaSeconds: progress.etaSeconds ?? null },
          }),
      })
      link.post({ type: 'done', report: toReportView(request.jobId, report) })
    } catch (error) {
      link.post({ type: 'failed', message: messageOf(error).slice(0, 2000) })
    } finally {
      library.dispose()
    }
  }

  link.onMessage((message) => {
    if (message.type === 'start' && !started) {
      started = true
      void run(message.request)
    } else if (message.type === 'cancel') {
      controller.abort(new Error('Cancelled'))
    } else if (message.type === 'storage-result') {
      pending.get(message.id)?.(message.value)
      pending.delete(message.id)
    }
  })
}
