/**
 * The photo library page of the admin area: a virtualized grid of every matching photo (read
 * page by page as it scrolls into view, `photo-grid.tsx`), search and filters, uploads by picker
 * and drag-and-drop with per-file progress and errors, a photo's details (alt text, caption,
 * where it is used), deletion with confirmation (refused while a page uses the photo), and
 * albums or deletion for many selected photos at once.
 *
 * Pure: data in, callbacks out. The route that renders it reads the library and the content
 * documents, prepares and uploads files (`prepareImage`, `createPhotoStorage`) and records them;
 * nothing here talks to the backend.
 */
import * as Dialog from '@radix-ui/react-dialog'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import pLimit from 'p-limit'
import type { DragEvent, FormEvent } from 'react'

import { AdminStyle } from '../ui/admin-style.tsx'
import { PhotoGrid } from './photo-grid.tsx'
import type { PhotoLibraryEntry } from './photo-grid.tsx'
import photoLibraryCss from './photo-library-page.css?inline'
import { ACCEPTED_PHOTO_TYPES, photoFileProblem } from './photo-rules.ts'
import { ModalContent } from '../ui/modal-content.tsx'
import { Link } from '../ui/link.tsx'

/** A place a photo is used: its name, and where it is changed (a link), if anywhere. */
export type PhotoPlace = string | { label: string; to?: string }

/** A place as a list item: a link to where it is changed, or its name alone. */
function Place({ place }: { place: PhotoPlace }) {
  if (typeof place === 'string' || !place.to) {
    return <li>{typeof place === 'string' ? place : place.label}</li>
  }
  return (
    <li>
      <Link to={place.to}>{place.label}</Link>
    </li>
  )
}

const placeKey = (place: PhotoPlace, index: number) =>
  `${index} ${typeof place === 'string' ? place : place.label}`

/** How far one file's upload has come, as the route reports it. */
export type UploadProgress = {
  phase: 'preparing' | 'uploading' | 'recording'
  /** 0 to 1, over the whole upload of the file. */
  fraction: number
}

/** The page's data and callbacks. */
export type PhotoLibraryPageProps = {
  /** How many photos match the filters in all; undefined until the first page is read. */
  total: number | undefined
  /** The photo at `index` of the matches, or undefined while its page is being read. */
  entryAt(index: number): PhotoLibraryEntry | undefined
  /** The indexes the grid shows (and a few around them): the route reads their pages. */
  onRangeChange(start: number, end: number): void
  /**
   * Where a photo is used, as readable places ("News › Opening day › card image"), each with
   * the address of the screen that changes it where there is one; empty when unused.
   */
  usage(entry: PhotoLibraryEntry): readonly PhotoPlace[]
  /**
   * Uploads one file (prepare, upload, record it in the library), reporting progress; rejects
   * with an Error whose message is shown next to the file. Called once per accepted file, a
   * few at a time; files the bucket would refuse never reach it.
   */
  onUpload(file: File, onProgress: (progress: UploadProgress) => void): Promise<void>
  /** Saves a photo's confirmed alt text (non-empty, trimmed); rejects with a message to show. */
  onSetAlt(id: string, alt: string): Promise<void>
  /** Saves a photo's caption (empty: none); rejects with a message to show. */
  onSetCaption?(id: string, caption: string): Promise<void>
  /** Deletes a photo no page uses; rejects with a message to show. */
  onDelete(id: string): Promise<void>
  /** Files uploaded at once. Default 2: preparing a photo is heavy work for a phone. */
  concurrency?: number
  /** The filters applied; the filter bar is shown when `onFiltersChange` is given. */
  filters?: PhotoFilters
  onFiltersChange?(filters: PhotoFilters): void
  /** The library's albums, for the album filter and moving photos. */
  albums?: readonly { id: string; title: string }[]
  /** Puts the selected photos in an album (`null`: in none); rejects with a message to show. */
  onSetAlbum?(ids: readonly string[], albumId: string | null): Promise<void>
  /** Adds an album and answers its id; rejects with a message to show. */
  onAddAlbum?(title: string): Promise<string>
  /** Deletes the selected photos (none when any is in use); rejects with a message to show. */
  onDeleteMany?(ids: readonly string[]): Promise<void>
  /** The photos could not be loaded: the message to show. */
  loadError?: string | undefined
  /** True while the photos for the current filters are being counted (`total` is what is read so far). */
  loading?: boolean
}

/** The library screen's filters. */
export type PhotoFilters = {
  /** Words in the file name, alt text, caption or album title. */
  search: string
  /** An album's id, `'none'` for photos in no album, `''` for all. */
  album: string
  /** `YYYY-MM-DD` or `''`: taken (or uploaded) on or after / on or before. */
  from: string
  to: string
  needsAltText: boolean
  notUsed: boolean
}

/** No filter: every photo. */
export const NO_PHOTO_FILTERS: PhotoFilters = {
  search: '',
  album: '',
  from: '',
  to: '',
  needsAltText: false,
  notUsed: false,
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

function UploadPanel({
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

function DeleteDialog({
  target,
  onClose,
  onDelete,
}: {
  target: { entry: PhotoLibraryEntry; usedIn: readonly PhotoPlace[] } | null
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
        <ModalContent className="photo-library__dialog">
          {target && inUse && (
            <>
              <Dialog.Title>{target.entry.name} cannot be deleted</Dialog.Title>
              <Dialog.Description>
                It is used in{' '}
                {target.usedIn.length === 1 ? '1 place' : `${target.usedIn.length} places`}. Replace
                it there first:
              </Dialog.Description>
              <ul className="photo-library__usage">
                {target.usedIn.map((place, index) => (
                  <Place key={placeKey(place, index)} place={place} />
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
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The search and filter controls; the search box applies shortly after typing stops. */
function FilterBar({
  filters,
  albums,
  onChange,
}: {
  filters: PhotoFilters
  albums: readonly { id: string; title: string }[]
  onChange(filters: PhotoFilters): void
}) {
  const id = useId()
  const [search, setSearch] = useState(filters.search)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // The filters as last applied: the search's delayed apply must not bring back what they
  // were when typing stopped (a date or box changed in those 300 ms would be undone).
  const latest = useRef(filters)
  useEffect(() => {
    latest.current = filters
  }, [filters])
  useEffect(() => () => clearTimeout(timer.current), [])
  const apply = (next: PhotoFilters) => {
    // Any change applies the search as typed, so a pending delayed apply has nothing left to do.
    clearTimeout(timer.current)
    latest.current = next
    onChange(next)
  }
  const set = (change: Partial<PhotoFilters>) => apply({ ...latest.current, search, ...change })
  return (
    <form
      role="search"
      aria-label="Find photos"
      className="photo-library__filters"
      onSubmit={(event) => {
        event.preventDefault()
        set({ search })
      }}
    >
      <div className="photo-library__field photo-library__field--wide">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          maxLength={200}
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => {
            const value = event.currentTarget.value
            setSearch(value)
            clearTimeout(timer.current)
            timer.current = setTimeout(() => apply({ ...latest.current, search: value }), 300)
          }}
        />
        <span id={`${id}-search-hint`} className="photo-library__hint">
          File name, alt text, caption or album
        </span>
      </div>
      <div className="photo-library__field">
        <label htmlFor={`${id}-album`}>Album</label>
        <select
          id={`${id}-album`}
          value={filters.album}
          onChange={(event) => set({ album: event.currentTarget.value })}
        >
          <option value="">All albums</option>
          <option value="none">No album</option>
          {albums.map((album) => (
            <option key={album.id} value={album.id}>
              {album.title}
            </option>
          ))}
        </select>
      </div>
      <div className="photo-library__field">
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          onChange={(event) => set({ from: event.currentTarget.value })}
        />
      </div>
      <div className="photo-library__field">
        <label htmlFor={`${id}-to`}>To</label>
        <input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          onChange={(event) => set({ to: event.currentTarget.value })}
        />
      </div>
      <label className="photo-library__check">
        <input
          type="checkbox"
          checked={filters.needsAltText}
          onChange={(event) => set({ needsAltText: event.currentTarget.checked })}
        />
        Needs alt text
      </label>
      <label className="photo-library__check">
        <input
          type="checkbox"
          checked={filters.notUsed}
          onChange={(event) => set({ notUsed: event.currentTarget.checked })}
        />
        Not used anywhere
      </label>
    </form>
  )
}

/** What to do with the selected photos: move them to an album, or delete them. */
function SelectionBar({
  selected,
  albums,
  onSetAlbum,
  onAddAlbum,
  onDeleteMany,
  onClear,
  onDone,
}: {
  selected: readonly string[]
  albums: readonly { id: string; title: string }[]
  onSetAlbum: PhotoLibraryPageProps['onSetAlbum']
  onAddAlbum: PhotoLibraryPageProps['onAddAlbum']
  onDeleteMany: PhotoLibraryPageProps['onDeleteMany']
  onClear(): void
  onDone(): void
}) {
  const id = useId()
  const [target, setTarget] = useState('')
  const [newAlbum, setNewAlbum] = useState('')
  const [confirming, setConfirming] = useState(false)
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'busy' }
    | { kind: 'done'; text: string }
    | { kind: 'error'; text: string }
  >({ kind: 'idle' })
  const count = selected.length
  const photos = count === 1 ? '1 photo' : `${count} photos`
  const run = async (work: () => Promise<string>) => {
    setState({ kind: 'busy' })
    try {
      const text = await work()
      setState({ kind: 'done', text })
      setConfirming(false)
      onDone()
    } catch (error) {
      setState({ kind: 'error', text: messageOf(error) })
    }
  }
  const busy = state.kind === 'busy'
  return (
    <section className="photo-library__selection" aria-label="Selected photos">
      <p className="photo-library__count">
        {count === 0 ? 'No photos selected' : `${photos} selected`}
      </p>
      {count > 0 && (
        <button type="button" className="photo-library__button" onClick={onClear}>
          Clear selection
        </button>
      )}
      {onSetAlbum && (
        <form
          className="photo-library__move"
          onSubmit={(event) => {
            event.preventDefault()
            if (count === 0) return
            void run(async () => {
              let albumId: string | null = target === 'none' || target === '' ? null : target
              let title = albums.find((album) => album.id === albumId)?.title
              if (target === 'new') {
                const name = newAlbum.trim()
                if (!name || !onAddAlbum) throw new Error('Name the new album.')
                albumId = await onAddAlbum(name)
                title = name
              }
              await onSetAlbum(selected, albumId)
              return albumId
                ? `Moved ${photos} to ${title ?? 'the album'}.`
                : `Took ${photos} out of their albums.`
            })
          }}
        >
          <label htmlFor={`${id}-target`}>Move to album</label>
          <select
            id={`${id}-target`}
            value={target}
            onChange={(event) => setTarget(event.currentTarget.value)}
          >
            <option value="">No album</option>
            {albums.map((album) => (
              <option key={album.id} value={album.id}>
                {album.title}
              </option>
            ))}
            {onAddAlbum && <option value="new">New album…</option>}
          </select>
          {target === 'new' && (
            <>
              <label htmlFor={`${id}-new`}>New album title</label>
              <input
                id={`${id}-new`}
                type="text"
                maxLength={200}
                value={newAlbum}
                onChange={(event) => setNewAlbum(event.currentTarget.value)}
              />
            </>
          )}
          <button type="submit" className="photo-library__button" disabled={busy || count === 0}>
            Move
          </button>
        </form>
      )}
      {onDeleteMany &&
        (confirming ? (
          <div className="photo-library__confirm" role="group" aria-label="Confirm deletion">
            <p>Delete {photos}? This cannot be undone.</p>
            <button
              type="button"
              className="photo-library__button photo-library__button--danger"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await onDeleteMany(selected)
                  return `Deleted ${photos}.`
                })
              }
            >
              {busy ? 'Deleting…' : `Delete ${photos}`}
            </button>
            <button
              type="button"
              className="photo-library__button"
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="photo-library__button photo-library__button--danger"
            disabled={busy || count === 0}
            onClick={() => {
              setState({ kind: 'idle' })
              setConfirming(true)
            }}
          >
            Delete selected
          </button>
        ))}
      <p role="status" className="photo-library__alt-status">
        {state.kind === 'done' && state.text}
        {state.kind === 'error' && <span className="photo-library__error">{state.text}</span>}
      </p>
    </section>
  )
}

/** A photo opened from the grid: a larger view, its alt text, caption and where it is used. */
function PhotoDetails({
  entry,
  onClose,
  onSetAlt,
  onSetCaption,
  onAskDelete,
  usedIn,
}: {
  entry: PhotoLibraryEntry | null
  onClose(): void
  onSetAlt: PhotoLibraryPageProps['onSetAlt']
  onSetCaption: PhotoLibraryPageProps['onSetCaption']
  onAskDelete(entry: PhotoLibraryEntry): void
  usedIn: readonly PhotoPlace[]
}) {
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-library__overlay" />
        <ModalContent className="photo-library__dialog photo-library__dialog--wide">
          {entry && (
            <>
              <Dialog.Title className="photo-library__name">{entry.name}</Dialog.Title>
              <Dialog.Description>
                {[
                  entry.width && entry.height ? `${entry.width} × ${entry.height} pixels` : '',
                  entry.date ?? '',
                  entry.album ? `Album: ${entry.album}` : 'In no album',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Dialog.Description>
              <img
                className="photo-library__preview"
                src={entry.src}
                alt={entry.alt}
                {...(entry.width && entry.height
                  ? { width: entry.width, height: entry.height }
                  : {})}
              />
              <AltTextForm entry={entry} onSetAlt={onSetAlt} />
              {onSetCaption && <CaptionForm entry={entry} onSetCaption={onSetCaption} />}
              <p>
                {usedIn.length === 0
                  ? 'Not used on the site.'
                  : `Used in ${usedIn.length === 1 ? '1 place' : `${usedIn.length} places`}:`}
              </p>
              {usedIn.length > 0 && (
                <ul className="photo-library__usage">
                  {usedIn.map((place, index) => (
                    <Place key={placeKey(place, index)} place={place} />
                  ))}
                </ul>
              )}
              <div className="photo-library__dialog-actions">
                <button
                  type="button"
                  className="photo-library__button photo-library__button--danger"
                  aria-label={`Delete ${entry.name}`}
                  onClick={() => onAskDelete(entry)}
                >
                  Delete
                </button>
                <Dialog.Close asChild>
                  <button type="button" className="photo-library__button">
                    Close
                  </button>
                </Dialog.Close>
              </div>
            </>
          )}
        </ModalContent>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function CaptionForm({
  entry,
  onSetCaption,
}: {
  entry: PhotoLibraryEntry
  onSetCaption: NonNullable<PhotoLibraryPageProps['onSetCaption']>
}) {
  const id = useId()
  const [draft, setDraft] = useState(entry.caption ?? '')
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }
  >({ kind: 'idle' })
  return (
    <form
      className="photo-library__alt"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setState({ kind: 'saving' })
        onSetCaption(entry.id, draft.trim()).then(
          () => setState({ kind: 'saved' }),
          (error: unknown) => setState({ kind: 'error', message: messageOf(error) }),
        )
      }}
    >
      <label htmlFor={id}>Caption (shown under the photo in sliders)</label>
      <input
        id={id}
        type="text"
        value={draft}
        maxLength={200}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setDraft(event.currentTarget.value)
          if (state.kind !== 'saving') setState({ kind: 'idle' })
        }}
      />
      <button type="submit" className="photo-library__button" disabled={state.kind === 'saving'}>
        Save caption
      </button>
      <span id={`${id}-status`} className="photo-library__alt-status" role="status">
        {state.kind === 'saving' && 'Saving…'}
        {state.kind === 'saved' && 'Saved'}
        {state.kind === 'error' && <span className="photo-library__error">{state.message}</span>}
      </span>
    </form>
  )
}

/** The photo library page (see the module comment). */
export function PhotoLibraryPage(props: PhotoLibraryPageProps) {
  const { usage, onSetAlt, onDelete, onUpload, concurrency = 2 } = props
  const gridTitle = useId()
  const [deleting, setDeleting] = useState<{
    entry: PhotoLibraryEntry
    usedIn: readonly PhotoPlace[]
  } | null>(null)
  const [opened, setOpened] = useState<{ entry: PhotoLibraryEntry; index: number } | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const selecting = Boolean(props.onSetAlbum || props.onDeleteMany)
  const albums = props.albums ?? []
  const total = props.total ?? 0
  const select = useCallback(
    (ids: readonly string[], on: boolean) =>
      setSelected((current) => {
        const next = new Set(current)
        for (const id of ids) {
          if (on) next.add(id)
          else next.delete(id)
        }
        return next
      }),
    [],
  )
  const filtered =
    props.filters !== undefined &&
    JSON.stringify(props.filters) !== JSON.stringify(NO_PHOTO_FILTERS)
  // The opened photo as it is now (its alt text saved meanwhile, for one).
  const reread = opened ? props.entryAt(opened.index) : undefined
  const openedNow = opened ? (reread?.id === opened.entry.id ? reread : opened.entry) : null

  return (
    <div className="photo-library">
      <AdminStyle id="club-photo-library" css={photoLibraryCss} />
      <h1>Photo library</h1>
      <UploadPanel onUpload={onUpload} concurrency={concurrency} />
      <section aria-labelledby={gridTitle}>
        <h2 id={gridTitle}>Photos</h2>
        {props.onFiltersChange && (
          <FilterBar
            filters={props.filters ?? NO_PHOTO_FILTERS}
            albums={albums}
            onChange={(filters) => {
              setSelected(new Set())
              props.onFiltersChange?.(filters)
            }}
          />
        )}
        <p className="photo-library__count" role="status" aria-busy={props.loading || undefined}>
          {props.total === undefined
            ? 'Loading photos…'
            : props.loading
              ? 'Counting photos…'
              : `${props.total === 1 ? '1 photo' : `${props.total.toLocaleString('en-US')} photos`}${
                  filtered ? ' match' : ' in the library'
                }`}
        </p>
        {props.loadError && (
          <p className="photo-library__error" role="alert">
            {props.loadError}
          </p>
        )}
        {selecting && total > 0 && (
          <SelectionBar
            selected={[...selected]}
            albums={albums}
            onSetAlbum={props.onSetAlbum}
            onAddAlbum={props.onAddAlbum}
            onDeleteMany={props.onDeleteMany}
            onClear={() => setSelected(new Set())}
            onDone={() => setSelected(new Set())}
          />
        )}
        {props.total === 0 ? (
          <p>{filtered ? 'No photos match.' : 'No photos yet. Upload some above.'}</p>
        ) : props.total !== undefined ? (
          <PhotoGrid
            total={total}
            entryAt={props.entryAt}
            onRangeChange={props.onRangeChange}
            selected={selected}
            onSelect={select}
            onOpen={(entry, index) => setOpened({ entry, index })}
          />
        ) : null}
      </section>
      <PhotoDetails
        entry={openedNow}
        onClose={() => setOpened(null)}
        onSetAlt={onSetAlt}
        onSetCaption={props.onSetCaption}
        usedIn={openedNow ? usage(openedNow) : []}
        onAskDelete={(entry) => {
          setOpened(null)
          // Usage is read when asked, so the list reflects the documents as they are now.
          setDeleting({ entry, usedIn: usage(entry) })
        }}
      />
      <DeleteDialog target={deleting} onClose={() => setDeleting(null)} onDelete={onDelete} />
    </div>
  )
}
