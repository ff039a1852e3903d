import { join } from 'node:path'

import type { Connectivity } from './connectivity.ts'
import { settleDryRun } from './dry-run.ts'
import { openHashCache } from './hash-cache.ts'
import { createLibraryBatches } from './library-batches.ts'
import type { LibraryRecorder } from './library-update.ts'
import { openManifest } from './manifest.ts'
import { MAX_INPUT_PIXELS } from './process-image.ts'
import { createProgressTracker } from './report.ts'
import type { FileOutcome, Progress, UploadReport } from './report.ts'
import { createRunOutcomes, runReport } from './run-outcomes.ts'
import { hashOriginals, planRun, scanForRun } from './run-plan.ts'
import { createOriginalWorker } from './upload-original.ts'
import { runPool } from './uploader.ts'
import type { ObjectUploader } from './uploader.ts'

/** Photos uploaded at once, as the issue asks (and as bulk uploaders commonly do). */
export const DEFAULT_CONCURRENCY = 4
/** Library rows inserted together: few requests, yet photos reach the library soon and little is left to redo after a crash. */
export const DEFAULT_BATCH_SIZE = 20

export type UploadFolderOptions = {
  folder: string
  uploader: ObjectUploader
  /** Where to record the photos; `null` uploads only (benchmarks). */
  library: LibraryRecorder | null
  /** Folder for this job's manifest and hash cache; `null` keeps them in memory (no resume). */
  stateDir: string | null
  ignore?: readonly string[]
  /** Only these files of the folder, by relative path with `/` (files dropped on the desktop app). */
  only?: readonly string[]
  concurrency?: number
  batchSize?: number
  /** Originals with more pixels are refused (default {@link MAX_INPUT_PIXELS}). */
  maxPixels?: number
  /** Hash, dedupe and check formats, but upload and record nothing. */
  dryRun?: boolean
  /** Only try again the files an earlier run of this job failed on. */
  retryFailed?: boolean
  signal?: AbortSignal
  onProgress?: (progress: Progress) => void
  /** Told after each original is settled (tests use it to stop a run part way). */
  onFile?: (outcome: FileOutcome) => void
  /** The run's connectivity (shared with its uploader and library recorder), for the report's pauses. */
  connectivity?: Connectivity
}

/**
 * Uploads every new photo of a folder and records it in the photo library: scan, hash (cached),
 * skip what the library or this job already holds (run-plan.ts), process with sharp and upload
 * with bounded concurrency (upload-original.ts), record in batches (library-batches.ts). Every
 * step is written to the job's manifest first, so a run stopped at any point (crash, kill,
 * cancel) continues where it stopped when started again.
 */
export async function uploadFolder(options: UploadFolderOptions): Promise<UploadReport> {
  const started = Date.now()
  const { library, signal, connectivity } = options
  const dryRun = options.dryRun ?? false
  const emit = (progress: Progress) => options.onProgress?.(progress)
  const statePath = (name: string) => (options.stateDir ? join(options.stateDir, name) : null)

  emit({
    phase: 'scanning',
    filesDone: 0,
    filesTotal: 0,
    bytesDone: 0,
    bytesTotal: 0,
    etaSeconds: undefined,
  })
  const scan = await scanForRun(options.folder, options)
  const cache = await openHashCache(statePath('hashes.json'))
  const manifest = await openManifest(statePath('manifest.jsonl'))
  const { files, settle, settleUnstarted } = createRunOutcomes(options.onFile)
  const hashed = await hashOriginals(scan.files, cache, { signal, settle, emit })
  const retryFailed = options.retryFailed ?? false
  const plan = await planRun(hashed, { library, manifest, retryFailed, dryRun, settle })
  await cache.save()
  const report = { dryRun, files, scanSkipped: scan.skipped, started }
  if (dryRun) {
    await settleDryRun(plan, settle)
    return runReport({ ...report, cancelled: false, bytesSent: 0 })
  }

  const { work, toRecord } = plan
  const progress = createProgressTracker(
    work.length + toRecord.length,
    work.reduce((sum, item) => sum + item.file.size, 0),
  )
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const onRecording = () => emit(progress.snapshot('recording'))
  const batches = createLibraryBatches({ library, manifest, batchSize, settle, onRecording })
  batches.add(toRecord)
  let bytesSent = 0
  const worker = createOriginalWorker({
    uploader: options.uploader,
    manifest,
    maxPixels: options.maxPixels ?? MAX_INPUT_PIXELS,
    signal,
    settle,
    onSent: (bytes) => (bytesSent += bytes),
    onUploaded: (row) => batches.add([row]),
    onDone: (size) => {
      progress.advance(size)
      emit(progress.snapshot('uploading'))
    },
  })
  await runPool(work, options.concurrency ?? DEFAULT_CONCURRENCY, worker, signal)
  await batches.finish()

  settleUnstarted(work.map(({ file }) => file))
  emit(progress.snapshot('done'))
  const cancelled = signal?.aborted ?? false
  return runReport({ ...report, cancelled, bytesSent, libraryError: batches.error, connectivity })
}
