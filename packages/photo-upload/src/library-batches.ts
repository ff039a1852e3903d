import { basename } from 'node:path'

import type { NewLibraryPhoto } from '@club/core/photo-repository'

import { libraryEntry } from './library-update.ts'
import type { LibraryRecorder } from './library-update.ts'
import type { Manifest, UploadedPhoto } from './manifest.ts'
import type { FileOutcome } from './report.ts'
import { messageOf } from './retry.ts'
import type { RowToRecord } from './run-plan.ts'

/** The run's library rows, saved in batches as they fill up. */
export type LibraryBatches = {
  /** Queues rows; each batch that is full is saved. */
  add(rows: readonly RowToRecord[]): void
  /** Saves what is left as a last, smaller batch, and resolves once every batch is saved. */
  finish(): Promise<void>
  /** The error of the last batch the library refused, if any. */
  readonly error: string | undefined
}

/**
 * Records uploaded photos in the library, `batchSize` rows a request, one batch at a time in
 * the order they fill up. A photo counts as uploaded once its row is there, and only then is it
 * `recorded` in the manifest; one whose row could not be added is reported failed and stays
 * `uploaded`, so the next run adds its row without sending it again. Without a library
 * (benchmarks) nothing is recorded and every photo counts as uploaded.
 *
 * @example
 * const batches = createLibraryBatches({ library, manifest, batchSize: 20, settle, onRecording })
 * batches.add([{ record, earlier: false }]) // saved with the 19 next, or by finish()
 * await batches.finish()
 */
export function createLibraryBatches(options: {
  library: LibraryRecorder | null
  manifest: Manifest
  batchSize: number
  settle: (outcome: FileOutcome) => void
  /** Told as each batch is sent to the library. */
  onRecording: () => void
}): LibraryBatches {
  const { library, manifest, batchSize, settle } = options
  const queued: RowToRecord[] = []
  let libraryError: string | undefined

  const save = async (batch: RowToRecord[]) => {
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
      options.onRecording()
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
  }

  // Library saves run one at a time, in the order batches fill up.
  let saving: Promise<void> = Promise.resolve()
  const flush = (all: boolean) => {
    while (queued.length >= batchSize || (all && queued.length > 0)) {
      const batch = queued.splice(0, batchSize)
      saving = saving.then(() => save(batch))
    }
  }
  return {
    add(rows) {
      // One at a time: a resumed job may hand over more rows than a spread's arguments may hold.
      for (const row of rows) queued.push(row)
      flush(false)
    },
    finish() {
      flush(true)
      return saving
    },
    get error() {
      return libraryError
    },
  }
}
