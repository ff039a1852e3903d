import { describe, expect, it } from 'vitest'

import type { Connectivity } from './connectivity.ts'
import type { FileOutcome } from './report.ts'
import { createRunOutcomes, runReport } from './run-outcomes.ts'

describe('createRunOutcomes', () => {
  it('should tell each outcome as it settles and settle only the files left as not started', () => {
    const told: FileOutcome[] = []
    const outcomes = createRunOutcomes((outcome) => told.push(outcome))
    outcomes.settle({ relativePath: 'a.jpg', size: 1, status: 'uploaded' })
    outcomes.settleUnstarted([
      { relativePath: 'a.jpg', size: 1 },
      { relativePath: 'b.jpg', size: 2 },
    ])
    expect(outcomes.files).toEqual([
      { relativePath: 'a.jpg', size: 1, status: 'uploaded' },
      { relativePath: 'b.jpg', size: 2, status: 'not-started' },
    ])
    expect(told).toEqual(outcomes.files)
  })
})

describe('runReport', () => {
  const run = { dryRun: false, cancelled: false, files: [], scanSkipped: [], bytesSent: 5 }

  it("should add the library's error and the pauses only when the run has them", () => {
    const connectivity = { stats: () => ({ pauses: 2, pausedMs: 1500 }) } as Connectivity
    const started = Date.now()
    const full = runReport({ ...run, started, libraryError: 'HTTP 503', connectivity })
    expect(full).toMatchObject({ libraryError: 'HTTP 503', paused: { times: 2, ms: 1500 } })
    expect(full.durationMs).toBeGreaterThanOrEqual(0)
    const plain = runReport({ ...run, started })
    expect(Object.keys(plain)).toEqual([
      'dryRun',
      'cancelled',
      'files',
      'scanSkipped',
      'bytesSent',
      'durationMs',
    ])
  })
})
