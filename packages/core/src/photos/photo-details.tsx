import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { ModalContent } from '../ui/modal-content.tsx'
import type { PhotoLibraryEntry } from './photo-grid.tsx'
import { messageOf } from './photo-library-props.ts'
import type { PhotoLibraryPageProps, PhotoPlace } from './photo-library-props.ts'
import { Place, placeKey } from './photo-place.tsx'

/** A photo opened from the grid: a larger view, its alt text, caption and where it is used. */
export function PhotoDetails({
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

function AltTextForm({
  entry,
  onSetAlt,
}: {
  entry: PhotoLibraryEntry
  onSetAlt: PhotoLibraryPageProps['onSetAlt']
}) {
  const id = useId()
  const [typed, setTyped] = useState(entry.alt)
  const [state, setState] = useState<
    { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string }
  >({ kind: 'idle' })

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const alt = typed.trim()
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
        value={typed}
        maxLength={200}
        aria-invalid={state.kind === 'error' || undefined}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setTyped(event.currentTarget.value)
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

function CaptionForm({
  entry,
  onSetCaption,
}: {
  entry: PhotoLibraryEntry
  onSetCaption: NonNullable<PhotoLibraryPageProps['onSetCaption']>
}) {
  const id = useId()
  const [typed, setTyped] = useState(entry.caption ?? '')
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
        onSetCaption(entry.id, typed.trim()).then(
          () => setState({ kind: 'saved' }),
          (error: unknown) => setState({ kind: 'error', message: messageOf(error) }),
        )
      }}
    >
      <label htmlFor={id}>Caption (shown under the photo in sliders)</label>
      <input
        id={id}
        type="text"
        value={typed}
        maxLength={200}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setTyped(event.currentTarget.value)
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
