import { describe, expect, it } from 'vitest'

import { createProgressTracker, formatProgress, formatReport, summarize } from './report.ts'
import type { UploadReport } from './report.ts'

const report: UploadReport = {
  dryRun: false,
  cancelled: false,
  files: [
    { relativePath: 'a.jpg', size: 100, status: 'uploaded' },
    { relativePath: 'b.jpg', size: 100, status: 'uploaded', earlier: true },
    {
      relativePath: 'c.jpg',
      size: 100,
      status: 'duplicate',
      reason: 'already in the photo library',
    },
    {
      relativePath: 'd.heic',
      size: 100,
      status: 'rejected',
      reason: 'HEIC photos are not supported',
    },
    { relativePath: 'e.jpg', size: 100, status: 'failed', reason: 'Service Unavailable' },
  ],
  scanSkipped: [],
  bytesSent: 2_097_152,
  durationMs: 1500,
}

describe('formatReport', () => {
  it('should count each outcome and list rejections and failures with their reasons', () => {
    expect(summarize(report)).toMatchObject({ uploaded: 2, duplicate: 1, rejected: 1, failed: 1 })
    const text = formatReport(report, 'pnpm photos:upload ./pics --retry-failed')
    expect(text).toContain('uploaded:              2 (1 by an earlier run), 2.0 MiB sent')
    expect(text).toContain('d.heic: HEIC photos are not supported')
    expect(text).toContain('e.jpg: Service Unavailable')
    expect(text).toContain('Retry the failed ones: pnpm photos:upload ./pics --retry-failed')
  })

  it('should not offer a retry when nothing failed', () => {
    const clean = { ...report, files: report.files.slice(0, 2) }
    expect(formatReport(clean, 'retry')).not.toContain('Retry')
  })
})

describe('createProgressTracker', () => {
  it('should estimate the time left from the rate so far', () => {
    let clock = 0
    const tracker = createProgressTracker(4, 400, () => clock)
    expect(tracker.snapshot('uploading').etaSeconds).toBeUndefined()
    clock = 2000
    tracker.advance(100)
    const progress = tracker.snapshot('uploading')
    expect(progress).toMatchObject({ filesDone: 1, filesTotal: 4, bytesDone: 100, etaSeconds: 6 })
    expect(formatProgress(progress)).toContain('1/4 files')
  })
})
