import { open } from 'node:fs/promises'

import { sniffFormat } from './process-image.ts'
import type { FileOutcome } from './report.ts'
import type { HashedFile, RowToRecord } from './run-plan.ts'

/** The first 64 bytes of a file: enough to tell its format by magic number. */
export async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(64)
    const { bytesRead } = await handle.read(head, 0, 64, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * Settles a dry run's plan without uploading or recording: each original to upload "would
 * upload" when its first bytes are a format the uploader reads (else it is rejected), then each
 * photo an earlier run sent "would upload" its library row.
 */
export async function settleDryRun(
  { work, toRecord }: { work: readonly HashedFile[]; toRecord: readonly RowToRecord[] },
  settle: (outcome: FileOutcome) => void,
): Promise<void> {
  for (const { file } of work) {
    const format = sniffFormat(await readHead(file.path))
    settle(
      format === 'unknown'
        ? {
            relativePath: file.relativePath,
            size: file.size,
            status: 'rejected',
            reason: 'Not a photo this uploader can read',
          }
        : { relativePath: file.relativePath, size: file.size, status: 'would-upload' },
    )
  }
  for (const { record } of toRecord) {
    settle({
      relativePath: record.relativePath,
      size: record.size,
      status: 'would-upload',
      earlier: true,
    })
  }
}
