import * as Dialog from '@radix-ui/react-dialog'
import { useState } from 'react'

import { ModalContent } from '../ui/modal-content.tsx'
import type { PhotoLibraryEntry } from './photo-grid.tsx'
import { messageOf } from './photo-library-props.ts'
import type { PhotoLibraryPageProps, PhotoPlace } from './photo-library-props.ts'
import { Place, placeKey } from './photo-place.tsx'

/** Deletion of one photo: confirmed, or refused with the places that use it. */
export function DeleteDialog({
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
