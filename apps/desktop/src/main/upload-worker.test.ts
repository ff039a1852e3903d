import { describe, expect, it } from 'vitest'

import type { UploadReport } from '@club/photo-upload'

import { ZChildMessage } from './upload-job-protocol.ts'
import { toReportView } from './upload-worker.ts'

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

  it('should shorten a long reason to what main accepts', () => {
    const long = report({
      files: [{ relativePath: 'd.jpg', size: 10, status: 'failed', reason: 'x'.repeat(5000) }],
      libraryError: 'y'.repeat(5000),
    })
    const message = { type: 'done', report: toReportView(JOB, long) }
    expect(ZChildMessage.safeParse(message).success).toBe(true)
  })
})
