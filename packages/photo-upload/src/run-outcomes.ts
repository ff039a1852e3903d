import type { Connectivity } from './connectivity.ts'
import type { FileOutcome, UploadReport } from './report.ts'
import type { ScanSkip } from './scan.ts'

/** The run's outcomes, one per original, in the order they settle. */
export type RunOutcomes = {
  readonly files: FileOutcome[]
  /** Keeps the outcome and tells it to the run's `onFile`. */
  settle(outcome: FileOutcome): void
  /** Settles as `not-started` each of `pending` that has no outcome yet (what a cancel left). */
  settleUnstarted(pending: readonly { relativePath: string; size: number }[]): void
}

/**
 * Collects a run's outcomes as they come.
 *
 * @example
 * const outcomes = createRunOutcomes((outcome) => console.log(outcome.status))
 * outcomes.settle({ relativePath: 'a.jpg', size: 1200, status: 'uploaded' })
 */
export function createRunOutcomes(onFile?: (outcome: FileOutcome) => void): RunOutcomes {
  const files: FileOutcome[] = []
  const settle = (outcome: FileOutcome) => {
    files.push(outcome)
    onFile?.(outcome)
  }
  return {
    files,
    settle,
    settleUnstarted(pending) {
      const settled = new Set(files.map((outcome) => outcome.relativePath))
      for (const { relativePath, size } of pending) {
        if (!settled.has(relativePath)) settle({ relativePath, size, status: 'not-started' })
      }
    },
  }
}

/** The end-of-run report; the library error and the pauses only when there are some to tell. */
export function runReport(run: {
  dryRun: boolean
  cancelled: boolean
  files: FileOutcome[]
  scanSkipped: ScanSkip[]
  bytesSent: number
  /** When the run started (ms since the epoch). */
  started: number
  libraryError?: string | undefined
  connectivity?: Connectivity | undefined
}): UploadReport {
  return {
    dryRun: run.dryRun,
    cancelled: run.cancelled,
    files: run.files,
    scanSkipped: run.scanSkipped,
    bytesSent: run.bytesSent,
    durationMs: Date.now() - run.started,
    ...(run.libraryError === undefined ? {} : { libraryError: run.libraryError }),
    ...(run.connectivity
      ? {
          paused: {
            times: run.connectivity.stats().pauses,
            ms: run.connectivity.stats().pausedMs,
          },
        }
      : {}),
  }
}
