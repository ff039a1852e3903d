import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { ADMIN_HOME } from '@club/core/admin-paths'

import type {
  DesktopBridge,
  UploadJobView,
  UploadReportFile,
  UploadReportView,
} from '../../shared/ipc-contract.ts'

const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`

/** "about 2 min left", or nothing until there is a rate to go by. */
function timeLeft(seconds: number | null): string {
  if (seconds === null) return ''
  if (seconds < 60) return `about ${seconds} s left`
  return `about ${Math.round(seconds / 60)} min left`
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The files of a report that were rejected or failed, each with why; nothing when there are none. */
function FilesWithReasons({
  title,
  files,
}: {
  title: 'Rejected' | 'Failed'
  files: UploadReportFile[]
}) {
  if (files.length === 0) return null
  return (
    <>
      <h4>{title}</h4>
      <ul aria-label={`${title} files`}>
        {files.map((file) => (
          <li key={file.relativePath}>{`${file.relativePath}: ${file.reason}`}</li>
        ))}
      </ul>
    </>
  )
}

function Report({ report, titleId }: { report: UploadReportView; titleId: string }) {
  const title = report.dryRun
    ? 'Dry run finished: nothing was uploaded'
    : report.cancelled
      ? 'Upload cancelled'
      : 'Upload finished'
  return (
    <section aria-labelledby={titleId} className="desktop-report">
      <h3 id={titleId}>{title}</h3>
      <ul>
        {report.dryRun ? (
          <li>{`Would upload: ${report.wouldUpload}`}</li>
        ) : (
          <li>{`Uploaded: ${report.uploaded} (${mib(report.bytesSent)} sent)`}</li>
        )}
        <li>{`Skipped as duplicates: ${report.duplicates}`}</li>
        <li>{`Rejected: ${report.rejected.length}`}</li>
        <li>{`Failed: ${report.failed.length}`}</li>
        {report.notStarted > 0 ? (
          <li>{`Not started: ${report.notStarted} (start again to continue)`}</li>
        ) : null}
      </ul>
      <FilesWithReasons title="Rejected" files={report.rejected} />
      <FilesWithReasons title="Failed" files={report.failed} />
      {report.libraryError ? (
        <p className="desktop-error" role="alert">
          {`The photo library was not updated: ${report.libraryError}. Start again to add the uploaded photos.`}
        </p>
      ) : null}
    </section>
  )
}

/** One folder's job: its buttons, progress, and last report, all as main's registry has them. */
export function JobCard({
  bridge,
  job,
  onDismissed,
}: {
  bridge: DesktopBridge
  job: UploadJobView
  onDismissed: () => void
}) {
  const [refusal, setRefusal] = useState<string | null>(null)
  const running = job.state === 'running' || job.state === 'cancelling'
  const progress = job.progress
  const run = async (options: { dryRun: boolean; retryFailed: boolean }) => {
    setRefusal(null)
    try {
      await bridge['upload:start']({ jobId: job.jobId, ...options })
    } catch (error) {
      setRefusal(messageOf(error))
    }
  }
  const titleId = `upload-job-${job.jobId}`
  return (
    <section aria-labelledby={titleId} className="desktop-job">
      <h2 id={titleId}>
        {job.fileCount === null
          ? `Folder: ${job.folderName}`
          : `Folder: ${job.folderName} (${job.fileCount} dropped ${job.fileCount === 1 ? 'file' : 'files'})`}
      </h2>
      <p className="desktop-actions">
        <button
          type="button"
          className="btn btn--primary"
          disabled={running}
          onClick={() => void run({ dryRun: false, retryFailed: false })}
        >
          Upload
        </button>
        <button
          type="button"
          className="btn btn--outline"
          disabled={running}
          onClick={() => void run({ dryRun: true, retryFailed: false })}
        >
          Dry run
        </button>
        {running ? (
          <button
            type="button"
            className="btn btn--outline"
            disabled={job.state === 'cancelling'}
            onClick={() => void bridge['upload:cancel'](job.jobId)}
          >
            {job.state === 'cancelling' ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => void bridge['upload:dismiss'](job.jobId).then(onDismissed)}
          >
            Close
          </button>
        )}
      </p>
      {running ? (
        <section aria-label="Upload progress" className="desktop-progress">
          <progress
            max={progress?.bytesTotal || 1}
            value={progress?.bytesDone ?? 0}
            aria-label="Bytes done"
          />
          <p aria-live="polite">
            {job.paused
              ? `Paused: the backend cannot be reached. The upload goes on by itself when it answers${progress ? ` (${progress.filesDone} of ${progress.filesTotal} files done).` : '.'}`
              : progress
                ? `${progress.phase}: ${progress.filesDone} of ${progress.filesTotal} files, ${mib(progress.bytesDone)} of ${mib(progress.bytesTotal)}${progress.etaSeconds === null ? '' : `, ${timeLeft(progress.etaSeconds)}`}`
                : 'Scanning the folder…'}
          </p>
        </section>
      ) : null}
      {(refusal ?? job.error) ? (
        <p className="desktop-error" role="alert">
          {refusal ?? job.error}
        </p>
      ) : null}
      {job.state === 'done' && job.report ? (
        <>
          <Report report={job.report} titleId={`${titleId}-report`} />
          {job.report.failed.length > 0 ? (
            <p>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() => void run({ dryRun: false, retryFailed: true })}
              >
                Retry failed
              </button>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  )
}

/** The jobs main holds, kept current by its `upload:job` events: a reload or a return reattaches. */
function useUploadJobs(bridge: DesktopBridge) {
  const [jobs, setJobs] = useState<UploadJobView[]>([])
  useEffect(() => {
    let live = true
    const unsubscribe = bridge.on('upload:job', (job) => {
      if (!live) return
      setJobs((current) =>
        current.some((each) => each.jobId === job.jobId)
          ? current.map((each) => (each.jobId === job.jobId ? job : each))
          : [...current, job],
      )
    })
    void bridge['upload:jobs']().then((listed) => {
      // Events that came in meanwhile are as new as the list, or newer.
      if (live)
        setJobs((current) => [
          ...listed.filter((job) => !current.some((each) => each.jobId === job.jobId)),
          ...current,
        ])
    })
    return () => {
      live = false
      unsubscribe()
    }
  }, [bridge])
  const upsert = (job: UploadJobView) =>
    setJobs((current) =>
      current.some((each) => each.jobId === job.jobId)
        ? current.map((each) => (each.jobId === job.jobId ? job : each))
        : [...current, job],
    )
  const forget = (jobId: string) =>
    setJobs((current) => current.filter((job) => job.jobId !== jobId))
  return { jobs, upsert, forget }
}

/**
 * /desktop/upload: pick a folder (or drop folders and files on the window), upload or dry-run
 * it with progress, cancel, read the report, retry the failed files. The runs happen in main's
 * job registry, so leaving this screen or reloading the window loses nothing.
 */
export function UploadScreen({ bridge }: { bridge: DesktopBridge }) {
  const { jobs, upsert, forget } = useUploadJobs(bridge)
  const [error, setError] = useState<string | null>(null)

  const choose = async () => {
    setError(null)
    try {
      const picked = await bridge['upload:choose-folder']()
      if (picked) upsert(picked)
    } catch (failure) {
      setError(messageOf(failure))
    }
  }

  return (
    <main id="main" className="container section desktop-screen">
      <h1>Upload photos</h1>
      <p>
        New photos of a folder go to the photo library: duplicates are skipped, location and camera
        data are removed, and a stopped upload continues where it stopped. You can also drop folders
        or photos on this window.
      </p>
      <p>
        <button type="button" className="btn btn--outline" onClick={() => void choose()}>
          {jobs.length > 0 ? 'Choose another folder…' : 'Choose a folder…'}
        </button>
      </p>
      {error ? (
        <p className="desktop-error" role="alert">
          {error}
        </p>
      ) : null}
      {jobs.map((job) => (
        <JobCard key={job.jobId} bridge={bridge} job={job} onDismissed={() => forget(job.jobId)} />
      ))}
      <p>
        <Link to={ADMIN_HOME}>Back to the admin home</Link>
      </p>
    </main>
  )
}
