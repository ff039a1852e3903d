import { EditableImage } from '../../editing/editable.tsx'
import type { PathStep } from '../../entities/document-path.ts'
import { TextField, textFieldsOf } from './form-controls.tsx'

/** Shown in place of an image until a photo is chosen (never stored). */
export const NO_PHOTO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="#e8edf3"/><text x="160" y="96" font-family="sans-serif" font-size="18" text-anchor="middle" fill="#3d4a5c">No photo yet</text></svg>',
  )

/** Props of {@link PhotoFields}. */
export type PhotoFieldsProps = {
  /** The form's name inside the editing surface. */
  contentKey: string
  /** Where the photo is in the form: its `photo`, `alt` and `caption` fields are below it. */
  at: readonly PathStep[]
  photo: { src: string; alt: string; caption: string }
  errors: { photo?: string; alt?: string; caption?: string }
  /** Which photo, for the fields' labels: "of photo 2". */
  which: string
  onChange(patch: { alt?: string; caption?: string }): void
}

/**
 * A photo in a screen editor's form (a slide of the About page, an image block of a post): its
 * thumbnail, which the image picker changes in edit mode, with the photo's error, beside its
 * alt text and caption fields. Styled by form-controls.css (`photo-fields`).
 */
export function PhotoFields({ contentKey, at, photo, errors, which, onChange }: PhotoFieldsProps) {
  const field = textFieldsOf<'alt' | 'caption'>(photo, errors, onChange)
  return (
    <div className="photo-fields">
      <div className="photo-fields__thumb editor-thumb">
        <EditableImage
          contentKey={contentKey}
          path={[...at, 'photo']}
          altPath={[...at, 'alt']}
          src={photo.src || NO_PHOTO}
          alt={photo.alt}
          width={320}
          height={180}
        />
        {errors.photo && (
          <p className="editor-field__error" data-error="photo" tabIndex={-1}>
            {errors.photo}
          </p>
        )}
      </div>
      <div className="photo-fields__fields">
        <TextField
          label="Description (alt text)"
          labelSuffix={which}
          hint="What the photo shows, for people who cannot see it."
          required
          {...field('alt')}
        />
        <TextField
          label="Caption"
          labelSuffix={which}
          hint="Optional: shown under the photo."
          {...field('caption')}
        />
      </div>
    </div>
  )
}
