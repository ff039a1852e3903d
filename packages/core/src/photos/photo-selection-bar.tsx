import { useId, useState } from 'react'

import { messageOf } from './photo-library-props.ts'
import type { PhotoLibraryPageProps } from './photo-library-props.ts'

/** What to do with the selected photos: move them to an album, or delete them. */
export function SelectionBar({
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
