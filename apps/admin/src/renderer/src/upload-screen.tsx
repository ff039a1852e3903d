import { useEffect, useState } from 'react'
import { Link } from 'react-router'

import type {
  DesktopBridge,
  UploadJob,
  UploadProgressView,
  UploadReportView,
} from '../../shared/ipc-contract.ts'

const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`

/** "about 2 min left", or nothing until there is a rate to go by. */
function timeLeft(seconds: number | null): string {
  if (seconds === null) return ''
  if (seconds < 60) return `about ${seconds} s left`
  return `about ${Math.round(seconds / 60)} min left`
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'running'; dryRun: boolean; progress: UploadProgressView | null; cancelling: boolean }
  | { kind: 'done'; report: UploadReportView }
  | { kind: 'error'; message: string }

function Report({ report }: { report: UploadReportView }) {
  const title = report.dryRun
    ? 'Dry run finished: nothing was uploaded'
    : report.cancelled
      ? 'Upload cancelled'
      : 'Upload finished'
  return (
    <section aria-labelledby="upload-report-title" className="desktop-report">
      <h2 id="upload-report-title">{title}</h2>
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
      {report.rejected.length > 0 ? (
        <>
          <h3>Rejected</h3>
          <ul aria-label="Rejected files">
            {report.rejected.map((file) => (
              <li key={file.relativePath}>{`${file.relativePath}: ${file.reason}`}</li>
            ))}
          </ul>
        </>
      ) : null}
      {report.failed.length > 0 ? (
        <>
          <h3>Failed</h3>
          <ul aria-label="Failed files">
            {report.failed.map((file) => (
              <li key={file.relativePath}>{`${file.relativePath}: ${file.reason}`}</li>
            ))}
          </ul>
        </>
      ) : null}
      {report.libraryError ? (
        <p className="desktop-error" role="alert">
          {`The photo library was not updated: ${report.libraryError}. Start again to add the uploaded photos.`}
        </p>
      ) : null}
    </section>
  )
}

/**
 * /desktop/upload: pick a folder, upload (or dry-run) it with progress, cancel, read the report,
 * retry the failed files. The work happens in main; this screen sees progress and the report.
 */
export function UploadScreen({ bridge }: { bridge: DesktopBridge }) {
  const [job, setJob] = useState<UploadJob | null>(null)
  const [stage, setStage] = useState<Stage>({ kind: 'idle' })

  useEffect(
    () =>
      bridge.on('upload:progress', (progress) =>
        setStage((current) =>
          current.kind === 'running' && progress.jobId === job?.jobId
            ? { ...current, progress }
            : current,
        ),
      ),
    [bridge, job],
  )

  const choose = async () => {
    const picked = await bridge['upload:choose-folder']()
    if (picked) {
      setJob(picked)
      setStage({ kind: 'idle' })
    }
  }

  const run = async (options: { dryRun: boolean; retryFailed: boolean }) => {
    if (!job) return
    setStage({ kind: 'running', dryRun: options.dryRun, progress: null, cancelling: false })
    try {
      const report = await bridge['upload:start']({ jobId: job.jobId, ...options })
      setStage({ kind: 'done', report })
    } catch (error) {
      setStage({ kind: 'error', message: error instanceof Error ? error.message : String(error) })
    }
  }

  const cancel = async () => {
    if (!job) return
    setStage((current) => (current.kind === 'running' ? { ...current, cancelling: true } : current))
    await bridge['upload:cancel'](job.jobId)
  }

  const running = stage.kind === 'running'
  const progress = running ? stage.progress : null
  return (
    <main id="main" className="container section desktop-screen">
      <h1>Upload photos</h1>
      <p>
        New photos of a folder go to the photo library: duplicates are skipped, location and camera
        data are removed, and a stopped upload continues where it stopped.
      </p>
      <p>
        <button
          type="button"
          className="btn btn--outline"
          disabled={running}
          onClick={() => void choose()}
        >
          {job ? 'Choose another folder…' : 'Choose a folder…'}
        </button>
        {job ? <span className="desktop-folder">{` Folder: ${job.folderName}`}</span> : null}
      </p>
      {job ? (
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
              disabled={stage.cancelling}
              onClick={() => void cancel()}
            >
              {stage.cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
        </p>
      ) : null}
      {running ? (
        <section aria-label="Upload progress" className="desktop-progress">
          <progress
            max={progress?.bytesTotal || 1}
            value={progress?.bytesDone ?? 0}
            aria-label="Bytes done"
          />
          <p aria-live="polite">
            {progress
              ? `${progress.phase}: ${progress.filesDone} of ${progress.filesTotal} files, ${mib(progress.bytesDone)} of ${mib(progress.bytesTotal)}${progress.etaSeconds === null ? '' : `, ${timeLeft(progress.etaSeconds)}`}`
              : 'Scanning the folder…'}
          </p>
        </section>
      ) : null}
      {stage.kind === 'error' ? (
        <p className="desktop-error" role="alert">
          {stage.message}
        </p>
      ) : null}
      {stage.kind === 'done' ? (
        <>
          <Report report={stage.report} />
          {stage.report.failed.length > 0 ? (
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
      <p>
        <Link to="/admin/home">Back to the admin home</Link>
      </p>
    </main>
  )
}
