import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { FormEvent, KeyboardEvent, MouseEvent } from 'react'

import type { Photo } from '../../entities/photo-library.ts'
import { editAttributes } from '../editable.tsx'
import type { ImageEditorProps } from '../editing-context.ts'
import type { EditChange } from './edit-saver.ts'
import { useEditorServices } from './editor-services.ts'
import { targetLabel } from './target-label.ts'

/**
 * An image in edit mode: the page's image, which opens a picker over the photo library when
 * clicked or activated from the keyboard. A photo can only be used with alt text; the app's
 * upload UI is offered when the app supplies one.
 *
 * @example
 * <EditingSurface editors={{ Image: ImageEditor }} photoLibrary={library} …><HomePage … /></EditingSurface>
 */
export function ImageEditor({ target, altPath, imageProps }: ImageEditorProps) {
  const [open, setOpen] = useState(false)
  const label = targetLabel(target)
  const openPicker = (event: MouseEvent | KeyboardEvent) => {
    // Images inside links (team logos) open the picker instead of following the link.
    event.preventDefault()
    event.stopPropagation()
    setOpen(true)
  }
  const className = [imageProps.className, 'edit-image'].filter(Boolean).join(' ')
  return (
    <>
      <img
        {...imageProps}
        {...editAttributes(true, target)}
        className={className}
        alt={imageProps.alt}
        role="button"
        tabIndex={0}
        aria-label={`Change image: ${label}${imageProps.alt ? ` (${imageProps.alt})` : ''}`}
        onClick={openPicker}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') openPicker(event)
        }}
      />
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="edit-dialog__overlay" />
          <Dialog.Content className="edit-dialog edit-dialog--wide" aria-describedby={undefined}>
            <Dialog.Title>Choose an image</Dialog.Title>
            <ImagePicker
              target={target}
              altPath={altPath}
              currentSrc={imageProps.src}
              currentAlt={imageProps.alt}
              onDone={() => setOpen(false)}
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  )
}

function ImagePicker({
  target,
  altPath,
  currentSrc,
  currentAlt,
  onDone,
}: {
  target: ImageEditorProps['target']
  altPath: ImageEditorProps['altPath']
  currentSrc: string
  currentAlt: string
  onDone: () => void
}) {
  const { photoLibrary, photoUrl, onUpload, publishPhoto, applyEdits } = useEditorServices()
  const id = useId()
  const [photos, setPhotos] = useState<readonly Photo[]>(photoLibrary.photos)
  const [selected, setSelected] = useState<Photo | undefined>(() =>
    photoLibrary.photos.find((photo) => photoUrl(photo) === currentSrc),
  )
  const [alt, setAlt] = useState(currentAlt)
  const [uploading, setUploading] = useState(false)
  const [placing, setPlacing] = useState(false)

  const choose = (photo: Photo) => {
    setSelected(photo)
    // A drafted alt text (needsAltText) must be read by a person before it is used.
    if (!photo.needsAltText && photo.alt) setAlt(photo.alt)
    else if (photo.needsAltText) setAlt('')
  }

  const upload = async () => {
    if (!onUpload) return
    setUploading(true)
    try {
      const photo = await onUpload()
      if (photo) {
        setPhotos((list) => [photo, ...list.filter((item) => item.id !== photo.id)])
        choose(photo)
      }
    } finally {
      setUploading(false)
    }
  }

  const ready = selected !== undefined && alt.trim() !== ''
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!selected || alt.trim() === '' || placing) return
    // Its public copy first, so the page's address works from the first save (a share image
    // rendered on save finds it). A failure here is made good by the publisher's next sync.
    if (publishPhoto) {
      setPlacing(true)
      try {
        await publishPhoto(selected)
      } catch {
        // Placed anyway: see above.
      } finally {
        setPlacing(false)
      }
    }
    const changes: EditChange[] = [{ target, value: photoUrl(selected) }]
    if (altPath) {
      changes.push({ target: { ...target, path: altPath, kind: 'text' }, value: alt.trim() })
    }
    applyEdits(changes)
    onDone()
  }

  return (
    <form className="edit-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="edit-photos">
        <legend>Photo library</legend>
        {photos.length === 0 && <p>The photo library is empty.</p>}
        <div className="edit-photos__grid">
          {photos.map((photo) => (
            <label key={photo.id} className="edit-photos__item">
              <input
                type="radio"
                name={`${id}-photo`}
                value={photo.id}
                checked={selected?.id === photo.id}
                onChange={() => choose(photo)}
              />
              <img
                src={
                  photo.thumbnail ? photoUrl({ ...photo, src: photo.thumbnail }) : photoUrl(photo)
                }
                alt=""
                width={120}
                height={Math.round((120 * photo.height) / photo.width)}
                loading="lazy"
              />
              <span>{photo.caption || photo.alt || photo.id}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {onUpload && (
        <p>
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => void upload()}
            disabled={uploading}
          >
            {uploading ? 'Uploading…' : 'Upload a photo'}
          </button>
        </p>
      )}
      <p className="edit-field">
        <label htmlFor={`${id}-alt`}>Alt text (required)</label>
        <input
          id={`${id}-alt`}
          value={alt}
          required
          aria-required="true"
          aria-describedby={`${id}-alt-hint`}
          onChange={(event) => setAlt(event.target.value)}
        />
        <small id={`${id}-alt-hint`}>
          What the photo shows, for people who cannot see it. Needed before the photo can be used.
        </small>
      </p>
      <div className="edit-actions">
        <button type="submit" className="btn btn--primary" disabled={!ready || placing}>
          Use this photo
        </button>
        <Dialog.Close className="btn btn--outline">Cancel</Dialog.Close>
      </div>
    </form>
  )
}
