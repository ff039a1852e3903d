/**
 * The upload screen's job card as main's registry describes a run: a run waiting for an
 * unreachable backend says it is paused (and that it goes on by itself), not a stale
 * "uploading" line; once the backend answers the progress line is back.
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { JobCard } from '../src/renderer/src/upload-screen.tsx'
import type { DesktopBridge, UploadJobView } from '../src/shared/ipc-contract.ts'

const JOB = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e'

const running = (paused: boolean): UploadJobView => ({
  jobId: JOB,
  folderName: 'opening-day',
  fileCount: null,
  state: 'running',
  dryRun: false,
  progress: {
    jobId: JOB,
    phase: 'uploading',
    filesDone: 2,
    filesTotal: 5,
    bytesDone: 2 * 1_048_576,
    bytesTotal: 5 * 1_048_576,
    etaSeconds: 12,
  },
  paused,
  report: null,
  error: null,
})

/** The card's text as a reader gets it (tags dropped). */
function cardText(job: UploadJobView): string {
  const html = renderToStaticMarkup(
    createElement(JobCard, { bridge: {} as DesktopBridge, job, onDismissed: () => {} }),
  )
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
}

describe('the upload screen while the backend is unreachable', () => {
  it('should say the run is paused and goes on by itself, with what is done so far', () => {
    const text = cardText(running(true))
    expect(text).toContain(
      'Paused: the backend cannot be reached. The upload goes on by itself when it answers (2 of 5 files done).',
    )
    expect(text).not.toContain('uploading: 2 of 5 files')
    // Still a running job: it can be cancelled, not started again.
    expect(text).toContain('Cancel')
  })

  it('should show the progress again once the backend answers', () => {
    const text = cardText(running(false))
    expect(text).toContain('uploading: 2 of 5 files, 2.0 MiB of 5.0 MiB, about 12 s left')
    expect(text).not.toContain('Paused')
  })
})
