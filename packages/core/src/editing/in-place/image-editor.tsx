import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent, KeyboardEvent, MouseEvent } from 'react'

import type { Photo } from '../../entities/photo-library.ts'
import { responsiveImage } from '../../entities/photo-sizes.ts'
import { editAttributes } from '../editable.tsx'
import type { ImageEditorProps } from '../editing-context.ts'
import type { EditChange } from './edit-saver.ts'
import { useEditorServices } from './editor-services.ts'
import { targetLabel } from './target-label.ts'
import { ModalContent } from '../../ui/modal-content.tsx'

/**
 * An image in edit mode: the page's image, which opens a picker over the photo library when
 * clicked or activated from the keyboard. A photo can only be used with alt text; the app's
 * upload UI is offered when the app supplies one.
 *
 * @example
 * <EditingSurface editors={{ Image: ImageEditor }} photoLibrary={library} …><HomePage … /></EditingSurface>
 */
export function ImageEditor({ target, altPath, captionPath, imageProps }: ImageEditorProps) {
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
          <ModalContent className="edit-dialog edit-dialog--wide" aria-describedby={undefined}>
            <Dialog.Title>Choose an image</Dialog.Title>
            <ImagePicker
              target={target}
              altPath={altPath}
              captionPath={captionPath}
              currentSrc={imageProps.src}
              currentAlt={imageProps.alt}
              onDone={() => setOpen(false)}
            />
          </ModalContent>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  )
}

/** Photos the picker lists for a search. */
const SHOWN = 60

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'The upload failed. Try again.'

/** Whether a photo's name, alt text or caption holds every word of `search`. */
function matches(photo: Photo & { fileName?: string }, search: string): boolean {
  const text = [photo.fileName ?? '', photo.alt, photo.caption ?? '', photo.id]
    .join(' ')
    .toLowerCase()
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word))
}

function ImagePicker({
  target,
  altPath,
  captionPath,
  currentSrc,
  currentAlt,
  onDone,
}: {
  target: ImageEditorProps['target']
  altPath: ImageEditorProps['altPath']
  captionPath: ImageEditorProps['captionPath']
  currentSrc: string
  currentAlt: string
  onDone: () => void
}) {
  const { photoLibrary, photoUrl, onUpload, findPhotos, publishPhoto, applyEdits, read } =
    useEditorServices()
  const id = useId()
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<{ search: string; photos: readonly Photo[] } | null>(null)
  const [uploaded, setUploaded] = useState<readonly Photo[]>([])
  const [selected, setSelected] = useState<Photo | undefined>(() =>
    // The page shows the address without its copies' widths (responsiveImage).
    photoLibrary.photos.find((photo) => responsiveImage(photoUrl(photo)).src === currentSrc),
  )
  const [alt, setAlt] = useState(currentAlt)
  const [placing, setPlacing] = useState(false)
  const storedCaption = captionPath ? read(target.contentKey, captionPath) : undefined
  const [caption, setCaption] = useState(typeof storedCaption === 'string' ? storedCaption : '')
  const [uploading, setUploading] = useState<string | null>(null)
  const [uploadError, setUploadError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const term = search.trim()
  const listed: readonly Photo[] = (() => {
    const base =
      term === ''
        ? photoLibrary.photos
        : findPhotos
          ? found?.search === term
            ? found.photos
            : []
          : photoLibrary.photos.filter((photo) => matches(photo, term))
    const fresh = uploaded.filter((photo) => term === '' || matches(photo, term))
    const ids = new Set(fresh.map((photo) => photo.id))
    return [...fresh, ...base.filter((photo) => !ids.has(photo.id))].slice(0, SHOWN)
  })()
  const searching = findPhotos !== undefined && term !== '' && found?.search !== term

  const onSearch = (value: string) => {
    setSearch(value)
    clearTimeout(timer.current)
    const next = value.trim()
    if (!findPhotos || next === '') return
    timer.current = setTimeout(() => {
      findPhotos(next).then(
        (photos) => setFound({ search: next, photos }),
        () => setFound({ search: next, photos: [] }),
      )
    }, 250)
  }

  const choose = (photo: Photo) => {
    setSelected(photo)
    // A drafted alt text (needsAltText) must be read by a person before it is used.
    if (!photo.needsAltText && photo.alt) setAlt(photo.alt)
    else if (photo.needsAltText) setAlt('')
    // A photo brings its own caption (none when it has none).
    setCaption(photo.caption ?? '')
  }

  const upload = async (file: File) => {
    if (!onUpload) return
    setUploading(file.name)
    setUploadError(null)
    try {
      const photo = await onUpload(file)
      setUploaded((list) => [photo, ...list.filter((item) => item.id !== photo.id)])
      choose(photo)
    } catch (error) {
      setUploadError(messageOf(error))
    } finally {
      setUploading(null)
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
    if (captionPath) {
      changes.push({
        target: { ...target, path: captionPath, kind: 'text' },
        value: caption.trim() || undefined,
      })
    }
    applyEdits(changes)
    onDone()
  }

  return (
    <form className="edit-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="edit-field">
        <label htmlFor={`${id}-search`}>Search photos</label>
        <input
          id={`${id}-search`}
          type="search"
          value={search}
          maxLength={200}
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => onSearch(event.target.value)}
          // Enter searches; it must not submit the picker.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault()
          }}
        />
        <small id={`${id}-search-hint`}>File name, alt text, caption or album</small>
      </p>
      {onUpload && (
        <p className="edit-field">
          <input
            ref={fileInput}
            id={`${id}-file`}
            className="visually-hidden"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            tabIndex={-1}
            aria-label="Photo to upload"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0]
              event.currentTarget.value = ''
              if (file) void upload(file)
            }}
          />
          <button
            type="button"
            className="btn btn--outline"
            onClick={() => fileInput.current?.click()}
            disabled={uploading !== null}
          >
            {uploading ? `Uploading ${uploading}…` : 'Upload a photo'}
          </button>
          {uploadError && (
            <span className="edit-field__error" role="alert">
              {uploadError}
            </span>
          )}
        </p>
      )}
      <fieldset className="edit-photos">
        <legend>Photo library</legend>
        <p role="status" className="visually-hidden">
          {searching
            ? 'Searching…'
            : term
              ? `${listed.length === 1 ? '1 photo' : `${listed.length} photos`} found`
              : ''}
        </p>
        {!searching && listed.length === 0 && (
          <p>{term ? 'No photos match.' : 'The photo library is empty.'}</p>
        )}
        <div className="edit-photos__grid">
          {listed.map((photo) => (
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
              <span>
                <span className="edit-photos__name">{nameOf(photo)}</span>{' '}
                {photo.caption || photo.alt}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
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
      {captionPath && (
        <p className="edit-field">
          <label htmlFor={`${id}-caption`}>Caption</label>
          <input
            id={`${id}-caption`}
            value={caption}
            maxLength={200}
            aria-describedby={`${id}-caption-hint`}
            onChange={(event) => setCaption(event.target.value)}
          />
          <small id={`${id}-caption-hint`}>
            Shown under the photo. A chosen photo brings its own caption from the library.
          </small>
        </p>
      )}
      <div className="edit-actions">
        <button type="submit" className="btn btn--primary" disabled={!ready || placing}>
          Use this photo
        </button>
        <Dialog.Close className="btn btn--outline">Cancel</Dialog.Close>
      </div>
    </form>
  )
}

/** What a photo is called when it has no caption or alt text yet: its file name, else its id. */
function nameOf(photo: Photo & { fileName?: string }): string {
  return photo.fileName || photo.id
}
