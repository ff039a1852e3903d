import { useId, useRef, useState } from 'react'
import pLimit from 'p-limit'
import type { DragEvent } from 'react'

import { messageOf } from './photo-library-props.ts'
import type { PhotoLibraryPageProps, UploadProgress } from './photo-library-props.ts'
import { ACCEPTED_PHOTO_TYPES, photoFileProblem } from '../photo-library/photo-rules.ts'

type UploadStatus = 'refused' | 'waiting' | UploadProgress['phase'] | 'done' | 'failed'

type UploadRow = {
  key: number
  name: string
  status: UploadStatus
  fraction: number
  error?: string
}

const STATUS_TEXT: Record<UploadStatus, string> = {
  refused: 'Not uploaded',
  waiting: 'Waiting',
  preparing: 'Preparing',
  uploading: 'Uploading',
  recording: 'Adding to the library',
  done: 'Uploaded',
  failed: 'Failed',
}

/** Uploads by picker and drag-and-drop, with per-file progress and errors. */
export function UploadPanel({
  onUpload,
  concurrency,
}: Pick<PhotoLibraryPageProps, 'onUpload'> & { concurrency: number }) {
  const inputId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const lastKey = useRef(0)
  // Uploads run a few at a time, in the order they were added.
  const [limit] = useState(() => pLimit(concurrency))
  const [uploads, setUploads] = useState<UploadRow[]>([])
  const [dragging, setDragging] = useState(false)

  const update = (key: number, change: Partial<UploadRow>) =>
    setUploads((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)))

  const addFiles = (files: readonly File[]) => {
    const rows = files.map((file): UploadRow & { file: File } => {
      const problem = photoFileProblem(file)
      lastKey.current += 1
      const key = lastKey.current
      return problem
        ? { key, file, name: file.name, status: 'refused', fraction: 0, error: problem }
        : { key, file, name: file.name, status: 'waiting', fraction: 0 }
    })
    setUploads((existing) => [...existing, ...rows.map(({ file: _file, ...row }) => row)])
    for (const row of rows) {
      if (row.status !== 'waiting') continue
      void limit(async () => {
        update(row.key, { status: 'preparing' })
        try {
          await onUpload(row.file, (progress) =>
            update(row.key, { status: progress.phase, fraction: progress.fraction }),
          )
          update(row.key, { status: 'done', fraction: 1 })
        } catch (error) {
          update(row.key, { status: 'failed', error: messageOf(error) })
        }
      })
    }
  }

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDragging(false)
    addFiles(Array.from(event.dataTransfer.files))
  }
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }

  const finished = uploads.some((row) => ['refused', 'done', 'failed'].includes(row.status))

  return (
    <section className="photo-library__upload" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>Upload photos</h2>
      <div
        className="photo-library__drop"
        data-dragging={dragging || undefined}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-drop-zone"
      >
        <p id={hintId}>
          Drop photos here or choose them. JPEG, PNG, WebP, AVIF or GIF, up to 10 MiB each. Photos
          are resized and their hidden information (such as location) is removed before upload.
        </p>
        <label htmlFor={inputId} className="visually-hidden">
          Photos to upload
        </label>
        <input
          ref={input}
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept={ACCEPTED_PHOTO_TYPES.join(',')}
          tabIndex={-1}
          onChange={(event) => {
            addFiles(Array.from(event.currentTarget.files ?? []))
            // Cleared so that choosing the same file again is noticed.
            event.currentTarget.value = ''
          }}
        />
        <button
          type="button"
          className="photo-library__button"
          aria-describedby={hintId}
          onClick={() => input.current?.click()}
        >
          Choose photos
        </button>
      </div>
      {uploads.length > 0 && (
        <>
          <ul className="photo-library__uploads" aria-label="Uploads" aria-live="polite">
            {uploads.map((row) => (
              <li key={row.key} className="photo-library__upload-row" data-status={row.status}>
                <span className="photo-library__upload-name">{row.name}</span>
                {row.status !== 'refused' && row.status !== 'failed' && (
                  <progress max={1} value={row.fraction} aria-label={`${row.name} progress`} />
                )}
                <span className="photo-library__upload-status">{STATUS_TEXT[row.status]}</span>
                {row.error && <span className="photo-library__error">{row.error}</span>}
              </li>
            ))}
          </ul>
          {finished && (
            <button
              type="button"
              className="photo-library__button photo-library__button--quiet"
              onClick={() =>
                setUploads((rows) =>
                  rows.filter((row) => !['refused', 'done', 'failed'].includes(row.status)),
                )
              }
            >
              Clear finished uploads
            </button>
          )}
        </>
      )}
    </section>
  )
}
