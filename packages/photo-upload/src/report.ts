import type { ScanSkip } from './scan.ts'

/** How one original ended in a run. */
export type FileStatus =
  'uploaded' | 'duplicate' | 'rejected' | 'failed' | 'would-upload' | 'not-started'

export type FileOutcome = {
  relativePath: string
  size: number
  status: FileStatus
  /** Why (duplicates, rejections) or what went wrong (failures). */
  reason?: string
  /** Done by an earlier run of the same job (before a crash, quit or cancel). */
  earlier?: boolean
}

/** The end-of-run summary. It names files by their path in the folder and holds no photo metadata. */
export type UploadReport = {
  dryRun: boolean
  cancelled: boolean
  files: FileOutcome[]
  /** What the scan left out on purpose (links outside the folder). */
  scanSkipped: ScanSkip[]
  /** Bytes sent to Storage this run (processed photos and thumbnails). */
  bytesSent: number
  durationMs: number
  /** Set when the photo library could not be updated; the uploads stay recorded in the manifest for the next run. */
  libraryError?: string
  /** Times the run paused because the backend could not be reached, and for how long in all. */
  paused?: { times: number; ms: number }
}

/** Counts per status. */
export function summarize(report: UploadReport): Record<FileStatus, number> {
  const counts: Record<FileStatus, number> = {
    uploaded: 0,
    duplicate: 0,
    rejected: 0,
    failed: 0,
    'would-upload': 0,
    'not-started': 0,
  }
  for (const file of report.files) counts[file.status] += 1
  return counts
}

const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`

/** The report as a person reads it at the end of a run; `retryCommand` is offered when some failed. */
export function formatReport(report: UploadReport, retryCommand?: string): string {
  const counts = summarize(report)
  const lines: string[] = []
  const title = report.dryRun
    ? 'Dry run (nothing was uploaded)'
    : report.cancelled
      ? 'Upload cancelled'
      : 'Upload finished'
  lines.push(`${title} in ${(report.durationMs / 1000).toFixed(1)} s`)
  if (report.dryRun) {
    const bytes = report.files
      .filter((file) => file.status === 'would-upload')
      .reduce((sum, file) => sum + file.size, 0)
    lines.push(`  would upload:          ${counts['would-upload']} (${mib(bytes)} of originals)`)
  } else {
    const earlier = report.files.filter((file) => file.status === 'uploaded' && file.earlier).length
    lines.push(
      `  uploaded:              ${counts.uploaded}${earlier ? ` (${earlier} by an earlier run)` : ''}, ${mib(report.bytesSent)} sent`,
    )
  }
  lines.push(`  skipped as duplicates: ${counts.duplicate}`)
  lines.push(`  rejected:              ${counts.rejected}`)
  for (const file of report.files.filter((entry) => entry.status === 'rejected')) {
    lines.push(`    ${file.relativePath}: ${file.reason ?? 'rejected'}`)
  }
  lines.push(`  failed:                ${counts.failed}`)
  for (const file of report.files.filter((entry) => entry.status === 'failed')) {
    lines.push(`    ${file.relativePath}: ${file.reason ?? 'failed'}`)
  }
  if (report.paused && report.paused.times > 0)
    lines.push(
      `  paused: backend unreachable ${report.paused.times === 1 ? 'once' : `${report.paused.times} times`}, ${(report.paused.ms / 1000).toFixed(1)} s in all`,
    )
  if (counts['not-started'] > 0)
    lines.push(`  not started:           ${counts['not-started']} (run again to continue)`)
  for (const skip of report.scanSkipped)
    lines.push(`  not followed: ${skip.relativePath} (${skip.reason})`)
  if (report.libraryError) {
    lines.push(
      `  The photo library was not updated: ${report.libraryError}. Run again to add the uploaded photos.`,
    )
  }
  if (counts.failed > 0 && retryCommand) lines.push(`Retry the failed ones: ${retryCommand}`)
  return lines.join('\n')
}

/** Progress as shown while a run goes: files and bytes of originals, and the time left. */
export type Progress = {
  phase: 'scanning' | 'hashing' | 'uploading' | 'recording' | 'done'
  filesDone: number
  filesTotal: number
  bytesDone: number
  bytesTotal: number
  /** Seconds left at the rate so far; undefined until there is a rate to go by. */
  etaSeconds: number | undefined
}

/** Keeps the counts and works out the ETA from the bytes done so far. */
export function createProgressTracker(
  filesTotal: number,
  bytesTotal: number,
  now: () => number = Date.now,
) {
  const started = now()
  let filesDone = 0
  let bytesDone = 0
  return {
    advance(bytes: number) {
      filesDone += 1
      bytesDone += bytes
    },
    snapshot(phase: Progress['phase']): Progress {
      const elapsed = (now() - started) / 1000
      const rate = elapsed > 0 ? bytesDone / elapsed : 0
      const etaSeconds =
        bytesDone > 0 && rate > 0
          ? Math.max(0, Math.round((bytesTotal - bytesDone) / rate))
          : undefined
      return { phase, filesDone, filesTotal, bytesDone, bytesTotal, etaSeconds }
    },
  }
}

/** One line of progress for a terminal. */
export function formatProgress(progress: Progress): string {
  if (progress.phase === 'scanning') return 'scanning the folder…'
  const eta = progress.etaSeconds === undefined ? '' : `, about ${progress.etaSeconds} s left`
  return `${progress.phase}: ${progress.filesDone}/${progress.filesTotal} files, ${mib(progress.bytesDone)}/${mib(progress.bytesTotal)}${eta}`
}
