import { readFile } from 'node:fs/promises'
import { basename } from 'node:path'

import { photoObjectPaths } from '@club/core/photo-rules'

import { guessAltText } from './library-update.ts'
import type { Manifest, ManifestRecord, UploadedPhoto } from './manifest.ts'
import { RejectedImage, processImage } from './process-image.ts'
import type { FileOutcome } from './report.ts'
import { messageOf } from './retry.ts'
import type { HashedFile, RowToRecord } from './run-plan.ts'
import type { ObjectUploader } from './uploader.ts'

/** One original, sent: what its library row will hold, and the bytes it took. */
export type SentOriginal = { photo: UploadedPhoto; bytesSent: number }

/**
 * Processes one original with sharp (refusing more than `maxPixels`) and puts its objects in
 * the bucket at the paths its hash names: the thumbnail and medium copy first, so a photo whose
 * main file is there has them too.
 */
export async function sendOriginal(
  { file, sha256 }: HashedFile,
  options: { uploader: ObjectUploader; maxPixels: number; signal?: AbortSignal | undefined },
): Promise<SentOriginal> {
  const { uploader, signal } = options
  const processed = await processImage(await readFile(file.path), { maxPixels: options.maxPixels })
  const paths = photoObjectPaths(sha256, processed.photo.contentType)
  const { medium, thumbnail } = processed
  await uploader.upload(paths.thumbnail, thumbnail.data, thumbnail.contentType, signal)
  if (medium) await uploader.upload(paths.medium, medium.data, medium.contentType, signal)
  await uploader.upload(paths.src, processed.photo.data, processed.photo.contentType, signal)
  return {
    bytesSent: thumbnail.data.length + (medium?.data.length ?? 0) + processed.photo.data.length,
    photo: {
      id: `p-${sha256.slice(0, 20)}`,
      src: paths.src,
      thumbnail: paths.thumbnail,
      ...(medium
        ? { variants: [{ width: medium.width, src: paths.medium, format: medium.format }] }
        : {}),
      width: processed.photo.width,
      height: processed.photo.height,
      alt: guessAltText(basename(file.relativePath)),
      ...(processed.takenAt ? { takenAt: processed.takenAt } : {}),
    },
  }
}

/** How an original that could not be sent ends: rejected for good, or failed for the next run. */
export function failureOf(error: unknown): { state: 'rejected' | 'failed'; reason: string } {
  return error instanceof RejectedImage
    ? { state: 'rejected', reason: error.reason }
    : { state: 'failed', reason: messageOf(error) }
}

/**
 * The upload pool's worker: sends one original and writes the outcome to the manifest before
 * going on (`uploaded`, handed to `onUploaded` for its library row; or `rejected`, `failed`). An
 * original cut short by the cancel signal writes nothing and waits for the next run.
 */
export function createOriginalWorker(options: {
  uploader: ObjectUploader
  manifest: Manifest
  maxPixels: number
  signal?: AbortSignal | undefined
  settle: (outcome: FileOutcome) => void
  /** Told the bytes of each original sent. */
  onSent: (bytes: number) => void
  /** Told each original in the bucket and in the manifest, for its library row. */
  onUploaded: (row: RowToRecord) => void
  /** Told when an original is done with, however it ended. */
  onDone: (size: number) => void
}): (item: HashedFile) => Promise<void> {
  const { manifest, signal, settle } = options
  return async (item) => {
    const { sha256 } = item
    const { relativePath, size } = item.file
    try {
      const { photo, bytesSent } = await sendOriginal(item, options)
      options.onSent(bytesSent)
      const record: ManifestRecord = {
        sha256,
        relativePath,
        size,
        state: 'uploaded',
        photo,
        at: '',
      }
      await manifest.set(record)
      options.onUploaded({ record, earlier: false })
    } catch (error) {
      if (signal?.aborted) {
        settle({ relativePath, size, status: 'not-started', reason: 'cancelled' })
        return
      }
      const { state, reason } = failureOf(error)
      await manifest.set({ sha256, relativePath, size, state, reason })
      settle({ relativePath, size, status: state, reason })
    } finally {
      options.onDone(size)
    }
  }
}
