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
import { useCallback, useId, useState } from 'react'

import { AdminStyle } from '../ui/admin-style.tsx'
import { PhotoDetails } from './photo-details.tsx'
import { DeleteDialog } from './photo-delete-dialog.tsx'
import { FilterBar } from './photo-filter-bar.tsx'
import { PhotoGrid } from './photo-grid.tsx'
import type { PhotoLibraryEntry } from './photo-grid.tsx'
import photoLibraryCss from './photo-library-page.css?inline'
import { NO_PHOTO_FILTERS } from './photo-library-props.ts'
import type { PhotoLibraryPageProps, PhotoPlace } from './photo-library-props.ts'
import { SelectionBar } from './photo-selection-bar.tsx'
import { UploadPanel } from './photo-upload-panel.tsx'
import { formatCount } from '../entities/counts.ts'

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
              : `${props.total === 1 ? '1 photo' : `${formatCount(props.total)} photos`}${
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
