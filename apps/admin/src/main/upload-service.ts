/**
 * Bulk upload from the desktop: the director picks a folder (its path stays here, behind an
 * opaque job id), and @club/photo-upload does the work. The renderer only sees progress
 * events and the end report, which names files by their path inside the folder.
 */
import { basename } from 'node:path'

import type { Progress, UploadReport } from '@club/photo-upload'

import type { UploadJob, UploadProgressView, UploadReportView } from '../shared/ipc-contract.ts'

/** What one run needs from the uploader (main passes `uploadFolder` wired to the session). */
export type RunUpload = (options: {
  folder: string
  dryRun: boolean
  retryFailed: boolean
  signal: AbortSignal
  onProgress: (progress: Progress) => void
}) => Promise<UploadReport>

/** Progress events are sent at most this often (the last one, `done`, always). */
export const PROGRESS_INTERVAL_MS = 200

/** The report as the renderer shows it. */
export function toReportView(jobId: string, report: UploadReport): UploadReportView {
  const count = (status: UploadReport['files'][number]['status']) =>
    report.files.filter((file) => file.status === status).length
  const named = (status: 'rejected' | 'failed') =>
    report.files
      .filter((file) => file.status === status)
      .map((file) => ({ relativePath: file.relativePath, reason: file.reason ?? status }))
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
    libraryError: report.libraryError ?? null,
  }
}

/** Thrown for a job id main never handed out, or a second run of a job under way. */
export class UploadJobError extends Error {
  override name = 'UploadJobError'
}

/**
 * The upload domain of main: folder picking, runs with progress, cancel.
 *
 * @example
 * const uploads = createUploadService({ chooseFolder, run, emit: (p) => win.webContents.send('upload:progress', p) })
 */
export function createUploadService(options: {
  chooseFolder: () => Promise<string | null>
  run: RunUpload
  emit: (progress: UploadProgressView) => void
  newId?: () => string
  now?: () => number
}) {
  const newId = options.newId ?? (() => crypto.randomUUID())
  const now = options.now ?? Date.now
  const folders = new Map<string, string>()
  const running = new Map<string, AbortController>()

  return {
    async chooseFolder(): Promise<UploadJob | null> {
      const folder = await options.chooseFolder()
      if (!folder) return null
      const jobId = newId()
      folders.set(jobId, folder)
      return { jobId, folderName: basename(folder) }
    },
    async start(input: {
      jobId: string
      dryRun: boolean
      retryFailed: boolean
    }): Promise<UploadReportView> {
      const folder = folders.get(input.jobId)
      if (!folder) throw new UploadJobError('Choose the folder again')
      if (running.has(input.jobId))
        throw new UploadJobError('This folder is being uploaded already')
      const controller = new AbortController()
      running.set(input.jobId, controller)
      let lastSent = -Infinity
      try {
        const report = await options.run({
          folder,
          dryRun: input.dryRun,
          retryFailed: input.retryFailed,
          signal: controller.signal,
          onProgress: (progress) => {
            const at = now()
            if (progress.phase !== 'done' && at - lastSent < PROGRESS_INTERVAL_MS) return
            lastSent = at
            options.emit({
              jobId: input.jobId,
              ...progress,
              etaSeconds: progress.etaSeconds ?? null,
            })
          },
        })
        return toReportView(input.jobId, report)
      } finally {
        running.delete(input.jobId)
      }
    },
    /** Photos under way finish; the rest wait for the next run of the same folder. */
    cancel(jobId: string): null {
      running.get(jobId)?.abort(new Error('Cancelled'))
      return null
    },
  }
}

export type UploadService = ReturnType<typeof createUploadService>
