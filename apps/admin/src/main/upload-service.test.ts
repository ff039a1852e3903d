import { describe, expect, it, vi } from 'vitest'

import type { Progress, UploadReport } from '@club/photo-upload'

import { createUploadService, toReportView, UploadJobError } from './upload-service.ts'
import type { RunUpload } from './upload-service.ts'

const JOB = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e'

const report = (overrides: Partial<UploadReport> = {}): UploadReport => ({
  dryRun: false,
  cancelled: false,
  files: [
    { relativePath: 'a.jpg', size: 10, status: 'uploaded' },
    { relativePath: 'b.jpg', size: 10, status: 'duplicate', reason: 'in the library' },
    { relativePath: 'c.heic', size: 10, status: 'rejected', reason: 'HEIC is not supported' },
    { relativePath: 'd.jpg', size: 10, status: 'failed', reason: 'HTTP 503' },
  ],
  scanSkipped: [],
  bytesSent: 2048,
  durationMs: 1200,
  ...overrides,
})

const progress = (phase: Progress['phase'], filesDone: number): Progress => ({
  phase,
  filesDone,
  filesTotal: 4,
  bytesDone: filesDone * 10,
  bytesTotal: 40,
  etaSeconds: undefined,
})

function service(run: RunUpload, folder: string | null = '/home/director/Pictures/opening-day') {
  const emit = vi.fn()
  let clock = 0
  const uploads = createUploadService({
    chooseFolder: async () => folder,
    run,
    emit,
    newId: () => JOB,
    now: () => (clock += 50),
  })
  return { uploads, emit }
}

describe('toReportView', () => {
  it('should count and name the files by status', () => {
    expect(toReportView(JOB, report())).toMatchObject({
      uploaded: 1,
      duplicates: 1,
      rejected: [{ relativePath: 'c.heic', reason: 'HEIC is not supported' }],
      failed: [{ relativePath: 'd.jpg', reason: 'HTTP 503' }],
      libraryError: null,
    })
  })
})

describe('createUploadService', () => {
  it('should give the renderer the folder name, never its path', async () => {
    const { uploads } = service(vi.fn())
    expect(await uploads.chooseFolder()).toEqual({ jobId: JOB, folderName: 'opening-day' })
  })

  it('should give nothing when the picker is cancelled', async () => {
    const { uploads } = service(vi.fn(), null)
    expect(await uploads.chooseFolder()).toBeNull()
  })

  it('should refuse a job id it never handed out', async () => {
    const { uploads } = service(vi.fn())
    await expect(uploads.start({ jobId: JOB, dryRun: false, retryFailed: false })).rejects.toThrow(
      UploadJobError,
    )
  })

  it('should run the uploader on the picked folder with the options', async () => {
    const run = vi.fn<RunUpload>(async () => report())
    const { uploads } = service(run)
    await uploads.chooseFolder()
    await uploads.start({ jobId: JOB, dryRun: true, retryFailed: true })
    expect(run.mock.calls[0]?.[0]).toMatchObject({
      folder: '/home/director/Pictures/opening-day',
      dryRun: true,
      retryFailed: true,
    })
  })

  it('should send progress at most every 200 ms, and always the last', async () => {
    const run: RunUpload = async ({ onProgress }) => {
      for (let done = 0; done < 4; done += 1) onProgress(progress('uploading', done))
      onProgress(progress('done', 4))
      return report()
    }
    const { uploads, emit } = service(run)
    await uploads.chooseFolder()
    await uploads.start({ jobId: JOB, dryRun: false, retryFailed: false })
    expect(emit.mock.calls.map(([sent]) => [sent.phase, sent.filesDone])).toEqual([
      ['uploading', 0],
      ['done', 4],
    ])
  })

  it('should abort the run on cancel', async () => {
    let signal: AbortSignal | undefined
    const run: RunUpload = (options) =>
      new Promise((resolve) => {
        signal = options.signal
        options.signal.addEventListener('abort', () => resolve(report({ cancelled: true })))
      })
    const { uploads } = service(run)
    await uploads.chooseFolder()
    const started = uploads.start({ jobId: JOB, dryRun: false, retryFailed: false })
    uploads.cancel(JOB)
    expect([(await started).cancelled, signal?.aborted]).toEqual([true, true])
  })

  it('should refuse a second run of a job under way', async () => {
    const run: RunUpload = (options) =>
      new Promise((resolve) => options.signal.addEventListener('abort', () => resolve(report())))
    const { uploads } = service(run)
    await uploads.chooseFolder()
    const first = uploads.start({ jobId: JOB, dryRun: false, retryFailed: false })
    await expect(uploads.start({ jobId: JOB, dryRun: false, retryFailed: false })).rejects.toThrow(
      /being uploaded/,
    )
    uploads.cancel(JOB)
    await first
  })
})
