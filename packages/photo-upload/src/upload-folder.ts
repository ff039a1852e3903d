import { open, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'

import type { NewLibraryPhoto } from '@club/core/photo-repository'
import { photoObjectPaths } from '@club/core/photo-rules'

import type { Connectivity } from './connectivity.ts'
import { openHashCache } from './hash-cache.ts'
import type { LibraryRecorder } from './library-update.ts'
import { guessAltText, libraryEntry } from './library-update.ts'
import { openManifest } from './manifest.ts'
import type { ManifestRecord, UploadedPhoto } from './manifest.ts'
import { MAX_INPUT_PIXELS, RejectedImage, processImage, sniffFormat } from './process-image.ts'
import { createProgressTracker } from './report.ts'
import type { FileOutcome, Progress, UploadReport } from './report.ts'
import { runPool } from './uploader.ts'
import type { ObjectUploader } from './uploader.ts'
import { scanFolder } from './scan.ts'
import type { ScannedFile } from './scan.ts'

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

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(64)
    const { bytesRead } = await handle.read(head, 0, 64, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Uploads every new photo of a folder and records it in the photo library: scan, hash (cached),
 * skip what the library or this job already holds, process with sharp, upload with bounded
 * concurrency, record in batches. Every step is written to the job's manifest first, so a run
 * stopped at any point (crash, kill, cancel) continues where it stopped when started again.
 */
export async function uploadFolder(options: UploadFolderOptions): Promise<UploadReport> {
  const started = Date.now()
  const { uploader, library, signal } = options
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const dryRun = options.dryRun ?? false
  const emit = (progress: Progress) => options.onProgress?.(progress)

  emit({
    phase: 'scanning',
    filesDone: 0,
    filesTotal: 0,
    bytesDone: 0,
    bytesTotal: 0,
    etaSeconds: undefined,
  })
  const scanned = await scanFolder(options.folder, { ignore: options.ignore })
  const only = options.only ? new Set(options.only) : null
  const scan = only
    ? { ...scanned, files: scanned.files.filter((file) => only.has(file.relativePath)) }
    : scanned
  const cache = await openHashCache(options.stateDir ? join(options.stateDir, 'hashes.json') : null)
  const manifest = await openManifest(
    options.stateDir ? join(options.stateDir, 'manifest.jsonl') : null,
  )

  const outcomes: FileOutcome[] = []
  const settle = (outcome: FileOutcome) => {
    outcomes.push(outcome)
    options.onFile?.(outcome)
  }
  const work: { file: ScannedFile; sha256: string }[] = []
  const toRecord: { record: ManifestRecord; earlier: boolean }[] = []
  const seen = new Map<string, string>()

  const hashing = createProgressTracker(
    scan.files.length,
    scan.files.reduce((sum, file) => sum + file.size, 0),
  )
  const hashed: { file: ScannedFile; sha256: string }[] = []
  for (const file of scan.files) {
    if (signal?.aborted) {
      // Cancelled while hashing: what is left waits for the next run.
      settle({ relativePath: file.relativePath, size: file.size, status: 'not-started' })
      continue
    }
    hashed.push({ file, sha256: await cache.hash(file) })
    hashing.advance(file.size)
    emit(hashing.snapshot('hashing'))
  }
  // Only this folder's originals are looked up: the library may hold tens of thousands.
  const known = library
    ? await library.knownHashes(hashed.map(({ sha256 }) => sha256))
    : new Set<string>()
  for (const { file, sha256 } of hashed) {
    const { relativePath, size } = file
    const first = seen.get(sha256)
    if (first !== undefined) {
      settle({ relativePath, size, status: 'duplicate', reason: `the same photo as ${first}` })
      continue
    }
    seen.set(sha256, relativePath)
    const record = manifest.get(sha256)
    if (record?.state === 'recorded') {
      settle({ relativePath, size, status: 'uploaded', earlier: true })
      continue
    }
    if (record?.state === 'uploaded' && record.photo) {
      // In the bucket already; only the library entry is missing.
      toRecord.push({ record, earlier: true })
      continue
    }
    if (known.has(sha256)) {
      settle({ relativePath, size, status: 'duplicate', reason: 'already in the photo library' })
      if (!dryRun && record?.state !== 'duplicate') {
        await manifest.set({
          sha256,
          relativePath,
          size,
          state: 'duplicate',
          reason: 'already in the photo library',
        })
      }
      continue
    }
    if (record?.state === 'duplicate') {
      settle({
        relativePath,
        size,
        status: 'duplicate',
        reason: record.reason ?? 'already in the photo library',
      })
      continue
    }
    if (record?.state === 'rejected') {
      settle({
        relativePath,
        size,
        status: 'rejected',
        reason: record.reason ?? 'rejected',
        earlier: true,
      })
      continue
    }
    if (options.retryFailed && record?.state !== 'failed') continue
    work.push({ file, sha256 })
  }
  await cache.save()

  if (dryRun) {
    for (const { file } of work) {
      const format = sniffFormat(await readHead(file.path))
      const outcome: FileOutcome =
        format === 'unknown'
          ? {
              relativePath: file.relativePath,
              size: file.size,
              status: 'rejected',
              reason: 'Not a photo this uploader can read',
            }
          : { relativePath: file.relativePath, size: file.size, status: 'would-upload' }
      settle(outcome)
    }
    for (const { record } of toRecord)
      settle({
        relativePath: record.relativePath,
        size: record.size,
        status: 'would-upload',
        earlier: true,
      })
    return {
      dryRun,
      cancelled: false,
      files: outcomes,
      scanSkipped: scan.skipped,
      bytesSent: 0,
      durationMs: Date.now() - started,
    }
  }

  let bytesSent = 0
  let libraryError: string | undefined
  const progress = createProgressTracker(
    work.length + toRecord.length,
    work.reduce((sum, item) => sum + item.file.size, 0),
  )

  // Library saves run one at a time, in the order batches fill up.
  let saving: Promise<void> = Promise.resolve()
  const flush = (all: boolean) => {
    while (toRecord.length >= batchSize || (all && toRecord.length > 0)) {
      const batch = toRecord.splice(0, batchSize)
      saving = saving.then(async () => {
        if (!library) {
          // Uploading only (benchmarks): nothing is recorded.
          for (const { record, earlier } of batch) {
            settle({
              relativePath: record.relativePath,
              size: record.size,
              status: 'uploaded',
              earlier,
            })
          }
          return
        }
        const uploadedAt = new Date().toISOString()
        const entries: NewLibraryPhoto[] = batch.map(({ record }) =>
          libraryEntry(
            record.photo as UploadedPhoto,
            record.sha256,
            uploadedAt,
            basename(record.relativePath),
          ),
        )
        let stored = new Set<string>()
        let batchError: string | undefined
        try {
          emit(progress.snapshot('recording'))
          stored = await library.add(entries)
        } catch (error) {
          // The uploads stay 'uploaded' in the manifest: the next run records them.
          batchError = messageOf(error)
          libraryError = batchError
        }
        for (const { record, earlier } of batch) {
          const { relativePath, size } = record
          if (stored.has(record.sha256)) {
            await manifest.set({ ...record, state: 'recorded' })
            settle({ relativePath, size, status: 'uploaded', earlier })
          } else {
            // In the bucket, not in the library: not uploaded yet. The manifest keeps it
            // 'uploaded', so the next run adds it to the library without sending it again.
            settle({
              relativePath,
              size,
              status: 'failed',
              reason: `stored, but not yet in the photo library${batchError ? ` (${batchError})` : ''}; run again to finish`,
            })
          }
        }
      })
    }
  }
  flush(false)

  await runPool(
    work,
    concurrency,
    async ({ file, sha256 }) => {
      const { relativePath, size } = file
      try {
        const processed = await processImage(await readFile(file.path), {
          maxPixels: options.maxPixels ?? MAX_INPUT_PIXELS,
        })
        const paths = photoObjectPaths(sha256, processed.photo.contentType)
        const { medium } = processed
        // The thumbnail and medium copy first: a photo whose main file is there has them too.
        await uploader.upload(
          paths.thumbnail,
          processed.thumbnail.data,
          processed.thumbnail.contentType,
          signal,
        )
        if (medium) await uploader.upload(paths.medium, medium.data, medium.contentType, signal)
        await uploader.upload(paths.src, processed.photo.data, processed.photo.contentType, signal)
        bytesSent +=
          processed.thumbnail.data.length + (medium?.data.length ?? 0) + processed.photo.data.length
        const photo: UploadedPhoto = {
          id: `p-${sha256.slice(0, 20)}`,
          src: paths.src,
          thumbnail: paths.thumbnail,
          ...(medium
            ? { variants: [{ width: medium.width, src: paths.medium, format: medium.format }] }
            : {}),
          width: processed.photo.width,
          height: processed.photo.height,
          alt: guessAltText(basename(relativePath)),
          ...(processed.takenAt ? { takenAt: processed.takenAt } : {}),
        }
        const record: ManifestRecord = {
          sha256,
          relativePath,
          size,
          state: 'uploaded',
          photo,
          at: '',
        }
        await manifest.set(record)
        toRecord.push({ record, earlier: false })
        flush(false)
      } catch (error) {
        if (signal?.aborted) {
          settle({ relativePath, size, status: 'not-started', reason: 'cancelled' })
          return
        }
        const reason = error instanceof RejectedImage ? error.reason : messageOf(error)
        const state = error instanceof RejectedImage ? 'rejected' : 'failed'
        await manifest.set({ sha256, relativePath, size, state, reason })
        settle({ relativePath, size, status: state, reason })
      } finally {
        progress.advance(size)
        emit(progress.snapshot('uploading'))
      }
    },
    signal,
  )
  flush(true)
  await saving

  const settled = new Set(outcomes.map((outcome) => outcome.relativePath))
  for (const { file } of work) {
    if (!settled.has(file.relativePath)) {
      settle({ relativePath: file.relativePath, size: file.size, status: 'not-started' })
    }
  }
  emit(progress.snapshot('done'))
  return {
    dryRun,
    cancelled: signal?.aborted ?? false,
    files: outcomes,
    scanSkipped: scan.skipped,
    bytesSent,
    durationMs: Date.now() - started,
    ...(libraryError === undefined ? {} : { libraryError }),
    ...(options.connectivity
      ? {
          paused: {
            times: options.connectivity.stats().pauses,
            ms: options.connectivity.stats().pausedMs,
          },
        }
      : {}),
  }
}
