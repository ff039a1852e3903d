import { useId } from 'react'

import { EditableImage } from '../../editing/editable.tsx'
import { NO_PHOTO } from '../shared/photo-fields.tsx'
import type { BoundTextField } from '../shared/text-field-binding.ts'
import { ARTICLE_DOC } from './block-fields.tsx'
import type { ArticleSurface } from './news-blocks.ts'

/**
 * An article or card image: the picker's image (select it to choose; the picker writes the
 * article surface), and a way to remove it (`onChange('')`).
 */
export function ImageChoice({
  label,
  hint,
  path,
  value: src,
  error,
  onChange,
}: BoundTextField & {
  label: string
  hint: string
  path: keyof Pick<ArticleSurface, 'articleImage' | 'cardImage'>
}) {
  const id = useId()
  return (
    <div className="editor-field news-editor__image-choice" role="group" aria-labelledby={id}>
      <p className="editor-field__label" id={id}>
        {label}
      </p>
      <p className="editor-field__hint">{hint}</p>
      <div className="news-editor__thumb editor-thumb">
        <EditableImage
          contentKey={ARTICLE_DOC}
          path={[path]}
          src={src || NO_PHOTO}
          alt={src ? label : 'No photo chosen'}
          width={320}
          height={180}
        />
      </div>
      {error && (
        <p className="editor-field__error" data-error="photo" tabIndex={-1}>
          {error}
        </p>
      )}
      {src && (
        <p>
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => onChange('')}
          >
            Remove {label.toLowerCase()}
          </button>
        </p>
      )}
    </div>
  )
}
