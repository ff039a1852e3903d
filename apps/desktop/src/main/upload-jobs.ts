/**
 * IMPORTANT: main's upload job registry. One job per folder, behind an opaque id (paths stay
 * here); each run goes to a process of its own, started through an injected launcher (Electron's
 * utilityProcess in the app, Node's child_process.fork in the tests), so a crash in libvips
 * fails that run and nothing else. The registry, not a screen, holds every job's state: the
 * upload screen reattaches after a reload or navigation by asking for the list, and follows
 * `upload:job` events. Sign-out cancels every run and forgets every job.
 */
import { stat } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'

import { uniqueId } from '@club/core/entities'

import type { UploadJobView, UploadProgressView } from '../shared/ipc-contract.ts'
import { logLine } from './diagnostics.ts'
import type { ErrorLog } from './error-handling.ts'
import { ZChildMessage } from './upload-job-protocol.ts'
import type { JobRequest, ParentMessage } from './upload-job-protocol.ts'

/** Progress events are sent at most this often (a change of state, always). */
export const PROGRESS_INTERVAL_MS = 200
/** After sign-out, a run still going this long after its cancel is stopped outright. */
export const SIGN_OUT_GRACE_MS = 5_000

/** One run's process, as the registry drives it. */
export type JobProcess = {
  send(message: ParentMessage): void
  onMessage(listener: (message: unknown) => void): void
  /** Called once, when the process has ended (a crash included); `code` as the OS gives it. */
  onExit(listener: (code: number | null) => void): void
  kill(): void
}

/** Starts a fresh upload process. */
export type LaunchJobProcess = () => JobProcess

/**
 * The director's session, as main's credential store holds it, read-only to the upload process:
 * it reads the access token and asks for a refresh, and never writes the session (the protocol
 * has no write, and the registry stops a process that sends one).
 */
export type SessionAccess = {
  getItem(key: string): string | null
  signedIn(): boolean
  /**
   * Has the session's owner (the window's client, or main with no window) store a session newer
   * than the one whose access token is `sentWith`; resolves once it is stored, or when the owner
   * cannot answer.
   */
  refresh(sentWith: string | null): Promise<void>
}

/** What the registry tells its followers (power-save, progress bar, notification). */
export type JobEvent =
  | { kind: 'changed'; job: UploadJobView }
  | { kind: 'ended'; job: UploadJobView; durationMs: number }

/** Thrown to the renderer for a job it cannot start. */
export class UploadJobError extends Error {
  override name = 'UploadJobError'
}

type Job = {
  id: string
  folder: string
  only: string[] | null
  view: Omit<UploadJobView, 'jobId' | 'folderName' | 'fileCount'>
  process: JobProcess | null
  startedAt: number
  lastProgressAt: number
  forgetWhenEnded: boolean
}

const isRunning = (job: Job) => job.view.state === 'running' || job.view.state === 'cancelling'
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** A dropped path is a folder, a file, or gone. */
async function kindOf(path: string): Promise<'folder' | 'file' | null> {
  try {
    const found = await stat(path)
    return found.isDirectory() ? 'folder' : found.isFile() ? 'file' : null
  } catch {
    return null
  }
}

/**
 * @example
 * const jobs = createJobRegistry({ launch, chooseFolder, backend, session, stateBase, emit })
 * await jobs.start({ jobId, dryRun: false, retryFailed: false })
 */
export function createJobRegistry(options: {
  launch: LaunchJobProcess
  chooseFolder: () => Promise<string | null>
  backend: () => { url: string; anonKey: string } | null
  session: SessionAccess
  /** The folder under which each job keeps its manifest and hash cache. */
  stateBase: string
  /** Sends a job's new state to the renderer. */
  emit: (job: UploadJobView) => void
  /** The log file (electron-log in the app): each run's start, end, failure and exit code. */
  log?: ErrorLog
  newId?: () => string
  now?: () => number
  inspectPath?: (path: string) => Promise<'folder' | 'file' | null>
  setTimer?: (run: () => void, ms: number) => void
}) {
  const newId = options.newId ?? (() => uniqueId('job'))
  const now = options.now ?? (() => Date.now())
  const inspectPath = options.inspectPath ?? kindOf
  const setTimer = options.setTimer ?? ((run, ms) => void setTimeout(run, ms).unref())
  const log: ErrorLog = options.log ?? { error: () => {}, warn: () => {}, info: () => {} }
  const jobs = new Map<string, Job>()
  const followers = new Set<(event: JobEvent) => void>()

  const view = (job: Job): UploadJobView => ({
    jobId: job.id,
    folderName: basename(job.folder),
    fileCount: job.only ? job.only.length : null,
    ...job.view,
  })
  const tell = (event: JobEvent) => followers.forEach((follower) => follower(event))
  const changed = (job: Job) => {
    if (!jobs.has(job.id)) return
    const shown = view(job)
    options.emit(shown)
    tell({ kind: 'changed', job: shown })
  }

  /** The job of `folder`, made if there is none; a job not running takes the new file choice. */
  const jobFor = (folder: string, only: string[] | null): Job => {
    const existing = [...jobs.values()].find((job) => job.folder === folder)
    if (existing) {
      if (!isRunning(existing)) existing.only = only
      return existing
    }
    const job: Job = {
      id: newId(),
      folder,
      only,
      view: {
        state: 'ready',
        dryRun: false,
        progress: null,
        paused: false,
        report: null,
        error: null,
      },
      process: null,
      startedAt: 0,
      lastProgressAt: -Infinity,
      forgetWhenEnded: false,
    }
    jobs.set(job.id, job)
    return job
  }

  /** Where a run had got to, for the log: counts only, never a path or a token. */
  const counts = (job: Job) => {
    const progress = job.view.progress
    return progress
      ? `${progress.filesDone} of ${progress.filesTotal} files (${progress.phase})`
      : 'before any file'
  }
  const logEnd = (job: Job, seconds: string) => {
    const { report, state, error } = job.view
    if (state === 'done' && report) {
      const line = `Upload ${job.id} ${report.cancelled ? 'cancelled' : 'done'} after ${seconds}: ${report.dryRun ? `${report.wouldUpload} would upload` : `${report.uploaded} uploaded`}, ${report.duplicates} duplicates, ${report.rejected.length} rejected, ${report.failed.length} failed, ${report.notStarted} not started`
      if (report.failed.length > 0 || report.libraryError) {
        const reasons = [...new Set(report.failed.map((file) => logLine(file.reason)))].slice(0, 5)
        log.warn(
          `${line}; failures: ${reasons.join(' | ') || 'none'}${report.libraryError ? `; library: ${logLine(report.libraryError)}` : ''}`,
        )
      } else log.info(line)
    } else if (state === 'failed') {
      log.error(`Upload ${job.id} failed after ${seconds}, ${counts(job)}: ${logLine(error ?? '')}`)
    }
  }

  const end = (job: Job, outcome: Partial<Job['view']>) => {
    const process = job.process
    job.process = null
    job.view = { ...job.view, paused: false, ...outcome }
    process?.kill()
    const durationMs = now() - job.startedAt
    logEnd(job, `${Math.round(durationMs / 1000)} s`)
    if (job.forgetWhenEnded) {
      jobs.delete(job.id)
      tell({ kind: 'ended', job: view(job), durationMs })
      return
    }
    changed(job)
    tell({ kind: 'ended', job: view(job), durationMs })
  }

  const answerChild = (job: Job, process: JobProcess, raw: unknown) => {
    if (job.process !== process) return
    const parsed = ZChildMessage.safeParse(raw)
    if (!parsed.success) {
      // Not the protocol (a session write included): a broken or subverted process is
      // stopped, never obeyed.
      const type = (raw as { type?: unknown; op?: unknown } | null)?.type
      log.error(
        `Upload ${job.id}: the process sent a message outside the protocol (${typeof type === 'string' ? logLine(type).slice(0, 40) : typeof raw}); stopped`,
      )
      end(job, { state: 'failed', error: 'The upload process misbehaved and was stopped.' })
      return
    }
    const message = parsed.data
    switch (message.type) {
      case 'progress': {
        const at = now()
        const progress: UploadProgressView = { jobId: job.id, ...message.progress }
        job.view = { ...job.view, progress }
        if (progress.phase !== 'done' && at - job.lastProgressAt < PROGRESS_INTERVAL_MS) return
        job.lastProgressAt = at
        changed(job)
        return
      }
      case 'connection': {
        const paused = message.state === 'paused'
        if (job.view.paused === paused) return
        job.view = { ...job.view, paused }
        changed(job)
        return
      }
      case 'storage': {
        const value = options.session.getItem(message.key)
        process.send({ type: 'storage-result', id: message.id, value })
        return
      }
      case 'session-refresh': {
        const answer = () => {
          if (job.process === process)
            process.send({ type: 'storage-result', id: message.id, value: null })
        }
        options.session.refresh(message.sentWith).then(answer, answer)
        return
      }
      case 'done':
        end(job, { state: 'done', report: { ...message.report, jobId: job.id } })
        return
      case 'failed':
        end(job, { state: 'failed', error: message.message })
        return
    }
  }

  return {
    /** Followers (power-save, progress bar, notification) hear of every change and every end. */
    follow(follower: (event: JobEvent) => void): () => void {
      followers.add(follower)
      return () => followers.delete(follower)
    },

    async chooseFolder(): Promise<UploadJobView | null> {
      const folder = await options.chooseFolder()
      if (!folder) return null
      const job = jobFor(resolve(folder), null)
      changed(job)
      return view(job)
    },

    /**
     * A folder named by main itself (File → Open Recent): its job, or null when the folder is
     * gone.
     */
    async openFolder(folder: string): Promise<UploadJobView | null> {
      const path = resolve(folder)
      if ((await inspectPath(path)) !== 'folder') return null
      const job = jobFor(path, null)
      changed(job)
      return view(job)
    },

    /** Dropped folders get a job each; dropped files, a job of their folder limited to them. */
    async drop(paths: readonly string[]): Promise<UploadJobView[]> {
      const folders = new Set<string>()
      const files = new Map<string, Set<string>>()
      for (const path of paths.map((each) => resolve(each))) {
        const kind = await inspectPath(path)
        if (kind === 'folder') folders.add(path)
        if (kind === 'file') {
          const folder = dirname(path)
          const names = files.get(folder) ?? new Set<string>()
          names.add(basename(path))
          files.set(folder, names)
        }
      }
      const touched = new Set<Job>()
      for (const folder of folders) touched.add(jobFor(folder, null))
      for (const [folder, names] of files) {
        if (folders.has(folder)) continue
        touched.add(jobFor(folder, [...names].sort()))
      }
      touched.forEach(changed)
      return [...touched].map(view)
    },

    /** Starts a run in a fresh process and answers at once. */
    start(input: { jobId: string; dryRun: boolean; retryFailed: boolean }): UploadJobView {
      const job = jobs.get(input.jobId)
      if (!job) throw new UploadJobError('Choose the folder again')
      if (isRunning(job)) throw new UploadJobError('This folder is being uploaded already')
      const backend = options.backend()
      if (!backend) throw new UploadJobError('Set the backend first')
      if (!options.session.signedIn()) throw new UploadJobError('Sign in first')
      const request: JobRequest = {
        jobId: job.id,
        folder: job.folder,
        only: job.only,
        dryRun: input.dryRun,
        retryFailed: input.retryFailed,
        stateBase: options.stateBase,
        backend,
      }
      let process: JobProcess
      try {
        process = options.launch()
      } catch (error) {
        throw new UploadJobError(`The upload could not start: ${messageOf(error)}`)
      }
      job.process = process
      job.startedAt = now()
      job.lastProgressAt = -Infinity
      job.view = {
        state: 'running',
        dryRun: input.dryRun,
        progress: null,
        paused: false,
        report: null,
        error: null,
      }
      process.onMessage((message) => answerChild(job, process, message))
      process.onExit((code) => {
        if (job.process !== process) return
        log.error(`Upload ${job.id}: its process exited with code ${code ?? 'unknown'}`)
        end(job, {
          state: 'failed',
          error: `The upload stopped unexpectedly (exit code ${code ?? 'unknown'}). Start it again: it continues where it stopped.`,
        })
      })
      process.send({ type: 'start', request })
      log.info(
        `Upload ${job.id} started: ${job.only ? `${job.only.length} dropped files` : 'the whole folder'}${input.dryRun ? ', dry run' : ''}${input.retryFailed ? ', failed files again' : ''}`,
      )
      changed(job)
      return view(job)
    },

    /** Photos under way finish; the rest wait for the next run of the same folder. */
    cancel(jobId: string): null {
      const job = jobs.get(jobId)
      if (!job || job.view.state !== 'running') return null
      job.view = { ...job.view, state: 'cancelling' }
      job.process?.send({ type: 'cancel' })
      changed(job)
      return null
    },

    list(): UploadJobView[] {
      return [...jobs.values()].map(view)
    },

    /** Forgets a job that is not running. */
    dismiss(jobId: string): null {
      const job = jobs.get(jobId)
      if (job && !isRunning(job)) jobs.delete(jobId)
      return null
    },

    /** True while any run is under way (the quit guard asks). */
    busy(): boolean {
      return [...jobs.values()].some(isRunning)
    },

    /** Sign-out: every run cancelled (stopped outright if it lingers), every job forgotten. */
    signOut(): void {
      for (const job of [...jobs.values()]) {
        if (!isRunning(job)) {
          jobs.delete(job.id)
          continue
        }
        job.forgetWhenEnded = true
        job.process?.send({ type: 'cancel' })
        const process = job.process
        setTimer(() => {
          if (job.process === process) end(job, { state: 'failed', error: 'Signed out' })
        }, SIGN_OUT_GRACE_MS)
        jobs.delete(job.id)
      }
    },

    /** Quit anyway: every process stopped now (the manifests let the next run continue). */
    stopAll(): void {
      for (const job of jobs.values()) {
        if (isRunning(job)) end(job, { state: 'failed', error: 'Stopped when the app quit' })
      }
    },
  }
}

export type JobRegistry = ReturnType<typeof createJobRegistry>
