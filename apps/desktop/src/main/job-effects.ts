/**
 * What the desktop does around upload jobs, as plain rules over small interfaces that main
 * fills with Electron's objects (powerSaveBlocker, BrowserWindow.setProgressBar, Notification,
 * a message box): the machine stays awake while a run is under way, the taskbar or dock shows
 * its progress, a long run ends with a system notification, and quitting mid-run asks first.
 */
import type { UploadJobView } from '../shared/ipc-contract.ts'
import type { JobEvent } from './upload-jobs.ts'

/**
 * A run at least this long ends with a system notification; a shorter one too when the window
 * does not have the focus (the director is elsewhere), and never while it is watched.
 */
export const LONG_JOB_MS = 30_000

/** Electron's progress bar: a fraction, `-1` to remove it, above 1 for "busy, amount unknown". */
export const PROGRESS_NONE = -1
export const PROGRESS_INDETERMINATE = 2

export type DesktopEffects = {
  /** powerSaveBlocker.start('prevent-app-suspension'); returns its id. */
  preventSleep(): number
  allowSleep(id: number): void
  /** BrowserWindow.setProgressBar on the app's windows. */
  setProgress(value: number): void
  /** Shows a notification; clicking it opens the run (`jobId`) in the window. */
  notify(title: string, body: string, jobId: string): void
  /** True while one of the app's windows has the focus. */
  focused?(): boolean
}

const running = (job: UploadJobView) => job.state === 'running' || job.state === 'cancelling'

/** The taskbar value for the runs under way: bytes of the upload phase, or "busy" before it. */
export function progressValue(jobs: readonly UploadJobView[]): number {
  const active = jobs.filter(running)
  if (active.length === 0) return PROGRESS_NONE
  let done = 0
  let total = 0
  for (const job of active) {
    const progress = job.progress
    if (!progress || progress.phase === 'scanning' || progress.phase === 'hashing') {
      return PROGRESS_INDETERMINATE
    }
    done += progress.bytesDone
    total += progress.bytesTotal
  }
  return total > 0 ? Math.min(1, done / total) : PROGRESS_INDETERMINATE
}

/** The notification a long run ends with. */
export function endNotice(job: UploadJobView): { title: string; body: string } {
  const report = job.report
  if (job.state === 'failed' || !report) {
    return {
      title: 'Upload stopped',
      body: `${job.folderName}: ${job.error ?? 'the upload did not finish'}`,
    }
  }
  const title = report.dryRun
    ? 'Dry run finished'
    : report.cancelled
      ? 'Upload cancelled'
      : 'Upload finished'
  const parts = [
    report.dryRun ? `${report.wouldUpload} to upload` : `${report.uploaded} uploaded`,
    `${report.duplicates} already in the library`,
  ]
  if (report.failed.length + report.rejected.length > 0) {
    parts.push(`${report.failed.length + report.rejected.length} not uploaded`)
  }
  return { title, body: `${job.folderName}: ${parts.join(', ')}` }
}

/**
 * Follows the registry's events and applies the effects. `jobs` lists the registry's jobs.
 *
 * @example
 * registry.follow(followJobs(() => registry.list(), electronEffects))
 */
export function followJobs(
  jobs: () => readonly UploadJobView[],
  effects: DesktopEffects,
  options: { longJobMs?: number } = {},
): (event: JobEvent) => void {
  const longJobMs = options.longJobMs ?? LONG_JOB_MS
  let blocker: number | null = null
  let shown = PROGRESS_NONE
  return (event) => {
    const all = jobs()
    const value = progressValue(all)
    if (value !== PROGRESS_NONE && blocker === null) blocker = effects.preventSleep()
    if (value === PROGRESS_NONE && blocker !== null) {
      effects.allowSleep(blocker)
      blocker = null
    }
    if (value !== shown) {
      shown = value
      effects.setProgress(value)
    }
    const unwatched = effects.focused ? !effects.focused() : false
    if (event.kind === 'ended' && (event.durationMs >= longJobMs || unwatched)) {
      const notice = endNotice(event.job)
      effects.notify(notice.title, notice.body, event.job.jobId)
    }
  }
}

/**
 * Asks before the app quits (or its window closes) while a run is under way: "quit anyway"
 * stops the runs and quits; "wait" keeps everything going. One question at a time.
 *
 * @example
 * const guard = createQuitGuard({ busy: () => jobs.busy(), ask, stopJobs: () => jobs.stopAll(), quit: () => app.quit() })
 * app.on('before-quit', guard)
 */
export function createQuitGuard(options: {
  busy: () => boolean
  /** true for "quit anyway". */
  ask: () => Promise<boolean>
  stopJobs: () => void
  quit: () => void
}): (event: { preventDefault(): void }) => void {
  let leaving = false
  let asking = false
  return (event) => {
    if (leaving || !options.busy()) return
    event.preventDefault()
    if (asking) return
    asking = true
    void options
      .ask()
      .then((quitAnyway) => {
        if (!quitAnyway) return
        leaving = true
        options.stopJobs()
        options.quit()
      })
      .finally(() => {
        asking = false
      })
  }
}

/** The question the quit guard asks, as the message box shows it (button 1 quits). */
export const QUIT_QUESTION = {
  type: 'warning' as const,
  buttons: ['Wait', 'Quit anyway'],
  defaultId: 0,
  cancelId: 0,
  message: 'An upload is running: quit anyway, or wait for it to finish?',
  detail:
    'Quitting stops the upload. Start the same folder again later: it continues where it stopped.',
}
