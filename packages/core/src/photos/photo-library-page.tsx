/**
 * The photo library page of the admin area: a grid of the library's photos (thumbnail, name,
 * alt text), uploads by picker and drag-and-drop with per-file progress and errors, alt text
 * editing, deletion with confirmation (refused while a page uses the photo), and paging.
 *
 * Pure: data in, callbacks out. The route that renders it reads the library and the content
 * documents, prepares and uploads files (`prepareImage`, `createPhotoStorage`) and records them;
 * nothing here talks to the backend.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { useId, useRef, useState } from 'react'
import type { DragEvent, FormEvent } from 'react'

import { AdminStyle } from '../ui/admin-style.tsx'
import photoLibraryCss from './photo-library-page.css?inline'
import { ACCEPTED_PHOTO_TYPES, photoFileProblem } from './photo-rules.ts'

/** A photo as the page shows it. */
export type PhotoLibraryEntry = {
  id: string
  /** What the photo is called in the grid (its file name, or its path's last segment). */
  name: string
  /** The address of the photo. */
  src: string
  /** The address of its thumbnail, shown in the grid when there is one. */
  thumbnailSrc?: string
  alt: string
  /** The alt text is a draft (the bulk uploader's guess from the file name) until a person saves it. */
  needsAltText?: boolean
  width?: number
  height?: number
}

/** How far one file's upload has come, as the route reports it. */
export type UploadProgress = {
  phase: 'preparing' | 'uploading' | 'recording'
  /** 0 to 1, over the whole upload of the file. */
  fraction: number
}

/** The page's data and callbacks. */
export type PhotoLibraryPageProps = {
  /** The photos on the current page (at most 100). */
  entries: readonly PhotoLibraryEntry[]
  /** The current page, 0 for the first. */
  page: number
  /** How many pages there are (at least 1). */
  pageCount: number
  onPageChange(page: number): void
  /** Where a photo is used, as readable places ("News › Opening day › card image"); empty when unused. */
  usage(entry: PhotoLibraryEntry): readonly string[]
  /**
   * Uploads one file (prepare, upload, record it in the library), reporting progress; rejects
   * with an Error whose message is shown next to the file. Called once per accepted file, a
   * few at a time; files the bucket would refuse never reach it.
   */
  onUpload(file: File, onProgress: (progress: UploadProgress) => void): Promise<void>
  /** Saves a photo's confirmed alt text (non-empty, trimmed); rejects with a message to show. */
  onSetAlt(id: string, alt: string): Promise<void>
  /** Deletes a photo no page uses; rejects with a message to show. */
  onDelete(id: string): Promise<void>
  /** Files uploaded at once. Default 2: preparing a photo is heavy work for a phone. */
  concurrency?: number
}

/** Whether a photo may be placed on a page: its alt text is written and confirmed by a person. */
export function isPhotoUsable(entry: Pick<PhotoLibraryEntry, 'alt' | 'needsAltText'>): boolean {
  return entry.alt.trim() !== '' && !entry.needsAltText
}

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

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'

/** Runs tasks a few at a time, in the order they were added. */
function createTaskQueue(concurrency: number) {
  const waiting: (() => Promise<void>)[] = []
  let active = 0
  const pump = () => {
    while (active < concurrency && waiting.length > 0) {
      const task = waiting.shift()
      if (!task) return
      active += 1
      void task().finally(() => {
        active -= 1
        pump()
      })
    }
  }
  return {
    push(task: () => Promise<void>) {
      waiting.push(task)
      pump()
    },
  }
}

function UploadPanel({
  onUpload,
  concurrency,
}: Pick<PhotoLibraryPageProps, 'onUpload'> & { concurrency: number }) {
  const inputId = useId()
  const hintId = useId()
  const input = useRef<HTMLInputElement>(null)
  const lastKey = useRef(0)
  const [queue] = useState(() => createTaskQueue(concurrency))
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
      queue.push(async () => {
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

function AltTextForm({
  entry,
  onSetAlt,
}: {
  entry: PhotoLibraryEntry
  onSetAlt: PhotoLibraryPageProps['onSetAlt']
}) {
  const id = useId()
  const [draft, setDraft] = useState(entry.alt)
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }
  >({ kind: 'idle' })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const alt = draft.trim()
    if (!alt) {
      setState({ kind: 'error', message: 'Alt text is required: describe what the photo shows.' })
      return
    }
    setState({ kind: 'saving' })
    try {
      await onSetAlt(entry.id, alt)
      setState({ kind: 'saved' })
    } catch (error) {
      setState({ kind: 'error', message: messageOf(error) })
    }
  }

  return (
    <form className="photo-library__alt" onSubmit={submit} noValidate>
      <label htmlFor={id}>Alt text for {entry.name}</label>
      <input
        id={id}
        type="text"
        value={draft}
        maxLength={200}
        aria-invalid={state.kind === 'error' || undefined}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setDraft(event.currentTarget.value)
          if (state.kind !== 'saving') setState({ kind: 'idle' })
        }}
      />
      <button type="submit" className="photo-library__button" disabled={state.kind === 'saving'}>
        {entry.needsAltText ? 'Confirm alt text' : 'Save alt text'}
      </button>
      <span id={`${id}-status`} className="photo-library__alt-status" role="status">
        {state.kind === 'saving' && 'Saving…'}
        {state.kind === 'saved' && 'Saved'}
        {state.kind === 'error' && <span className="photo-library__error">{state.message}</span>}
      </span>
    </form>
  )
}

function PhotoCard({
  entry,
  onSetAlt,
  onAskDelete,
}: {
  entry: PhotoLibraryEntry
  onSetAlt: PhotoLibraryPageProps['onSetAlt']
  onAskDelete(entry: PhotoLibraryEntry): void
}) {
  const needsAlt = !isPhotoUsable(entry)
  return (
    <li className="photo-library__card">
      <figure>
        <img
          src={entry.thumbnailSrc ?? entry.src}
          alt={entry.alt}
          loading="lazy"
          decoding="async"
          {...(entry.width && entry.height ? { width: entry.width, height: entry.height } : {})}
        />
        <figcaption>
          <span className="photo-library__name">{entry.name}</span>
          {needsAlt && <span className="photo-library__badge">Needs alt text</span>}
        </figcaption>
      </figure>
      <AltTextForm entry={entry} onSetAlt={onSetAlt} />
      <button
        type="button"
        className="photo-library__button photo-library__button--danger"
        aria-label={`Delete ${entry.name}`}
        onClick={() => onAskDelete(entry)}
      >
        Delete
      </button>
    </li>
  )
}

function DeleteDialog({
  target,
  onClose,
  onDelete,
}: {
  target: { entry: PhotoLibraryEntry; usedIn: readonly string[] } | null
  onClose(): void
  onDelete: PhotoLibraryPageProps['onDelete']
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    if (busy) return
    setError(null)
    onClose()
  }
  const confirm = async () => {
    if (!target) return
    setBusy(true)
    setError(null)
    try {
      await onDelete(target.entry.id)
      setBusy(false)
      onClose()
    } catch (caught) {
      setBusy(false)
      setError(messageOf(caught))
    }
  }
  const inUse = Boolean(target && target.usedIn.length > 0)

  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-library__overlay" />
        <Dialog.Content className="photo-library__dialog">
          {target && inUse && (
            <>
              <Dialog.Title>{target.entry.name} cannot be deleted</Dialog.Title>
              <Dialog.Description>
                It is used in{' '}
                {target.usedIn.length === 1 ? '1 place' : `${target.usedIn.length} places`}. Replace
                it there first:
              </Dialog.Description>
              <ul className="photo-library__usage">
                {target.usedIn.map((place) => (
                  <li key={place}>{place}</li>
                ))}
              </ul>
              <div className="photo-library__dialog-actions">
                <Dialog.Close asChild>
                  <button type="button" className="photo-library__button">
                    Close
                  </button>
                </Dialog.Close>
              </div>
            </>
          )}
          {target && !inUse && (
            <>
              <Dialog.Title>Delete {target.entry.name}?</Dialog.Title>
              <Dialog.Description>
                The photo and its thumbnail are removed from the library. This cannot be undone.
              </Dialog.Description>
              {error && (
                <p className="photo-library__error" role="alert">
                  {error}
                </p>
              )}
              <div className="photo-library__dialog-actions">
                <Dialog.Close asChild>
                  <button type="button" className="photo-library__button" disabled={busy}>
                    Cancel
                  </button>
                </Dialog.Close>
                <button
                  type="button"
                  className="photo-library__button photo-library__button--danger"
                  disabled={busy}
                  onClick={confirm}
                >
                  {busy ? 'Deleting…' : 'Delete'}
                </button>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function Pager({
  page,
  pageCount,
  onPageChange,
}: Pick<PhotoLibraryPageProps, 'page' | 'pageCount' | 'onPageChange'>) {
  if (pageCount <= 1) return null
  return (
    <nav className="photo-library__pager" aria-label="Photo library pages">
      <button
        type="button"
        className="photo-library__button"
        disabled={page <= 0}
        onClick={() => onPageChange(page - 1)}
      >
        Previous page
      </button>
      <span aria-current="page">
        Page {page + 1} of {pageCount}
      </span>
      <button
        type="button"
        className="photo-library__button"
        disabled={page >= pageCount - 1}
        onClick={() => onPageChange(page + 1)}
      >
        Next page
      </button>
    </nav>
  )
}

/** The photo library page (see the module comment). */
export function PhotoLibraryPage(props: PhotoLibraryPageProps) {
  const { entries, usage, onSetAlt, onDelete, onUpload, concurrency = 2 } = props
  const gridTitle = useId()
  const [deleting, setDeleting] = useState<{
    entry: PhotoLibraryEntry
    usedIn: readonly string[]
  } | null>(null)

  return (
    <div className="photo-library">
      <AdminStyle id="club-photo-library" css={photoLibraryCss} />
      <h1>Photo library</h1>
      <UploadPanel onUpload={onUpload} concurrency={concurrency} />
      <section aria-labelledby={gridTitle}>
        <h2 id={gridTitle}>Photos</h2>
        {entries.length === 0 ? (
          <p>No photos yet. Upload some above.</p>
        ) : (
          <ul className="photo-library__grid" aria-label="Photos">
            {entries.map((entry) => (
              <PhotoCard
                key={entry.id}
                entry={entry}
                onSetAlt={onSetAlt}
                // Usage is read when asked, so the list reflects the documents as they are now.
                onAskDelete={(target) => setDeleting({ entry: target, usedIn: usage(target) })}
              />
            ))}
          </ul>
        )}
        <Pager page={props.page} pageCount={props.pageCount} onPageChange={props.onPageChange} />
      </section>
      <DeleteDialog target={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </div>
  )
}
