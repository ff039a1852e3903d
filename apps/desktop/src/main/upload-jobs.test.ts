import { describe, expect, it, vi } from 'vitest'

import type { UploadJobView, UploadReportView } from '../shared/ipc-contract.ts'
import type { ParentMessage } from './upload-job-protocol.ts'
import { createJobRegistry, SIGN_OUT_GRACE_MS, UploadJobError } from './upload-jobs.ts'
import type { JobEvent, JobProcess } from './upload-jobs.ts'

/** A scripted upload process: records what main sends, and says what the test makes it say. */
function fakeProcess() {
  const sent: ParentMessage[] = []
  let onMessage: (message: unknown) => void = () => {}
  let onExit: (code: number | null) => void = () => {}
  let killed = false
  const process: JobProcess = {
    send: (message) => void sent.push(message),
    onMessage: (listener) => void (onMessage = listener),
    onExit: (listener) => void (onExit = listener),
    kill: () => void (killed = true),
  }
  return {
    process,
    sent,
    say: (message: unknown) => onMessage(message),
    exit: (code: number | null) => onExit(code),
    get killed() {
      return killed
    },
  }
}

const report = (jobId: string, overrides: Partial<UploadReportView> = {}): UploadReportView => ({
  jobId,
  dryRun: false,
  cancelled: false,
  uploaded: 3,
  wouldUpload: 0,
  duplicates: 1,
  notStarted: 0,
  rejected: [],
  failed: [],
  bytesSent: 2048,
  durationMs: 1200,
  libraryError: null,
  ...overrides,
})

const progress = (phase: 'hashing' | 'uploading' | 'done', filesDone: number) => ({
  phase,
  filesDone,
  filesTotal: 4,
  bytesDone: filesDone * 10,
  bytesTotal: 40,
  etaSeconds: null,
})

function registry(options: { folders?: string[]; signedIn?: boolean; backend?: boolean } = {}) {
  const processes: ReturnType<typeof fakeProcess>[] = []
  const folders = [...(options.folders ?? ['/home/director/Pictures/opening-day'])]
  const emitted: UploadJobView[] = []
  const events: JobEvent[] = []
  const timers: (() => void)[] = []
  const session = new Map<string, string>([['sb-club-auth-token', '{"access_token":"t"}']])
  const refreshes: (string | null)[] = []
  const logged: [level: string, line: string][] = []
  let clock = 0
  let ids = 0
  const jobs = createJobRegistry({
    launch: () => {
      const made = fakeProcess()
      processes.push(made)
      return made.process
    },
    chooseFolder: async () => folders.shift() ?? null,
    backend: () =>
      options.backend === false ? null : { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
    session: {
      getItem: (key) => session.get(key) ?? null,
      signedIn: () => options.signedIn !== false,
      refresh: async (sentWith) => {
        refreshes.push(sentWith)
        session.set('sb-club-auth-token', '{"access_token":"fresh"}')
      },
    },
    stateBase: '/home/director/.config/Club Admin/upload-state',
    emit: (job) => void emitted.push(job),
    newId: () => `job-000000000000000${ids++}`,
    now: () => (clock += 50),
    inspectPath: async (path) =>
      path.endsWith('.jpg') ? 'file' : path.includes('missing') ? null : 'folder',
    setTimer: (run) => void timers.push(run),
    log: {
      error: (...params) => void logged.push(['error', params.join(' ')]),
      warn: (...params) => void logged.push(['warn', params.join(' ')]),
      info: (...params) => void logged.push(['info', params.join(' ')]),
    },
  })
  jobs.follow((event) => void events.push(event))
  return { jobs, processes, emitted, events, timers, session, refreshes, logged }
}

const start = (jobs: ReturnType<typeof registry>['jobs'], jobId: string, dryRun = false) =>
  jobs.start({ jobId, dryRun, retryFailed: false })

describe('createJobRegistry', () => {
  it('should give the renderer the folder name, never its path', async () => {
    const { jobs } = registry()
    expect(await jobs.chooseFolder()).toMatchObject({
      folderName: 'opening-day',
      fileCount: null,
      state: 'ready',
    })
    expect(JSON.stringify(jobs.list())).not.toContain('/home/director')
  })

  it('should hold one job per folder, whether picked or dropped', async () => {
    const { jobs } = registry({
      folders: ['/home/director/Pictures/opening-day', '/home/director/Pictures/opening-day/'],
    })
    const first = await jobs.chooseFolder()
    const again = await jobs.chooseFolder()
    const [dropped] = await jobs.drop(['/home/director/Pictures/opening-day'])
    expect([again?.jobId, dropped?.jobId]).toEqual([first?.jobId, first?.jobId])
    expect(jobs.list()).toHaveLength(1)
  })

  it('should refuse a second run of a folder under way', async () => {
    const { jobs, processes } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    expect(() => start(jobs, job!.jobId)).toThrow(/being uploaded already/)
    expect(processes).toHaveLength(1)
  })

  it('should make a job per dropped folder and one per folder of dropped files, limited to them', async () => {
    const { jobs, processes } = registry()
    const dropped = await jobs.drop([
      '/home/director/Pictures/day-1',
      '/home/director/Desktop/IMG_2.jpg',
      '/home/director/Desktop/IMG_1.jpg',
      '/home/director/missing',
    ])
    expect(dropped.map((job) => [job.folderName, job.fileCount])).toEqual([
      ['day-1', null],
      ['Desktop', 2],
    ])
    start(jobs, dropped[1]!.jobId)
    expect(processes[0]?.sent[0]).toMatchObject({
      type: 'start',
      request: { folder: '/home/director/Desktop', only: ['IMG_1.jpg', 'IMG_2.jpg'] },
    })
  })

  it('should let a dropped folder win over dropped files of the same folder', async () => {
    const { jobs } = registry()
    const dropped = await jobs.drop(['/home/director/Desktop/IMG_1.jpg', '/home/director/Desktop'])
    expect(dropped.map((job) => [job.folderName, job.fileCount])).toEqual([['Desktop', null]])
  })

  it('should refuse a job id it never handed out', () => {
    const { jobs } = registry()
    expect(() => start(jobs, 'job-0000000000000009')).toThrow(UploadJobError)
  })

  it('should refuse to start signed out or without a backend, and launch nothing', async () => {
    const signedOut = registry({ signedIn: false })
    const noBackend = registry({ backend: false })
    const a = await signedOut.jobs.chooseFolder()
    const b = await noBackend.jobs.chooseFolder()
    expect(() => start(signedOut.jobs, a!.jobId)).toThrow(/Sign in first/)
    expect(() => start(noBackend.jobs, b!.jobId)).toThrow(/Set the backend first/)
    expect([signedOut.processes.length, noBackend.processes.length]).toEqual([0, 0])
  })

  it('should start a run in its own process with the folder, options and state folder', async () => {
    const { jobs, processes } = registry()
    const job = await jobs.chooseFolder()
    const answer = start(jobs, job!.jobId, true)
    expect(answer).toMatchObject({ state: 'running', dryRun: true })
    expect(processes[0]?.sent).toEqual([
      {
        type: 'start',
        request: {
          jobId: job!.jobId,
          folder: '/home/director/Pictures/opening-day',
          only: null,
          dryRun: true,
          retryFailed: false,
          stateBase: '/home/director/.config/Club Admin/upload-state',
          backend: { url: 'http://127.0.0.1:54321', anonKey: 'anon' },
        },
      },
    ])
  })

  it('should keep a run current for a screen that reattaches (after a reload or navigation)', async () => {
    const { jobs, processes } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    processes[0]!.say({ type: 'progress', progress: progress('uploading', 2) })
    // A screen that comes back asks for the list: the run is there, with its progress.
    expect(jobs.list()).toEqual([
      expect.objectContaining({
        jobId: job!.jobId,
        state: 'running',
        progress: expect.objectContaining({ jobId: job!.jobId, filesDone: 2 }),
      }),
    ])
    processes[0]!.say({ type: 'done', report: report('ignored') })
    expect(jobs.list()[0]).toMatchObject({
      state: 'done',
      report: { jobId: job!.jobId, uploaded: 3 },
    })
    expect(processes[0]!.killed).toBe(true)
  })

  it('should show a run as paused while the backend is unreachable, at once, and go on after', async () => {
    const { jobs, processes, emitted } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    processes[0]!.say({ type: 'progress', progress: progress('uploading', 2) })
    const before = emitted.length
    processes[0]!.say({ type: 'connection', state: 'paused' })
    // Told at once, even right after a progress event (not held by the 200 ms throttle).
    expect(emitted.slice(before).map((sent) => [sent.state, sent.paused])).toEqual([
      ['running', true],
    ])
    expect(jobs.list()[0]).toMatchObject({ paused: true, progress: { filesDone: 2 } })
    processes[0]!.say({ type: 'connection', state: 'resumed' })
    expect(emitted.at(-1)).toMatchObject({ state: 'running', paused: false })
    // A run that ends while paused (cancelled, failed) is not shown paused any more.
    processes[0]!.say({ type: 'connection', state: 'paused' })
    processes[0]!.say({ type: 'done', report: report('ignored') })
    expect(jobs.list()[0]).toMatchObject({ state: 'done', paused: false })
  })

  it('should send progress at most every 200 ms, and always the last', async () => {
    const { jobs, processes, emitted } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    const before = emitted.length
    for (let done = 0; done < 4; done += 1) {
      processes[0]!.say({ type: 'progress', progress: progress('uploading', done) })
    }
    processes[0]!.say({ type: 'progress', progress: progress('done', 4) })
    expect(
      emitted.slice(before).map((sent) => [sent.progress?.phase, sent.progress?.filesDone]),
    ).toEqual([
      ['uploading', 0],
      ['done', 4],
    ])
  })

  it('should answer the process with the session, read-only: a write is refused and the process stopped', async () => {
    const { jobs, processes, session, logged } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    const child = processes[0]!
    child.say({ type: 'storage', id: 0, op: 'get', key: 'sb-club-auth-token' })
    expect(child.sent.slice(1)).toEqual([
      { type: 'storage-result', id: 0, value: '{"access_token":"t"}' },
    ])
    child.say({ type: 'storage', id: 1, op: 'set', key: 'sb-club-auth-token', value: 'forged' })
    child.say({ type: 'storage', id: 2, op: 'remove', key: 'sb-club-auth-token' })
    expect(child.sent).toHaveLength(2)
    expect([session.get('sb-club-auth-token'), child.killed, jobs.list()[0]?.state]).toEqual([
      '{"access_token":"t"}',
      true,
      'failed',
    ])
    expect(logged).toContainEqual([
      'error',
      expect.stringMatching(/outside the protocol \(storage\); stopped$/),
    ])
  })

  it('should log each run: its start, its counts at the end, a failure with where it got to, an exit code', async () => {
    const { jobs, processes, logged } = registry({
      folders: ['/home/director/Pictures/opening-day', '/home/director/Pictures/finals'],
    })
    const first = await jobs.chooseFolder()
    const second = await jobs.chooseFolder()
    start(jobs, first!.jobId)
    start(jobs, second!.jobId)
    processes[0]!.say({ type: 'progress', progress: progress('uploading', 2) })
    processes[0]!.say({
      type: 'failed',
      message: 'Storage refused eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl as expired',
    })
    processes[1]!.exit(134)
    const text = logged.map(([level, line]) => `${level} ${line}`)
    expect(text).toEqual([
      'info Upload job-0000000000000000 started: the whole folder',
      'info Upload job-0000000000000001 started: the whole folder',
      expect.stringMatching(
        /^error Upload job-0000000000000000 failed after \d+ s, 2 of 4 files \(uploading\): Storage refused \[redacted\] as expired$/,
      ),
      'error Upload job-0000000000000001: its process exited with code 134',
      expect.stringMatching(
        /^error Upload job-0000000000000001 failed after \d+ s, before any file: The upload stopped unexpectedly \(exit code 134\)/,
      ),
    ])
    // Never a path, never a token.
    expect(text.join('\n')).not.toMatch(/home\/director|eyJ/)
    processes.length = 0
    start(jobs, first!.jobId)
    processes[0]!.say({
      type: 'done',
      report: report('x', {
        uploaded: 2,
        failed: [{ relativePath: 'IMG_1.jpg', reason: 'HTTP 503 after 3 tries' }],
      }),
    })
    expect(logged.at(-1)).toEqual([
      'warn',
      expect.stringMatching(
        /^Upload job-0000000000000000 done after \d+ s: 2 uploaded, 1 duplicates, 0 rejected, 1 failed, 0 not started; failures: HTTP 503 after 3 tries$/,
      ),
    ])
  })

  it("should have the session's owner refresh it when the process asks, and answer only then", async () => {
    const { jobs, processes, session, refreshes } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    const child = processes[0]!
    child.say({ type: 'session-refresh', id: 7, sentWith: 't' })
    await expect
      .poll(() => child.sent.at(-1))
      .toEqual({ type: 'storage-result', id: 7, value: null })
    expect(refreshes).toEqual(['t'])
    // The process reads the owner's new session; it never wrote one itself.
    expect(session.get('sb-club-auth-token')).toBe('{"access_token":"fresh"}')
  })

  it('should stop a process that says anything outside the protocol, and obey none of it', async () => {
    const { jobs, processes, session } = registry({
      folders: ['/home/director/Pictures/opening-day', '/home/director/Pictures/finals'],
    })
    const first = await jobs.chooseFolder()
    const second = await jobs.chooseFolder()
    start(jobs, first!.jobId)
    start(jobs, second!.jobId)
    processes[0]!.say({ type: 'storage', id: 0, op: 'set', key: 'settings', value: 'x' })
    processes[1]!.say({ type: 'done', report: { uploaded: 'all' } })
    expect(jobs.list().map((job) => [job.state, job.error, job.report])).toEqual([
      ['failed', 'The upload process misbehaved and was stopped.', null],
      ['failed', 'The upload process misbehaved and was stopped.', null],
    ])
    expect([processes[0]!.killed, processes[1]!.killed, session.has('settings')]).toEqual([
      true,
      true,
      false,
    ])
    expect(processes[0]!.sent).toHaveLength(1)
  })

  it('should fail the run, and only the run, when its process crashes', async () => {
    const { jobs, processes, events } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    processes[0]!.exit(139)
    expect(jobs.list()[0]).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/stopped unexpectedly \(exit code 139\)/),
    })
    expect(events.at(-1)).toMatchObject({ kind: 'ended', job: { state: 'failed' } })
    // The folder can be started again, in a new process.
    start(jobs, job!.jobId)
    expect([processes.length, jobs.busy()]).toEqual([2, true])
  })

  it('should pass a cancel to the process and show it as cancelling', async () => {
    const { jobs, processes } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    jobs.cancel(job!.jobId)
    expect(processes[0]!.sent.at(-1)).toEqual({ type: 'cancel' })
    expect(jobs.list()[0]?.state).toBe('cancelling')
    processes[0]!.say({ type: 'done', report: report('x', { cancelled: true, notStarted: 2 }) })
    expect(jobs.list()[0]).toMatchObject({ state: 'done', report: { cancelled: true } })
  })

  it('should cancel every run on sign-out, forget every job, and stop a run that lingers', async () => {
    const { jobs, processes, timers } = registry({
      folders: ['/home/director/Pictures/opening-day', '/home/director/Pictures/finals'],
    })
    const running = await jobs.chooseFolder()
    await jobs.chooseFolder()
    start(jobs, running!.jobId)
    jobs.signOut()
    expect(processes[0]!.sent.at(-1)).toEqual({ type: 'cancel' })
    expect([jobs.list(), jobs.busy(), processes[0]!.killed]).toEqual([[], false, false])
    // The cancelled run did not end in time: it is stopped.
    timers.forEach((run) => run())
    expect(processes[0]!.killed).toBe(true)
    expect(SIGN_OUT_GRACE_MS).toBe(5_000)
  })

  it('should forget a job on dismiss, but not while it runs', async () => {
    const { jobs, processes } = registry({
      folders: ['/home/director/Pictures/opening-day', '/home/director/Pictures/finals'],
    })
    const running = await jobs.chooseFolder()
    const idle = await jobs.chooseFolder()
    start(jobs, running!.jobId)
    jobs.dismiss(running!.jobId)
    jobs.dismiss(idle!.jobId)
    expect(jobs.list().map((job) => job.folderName)).toEqual(['opening-day'])
    expect(processes).toHaveLength(1)
  })

  it('should stop every process at once on "quit anyway"', async () => {
    const { jobs, processes } = registry()
    const job = await jobs.chooseFolder()
    start(jobs, job!.jobId)
    jobs.stopAll()
    expect([processes[0]!.killed, jobs.busy(), jobs.list()[0]?.state]).toEqual([
      true,
      false,
      'failed',
    ])
  })

  it('should tell followers of each change and of the end, with how long the run took', async () => {
    const { jobs, processes, events } = registry()
    const job = await jobs.chooseFolder()
    const follower = vi.fn()
    jobs.follow(follower)
    start(jobs, job!.jobId)
    processes[0]!.say({ type: 'done', report: report('x') })
    expect(follower.mock.calls.map(([event]) => [event.kind, event.job.state])).toEqual([
      ['changed', 'running'],
      ['changed', 'done'],
      ['ended', 'done'],
    ])
    expect(events.at(-1)).toMatchObject({ kind: 'ended', durationMs: 50 })
  })
})
