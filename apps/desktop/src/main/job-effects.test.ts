import { describe, expect, it, vi } from 'vitest'

import type { UploadJobView } from '../shared/ipc-contract.ts'
import {
  createQuitGuard,
  endNotice,
  followJobs,
  LONG_JOB_MS,
  PROGRESS_INDETERMINATE,
  PROGRESS_NONE,
  progressValue,
} from './job-effects.ts'
import type { DesktopEffects } from './job-effects.ts'

const JOB = '9b2f4c1e-3d5a-4b6c-8d7e-0f1a2b3c4d5e'

const job = (overrides: Partial<UploadJobView> = {}): UploadJobView => ({
  jobId: JOB,
  folderName: 'opening-day',
  fileCount: null,
  state: 'running',
  dryRun: false,
  progress: null,
  paused: false,
  report: null,
  error: null,
  ...overrides,
})

const uploading = (bytesDone: number, bytesTotal = 400) => ({
  jobId: JOB,
  phase: 'uploading' as const,
  filesDone: 1,
  filesTotal: 4,
  bytesDone,
  bytesTotal,
  etaSeconds: null,
})

const finished = job({
  state: 'done',
  report: {
    jobId: JOB,
    dryRun: false,
    cancelled: false,
    uploaded: 118,
    wouldUpload: 0,
    duplicates: 2,
    notStarted: 0,
    rejected: [{ relativePath: 'IMG_1.HEIC', reason: 'HEIC' }],
    failed: [],
    bytesSent: 1,
    durationMs: 45_000,
    libraryError: null,
  },
})

function recordingEffects() {
  const calls: [string, ...unknown[]][] = []
  let next = 41
  const effects: DesktopEffects = {
    preventSleep: () => {
      calls.push(['preventSleep'])
      return next++
    },
    allowSleep: (id) => void calls.push(['allowSleep', id]),
    setProgress: (value) => void calls.push(['setProgress', value]),
    notify: (title, body, jobId) =>
      void calls.push(['notify', title, body, ...(jobId === undefined ? [] : [jobId])]),
  }
  return { effects, calls }
}

describe('progressValue', () => {
  it('should be the bytes uploaded of the runs under way, "busy" before uploading, none when idle', () => {
    expect([
      progressValue([job({ progress: uploading(100) })]),
      progressValue([job({ progress: uploading(100) }), job({ progress: uploading(300) })]),
      progressValue([job()]),
      progressValue([job({ progress: { ...uploading(10), phase: 'hashing' } })]),
      progressValue([finished]),
    ]).toEqual([0.25, 0.5, PROGRESS_INDETERMINATE, PROGRESS_INDETERMINATE, PROGRESS_NONE])
  })
})

describe('endNotice', () => {
  it('should sum up the run by folder', () => {
    expect(endNotice(finished)).toEqual({
      title: 'Upload finished',
      body: 'opening-day: 118 uploaded, 2 already in the library, 1 not uploaded',
    })
  })

  it('should say why a run stopped', () => {
    expect(endNotice(job({ state: 'failed', error: 'Signed out' }))).toEqual({
      title: 'Upload stopped',
      body: 'opening-day: Signed out',
    })
  })
})

describe('followJobs', () => {
  it('should keep the machine awake and show progress while a run goes, and let go when it ends', () => {
    const { effects, calls } = recordingEffects()
    let jobs = [job()]
    const follow = followJobs(() => jobs, effects)
    follow({ kind: 'changed', job: jobs[0]! })
    jobs = [job({ progress: uploading(200) })]
    follow({ kind: 'changed', job: jobs[0]! })
    follow({ kind: 'changed', job: jobs[0]! })
    jobs = [finished]
    follow({ kind: 'changed', job: finished })
    follow({ kind: 'ended', job: finished, durationMs: 5_000 })
    expect(calls).toEqual([
      ['preventSleep'],
      ['setProgress', PROGRESS_INDETERMINATE],
      ['setProgress', 0.5],
      ['allowSleep', 41],
      ['setProgress', PROGRESS_NONE],
    ])
  })

  it('should notify at the end of a run of 30 s or more, and not of a shorter one', () => {
    const { effects, calls } = recordingEffects()
    const follow = followJobs(() => [finished], effects)
    follow({ kind: 'ended', job: finished, durationMs: LONG_JOB_MS - 1 })
    follow({ kind: 'ended', job: finished, durationMs: LONG_JOB_MS })
    expect(calls.filter(([name]) => name === 'notify')).toEqual([
      ['notify', 'Upload finished', expect.stringContaining('118 uploaded'), finished.jobId],
    ])
    expect(LONG_JOB_MS).toBe(30_000)
  })

  it('should notify at the end of any run while the window is not focused, naming the run', () => {
    const { effects, calls } = recordingEffects()
    let focused = true
    const follow = followJobs(() => [finished], { ...effects, focused: () => focused })
    follow({ kind: 'ended', job: finished, durationMs: 2_000 })
    focused = false
    follow({ kind: 'ended', job: finished, durationMs: 2_000 })
    expect(calls.filter(([name]) => name === 'notify')).toEqual([
      ['notify', 'Upload finished', expect.stringContaining('118 uploaded'), finished.jobId],
    ])
  })
})

describe('createQuitGuard', () => {
  const attempt = () => ({ preventDefault: vi.fn() })

  it('should let the app quit when no run is under way', () => {
    const ask = vi.fn(async () => true)
    const guard = createQuitGuard({ busy: () => false, ask, stopJobs: vi.fn(), quit: vi.fn() })
    const event = attempt()
    guard(event)
    expect([event.preventDefault.mock.calls.length, ask.mock.calls.length]).toEqual([0, 0])
  })

  it('should hold the quit and ask once while a run is under way; "wait" keeps it going', async () => {
    let answer: (quit: boolean) => void = () => {}
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (answer = resolve)))
    const stopJobs = vi.fn()
    const quit = vi.fn()
    const guard = createQuitGuard({ busy: () => true, ask, stopJobs, quit })
    const first = attempt()
    const second = attempt()
    guard(first)
    guard(second)
    expect(ask).toHaveBeenCalledTimes(1)
    answer(false)
    // Once the director has answered, a new attempt asks again: the first answer was taken.
    await new Promise((resolve) => setImmediate(resolve))
    guard(attempt())
    expect(ask).toHaveBeenCalledTimes(2)
    expect([
      first.preventDefault.mock.calls.length,
      second.preventDefault.mock.calls.length,
    ]).toEqual([1, 1])
    expect([stopJobs.mock.calls.length, quit.mock.calls.length]).toEqual([0, 0])
  })

  it('should stop the runs and quit on "quit anyway", then let the quit through', async () => {
    const stopJobs = vi.fn()
    const quit = vi.fn()
    const guard = createQuitGuard({ busy: () => true, ask: async () => true, stopJobs, quit })
    guard(attempt())
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1))
    expect(stopJobs).toHaveBeenCalledTimes(1)
    const again = attempt()
    guard(again)
    expect(again.preventDefault).not.toHaveBeenCalled()
  })
})
